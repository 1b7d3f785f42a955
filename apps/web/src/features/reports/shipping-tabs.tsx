// Tabs 5–7 of /reports (shipping by order, shipping by express, to-ship SKU): built separately
// (issue 16 part B). This slot says so plainly until that part replaces it.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function ShippingTabs({ activeKey }: { activeKey: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={t(`reports:tabs.${activeKey}`)} subTitle={t('reports:shippingBeingBuilt')} />;
}
