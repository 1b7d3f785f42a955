// TEMPORARY (rep-ship): /reports showing only tabs 5–7 until the lead wires them into the reports
// tab shell of rep-sales. activeKey in the query chooses the tab, as spec 01 §2.2 says.
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ShippingByExpressTab, ShippingByOrderTab, ToShipSkuTab } from '.';

export default function ShippingReportsPreviewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = ['5', '6', '7'].includes(params.get('activeKey') ?? '') ? params.get('activeKey')! : '5';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setParams({ activeKey: key })}
      destroyOnHidden
      items={[
        { key: '5', label: t('reportship:tabs.byOrder'), children: <ShippingByOrderTab /> },
        { key: '6', label: t('reportship:tabs.byExpress'), children: <ShippingByExpressTab /> },
        { key: '7', label: t('reportship:tabs.toShip'), children: <ToShipSkuTab /> },
      ]}
    />
  );
}

