// The returns of one purchase order (its detail drawer): code, state, quantity delivered of the
// quantity asked, the outbound order; a link to return more of what came in.
import { Empty, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type PurchaseReturnRow } from '@openseller/core';
import { usePurchaseReturnList } from '../return-queries';
import { PurchaseReturnStatusTag } from './return-tags';

export function PurchaseOrderReturns({ orderId, canReturn }: { orderId: number; canReturn: boolean }) {
  const { t } = useTranslation();
  const returns = usePurchaseReturnList({ purchaseOrderId: orderId, currentPage: 1, pageSize: 50 });
  return (
    <>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('purchasereturn:ofOrder.title')}
        {canReturn && (
          <Link to="/purchase/create-purchase-return" style={{ marginLeft: 12, fontSize: 14, fontWeight: 'normal' }}>
            {t('purchasereturn:ofOrder.create')}
          </Link>
        )}
      </Typography.Title>
      <Table<PurchaseReturnRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={returns.isFetching}
        dataSource={returns.data?.voList ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('purchasereturn:ofOrder.empty')} /> }}
        columns={[
          { title: t('purchasereturn:fields.code'), key: 'code', render: (_, r) => <Link to={`/purchase?tab=returns&open=${r.id}`}>{r.code}</Link> },
          { title: t('purchasereturn:fields.status'), key: 'status', render: (_, r) => <PurchaseReturnStatusTag status={r.status} /> },
          { title: t('purchasereturn:fields.delivered'), key: 'delivered', align: 'right', render: (_, r) => `${r.deliveredQtyTotal} / ${r.qtyTotal}` },
          { title: t('purchasereturn:fields.wdo'), key: 'wdo', render: (_, r) => r.wdoCode ?? '-' },
          { title: t('purchasereturn:fields.createdAt'), key: 'createdAt', render: (_, r) => formatDateTime(r.createdAt) },
        ]}
      />
    </>
  );
}
