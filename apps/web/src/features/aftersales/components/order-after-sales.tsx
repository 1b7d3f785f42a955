// An order's after-sales, shown in the order's detail: the documents made from it and those whose
// replacement it is, each with its states, and the jump to the after-sale list of the order.
// Nothing shows to an account without the after-sales menu (the call is refused quietly).
import { useQuery } from '@tanstack/react-query';
import { Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { afterSalesApi, type AfterSaleRowData } from '../api';
import { afterSalesKeys } from '../queries';

export function OrderAfterSales({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const filter = { currentPage: 1, pageSize: 20, erpOrderId: orderId };
  const list = useQuery({ queryKey: afterSalesKeys.list(filter), queryFn: () => afterSalesApi.search(filter), retry: false });
  const rows = list.data?.voList ?? [];
  if (!rows.length) return null;
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('aftersales:ofOrder.title')}
        </Typography.Title>
        <Link to={`/afterSale?order=${orderId}`}>{t('aftersales:ofOrder.open')}</Link>
      </Space>
      <Table<AfterSaleRowData>
        rowKey="id"
        size="small"
        pagination={false}
        style={{ marginBottom: 16 }}
        dataSource={rows}
        columns={[
          { title: t('aftersales:columns.code'), dataIndex: 'code' },
          { title: t('aftersales:columns.type'), dataIndex: 'type', render: (v: string) => t(`aftersales:types.${v}`) },
          {
            title: t('aftersales:ofOrder.relation'),
            render: (_, r) => (r.replacementOrderId === orderId ? t('aftersales:ofOrder.replacementOf', { code: r.erpSoHCode ?? '' }) : r.replacementOrderCode ? t('aftersales:ofOrder.replacedBy', { code: r.replacementOrderCode }) : '—'),
          },
          { title: t('aftersales:columns.checkStatus'), dataIndex: 'checkStatus', render: (v: string) => <Tag>{t(`aftersales:states.${v}`)}</Tag> },
          { title: t('aftersales:columns.refundStatus'), dataIndex: 'refundStatus', render: (v: string | null) => (v ? t(`aftersales:refundStates.${v}`) : '—') },
          { title: t('aftersales:columns.platformStatus'), dataIndex: 'platformStatus', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </>
  );
}
