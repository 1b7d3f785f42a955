// Guide popovers (spec 01 §4.9, §3 user guidance keys): the first time an account opens a page
// with an intro, a small card explains the page; "Got it" (or "Skip all") records it through the
// user guidance config, so it never shows again for that id. Not shown once NOT_TIPS is set.
import { useLocation } from 'react-router-dom';
import { Button, Space } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useGuidance, type IntroKey } from '../guidance';
import { Panel } from '../../../ui/panel';

/** Which page carries which intro. */
export const PAGE_INTROS: Readonly<Record<string, IntroKey>> = {
  '/config/storemanagement': 'STORE_MANAGE_INTRO',
  '/goods/mapping': 'ONLINE_GOODS_MAPPING_INTRO',
  '/stocks': 'MAINTAINING_INVENTORY_INTRO',
  '/accountCenter': 'ACCOUNT_SETTING_INTRO',
};

export function PageGuide() {
  const { t } = useTranslation('guides');
  const location = useLocation();
  const guidance = useGuidance();
  const key = PAGE_INTROS[location.pathname];
  if (!key || !guidance.loaded || guidance.notTips || guidance.seen(key)) return null;
  return (
    <Panel
      className="os-page-guide"
      role="dialog"
      aria-label={t(`intros.${key}.title`)}
      size="small"
      style={{ position: 'fixed', right: 56, bottom: 96, width: 320, zIndex: 901, boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)' }}
      title={
        <Space>
          <BulbOutlined style={{ color: '#faad14' }} />
          {t(`intros.${key}.title`)}
        </Space>
      }
    >
      <p style={{ marginTop: 0, marginBottom: 12 }}>{t(`intros.${key}.text`)}</p>
      <Space>
        <Button type="primary" size="small" onClick={() => guidance.acknowledge(key)}>
          {t('intros.gotIt')}
        </Button>
        <Button size="small" onClick={() => guidance.setNotTips(true)}>
          {t('intros.skipAll')}
        </Button>
      </Space>
    </Panel>
  );
}
