// /purchase (MENU_PURCHASE): purchase orders and purchase returns as two tabs (?tab=returns); a
// change of tab starts the other list afresh (each keeps its own filters in the URL).
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PurchaseReturnsTab } from '../components/purchase-returns-tab';
import PurchaseListPage from './purchase-list-page';

export default function PurchasePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'returns' ? 'returns' : 'orders';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'returns' ? { tab: 'returns' } : {})}
      items={[
        { key: 'orders', label: t('purchasereturn:tabs.orders'), children: tab === 'orders' ? <PurchaseListPage /> : null },
        { key: 'returns', label: t('purchasereturn:tabs.returns'), children: tab === 'returns' ? <PurchaseReturnsTab /> : null },
      ]}
    />
  );
}
