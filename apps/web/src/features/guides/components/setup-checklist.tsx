// The first-run checklist on home (issue 17; spec 01 §3 NOT_TIPS): what the order loop needs and
// what is done, from one server call over the domain's data; each open step links to the page that
// fixes it. Hidden once every step is done, or for good once the account dismisses it (NOT_TIPS).
import { Link } from 'react-router-dom';
import { Alert, Button, Card, List, Progress, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { canOpen } from '../../../app/layout/nav-items';
import { useSession } from '../../../app/session';
import { guideKeys, guidesApi } from '../api';
import { useGuidance } from '../guidance';

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
    <Card
      className="os-setup-checklist"
      title={t('checklist.title')}
      loading={list.isPending}
      style={{ marginBottom: 16 }}
      extra={
        <Space>
          {data && <Progress type="circle" size={36} percent={Math.round((data.doneCount / data.total) * 100)} format={() => `${data.doneCount}/${data.total}`} />}
          <Button type="link" onClick={() => guidance.setNotTips(true)}>
            {t('checklist.dismiss')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('checklist.intro')}</Typography.Paragraph>
      <List
        dataSource={data?.items ?? []}
        renderItem={(item) => (
          <List.Item
            data-step={item.key}
            data-done={item.done}
            actions={[
              item.done ? (
                <Tag key="state" color="success">
                  {t('checklist.done')}
                </Tag>
              ) : canOpen(item.path, session) ? (
                <Link key="go" to={item.path}>
                  {t(`checklist.steps.${item.key}.action`)}
                </Link>
              ) : (
                <Typography.Text key="ask" type="secondary">
                  {t('checklist.askMain')}
                </Typography.Text>
              ),
            ]}
          >
            <List.Item.Meta
              avatar={item.done ? <CheckCircleFilled style={{ color: '#52c41a', fontSize: 20 }} /> : <ExclamationCircleOutlined style={{ color: '#faad14', fontSize: 20 }} />}
              title={t(`checklist.steps.${item.key}.title`)}
              description={
                item.done
                  ? t(`checklist.steps.${item.key}.doneText`, { count: item.count })
                  : item.pending
                    ? t(`checklist.steps.${item.key}.pendingText`, { count: item.pending })
                    : t(`checklist.steps.${item.key}.why`)
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
