// The order page's main actions: pull the orders of an online store now (the scheduled pull runs
// every few minutes anyway) and create an order by hand.
import { DownOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../../../app/session';
import { useStoreOptions } from '../../../stores/queries';
import { usePullNowWithToasts } from '../queries';

export function OrderPageActions() {
  const { t } = useTranslation();
  const session = useSession();
  const stores = useStoreOptions();
  const { pull, pullNow } = usePullNowWithToasts();
  const online = (stores.data ?? []).filter((s) => s.usable && s.storeType === 1);

  return (
    <Space>
      {session.menus.has('MENU_ERPSO') && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: online.length
              ? online.map((s) => ({ key: String(s.id), label: s.name, onClick: () => pullNow(s.id) }))
              : [{ key: 'none', label: t('orderingest:pull.noStores'), disabled: true }],
          }}
        >
          <Button icon={<SyncOutlined spin={pull.isPending} />}>
            {t('orderingest:pull.button')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {session.menus.has('MENU_ERPSO_CREATE') && (
        <Link to="/order/createorder">
          <Button type="primary" icon={<PlusOutlined />}>
            {t('nav:routes.createOrder')}
          </Button>
        </Link>
      )}
    </Space>
  );
}
