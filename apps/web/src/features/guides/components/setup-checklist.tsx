// The first-run checklist on home (issue 17; spec 01 §3 NOT_TIPS): what the order loop needs and
// what is done, from one server call over the domain's data; each open step links to the page that
// fixes it. Hidden once every step is done, or for good once the account dismisses it (NOT_TIPS).
import { Link } from 'react-router-dom';
import { Alert, Button, Space, Tag } from 'antd';
import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { canOpen } from '../../../app/layout/nav-items';
import { useSession } from '../../../app/session';
import { guideKeys, guidesApi } from '../api';
import { useGuidance } from '../guidance';
import { Panel } from '../../../ui/panel';

export function SetupChecklist() {
  const { t } = useTranslation('guides');
  const session = useSession();
  const guidance = useGuidance();
  const list = useQuery({ queryKey: guideKeys.checklist, queryFn: guidesApi.checklist });
  if (!guidance.loaded || guidance.notTips) return null;
  if (list.isError) return <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('checklist.loadFailed')} action={<Button size="small" onClick={() => list.refetch()}>{t('common:actions.retry')}</Button>} />;
  const data = list.data;
  if (data?.complete) return null;
  return (
    <Panel
      className="os-setup-checklist"
      title={t('checklist.title')}
      loading={list.isPending}
      style={{ marginBottom: 16 }}
      extra={
        <Space>
          {data && (
            <span
              className="os-ring"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={data.total}
              aria-valuenow={data.doneCount}
              style={{ ['--os-ring' as string]: Math.round((data.doneCount / data.total) * 100) }}
            >
              {`${data.doneCount}/${data.total}`}
            </span>
          )}
          <Button type="link" onClick={() => guidance.setNotTips(true)}>
            {t('checklist.dismiss')}
          </Button>
        </Space>
      }
    >
      <p className="os-text-secondary" style={{ marginTop: 0 }}>
        {t('checklist.intro')}
      </p>
      <ul className="os-plain-list os-checklist-steps">
        {(data?.items ?? []).map((item) => (
          <li key={item.key} data-step={item.key} data-done={item.done}>
            <span style={{ display: 'flex', gap: 16, alignItems: 'flex-start', minWidth: 0 }}>
              {item.done ? <CheckCircleFilled style={{ color: '#52c41a', fontSize: 20 }} /> : <ExclamationCircleOutlined style={{ color: '#faad14', fontSize: 20 }} />}
              <span>
                <div style={{ fontWeight: 500 }}>{t(`checklist.steps.${item.key}.title`)}</div>
                <div className="os-text-secondary">
                  {item.done
                    ? t(`checklist.steps.${item.key}.doneText`, { count: item.count })
                    : item.pending
                      ? t(`checklist.steps.${item.key}.pendingText`, { count: item.pending })
                      : t(`checklist.steps.${item.key}.why`)}
                </div>
              </span>
            </span>
            {item.done ? (
              <Tag color="success">{t('checklist.done')}</Tag>
            ) : canOpen(item.path, session) ? (
              <Link to={item.path}>{t(`checklist.steps.${item.key}.action`)}</Link>
            ) : (
              <span className="os-text-secondary">{t('checklist.askMain')}</span>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
