// One purchase order: its header, lines with their counters (ordered, received, over-received,
// returned, closed short, outstanding), the receipts booked through its inbound notice, its returns,
// and the payables (debit notes too) and payments on it, linked to /finance/payment-management.
import { Alert, Descriptions, Drawer, Empty, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, type PurchaseLineRow, type PurchaseOrderPayableRef, type PurchaseOrderPaymentRef, type PurchaseReceiptRow } from '@openseller/core';
import { purchaseErrorMessage, usePurchase, useSeesPurchasePrice } from '../queries';
import { PurchaseCommands } from './purchase-commands';
import { PurchaseOrderReturns } from './purchase-order-returns';
import { PurchaseStatusTag, ReceiveStatusTag, SettleStatusTag } from './purchase-tags';

export function PurchaseDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const seesPrice = useSeesPurchasePrice();
  const view = usePurchase(id);
  const data = view.data && view.data.order.id === id ? view.data : null;
  const money = (v: string | null | undefined) => (v === null || v === undefined ? '-' : formatMoney(v));

  return (
    <Drawer open={id !== null} onClose={onClose} width={960} title={data ? t('purchase:detail.title', { code: data.order.code }) : t('purchase:detail.loading')} destroyOnHidden>
      {view.error && <Alert type="error" showIcon message={purchaseErrorMessage(view.error)} />}
      {data && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <PurchaseCommands row={data.order} size="middle" onDeleted={onClose} />
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('purchase:fields.status')}>
              <PurchaseStatusTag status={data.order.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('purchase:fields.receiveStatus')}>
              <ReceiveStatusTag status={data.order.receiveStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t('purchase:fields.settleStatus')}>
              <SettleStatusTag status={data.order.settleStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t('purchase:fields.supplier')}>{`${data.order.supplierName} (${data.order.supplierCode})`}</Descriptions.Item>
            <Descriptions.Item label={t('purchase:fields.warehouse')}>{data.order.warehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('purchase:fields.received')}>{`${data.order.receivedQtyTotal} / ${data.order.qtyTotal}`}</Descriptions.Item>
            {seesPrice && <Descriptions.Item label={t('purchase:fields.amountTotal')}>{money(data.order.amountTotal)}</Descriptions.Item>}
            {seesPrice && (
              <Descriptions.Item label={t('purchase:fields.freight')}>{`${money(data.order.freight)} · ${t(`purchase:freightAllocations.${data.order.freightAllocation}`)}`}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('purchase:fields.asn')}>
              {data.order.asnCode ? <Link to={`/stocks?activeKey=2&codeKeywords=${encodeURIComponent(data.order.asnCode)}`}>{data.order.asnCode}</Link> : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('purchase:fields.expectedTime')}>{formatDateTime(data.order.expectedTime) || '-'}</Descriptions.Item>
            {data.order.rejectReason && <Descriptions.Item label={t('purchase:fields.rejectReason')}>{data.order.rejectReason}</Descriptions.Item>}
            {data.order.closeReason && <Descriptions.Item label={t('purchase:fields.closeReason')}>{data.order.closeReason}</Descriptions.Item>}
            <Descriptions.Item label={t('purchase:fields.remark')} span={2}>
              {data.order.remark ?? ''}
            </Descriptions.Item>
          </Descriptions>

          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('purchase:detail.lines')}
          </Typography.Title>
          <Table<PurchaseLineRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.lines}
            scroll={{ x: 900 }}
            columns={[
              { title: t('purchase:fields.sku'), key: 'sku', render: (_, l) => <Space direction="vertical" size={0}><Typography.Text strong>{l.skuCode}</Typography.Text><Typography.Text type="secondary">{[l.skuName, l.skuSpec].filter(Boolean).join(' · ')}</Typography.Text></Space> },
              { title: t('purchase:fields.orderedQty'), dataIndex: 'orderedQty', align: 'right' },
              ...(seesPrice
                ? [
                    { title: t('purchase:fields.price'), key: 'price', align: 'right' as const, render: (_: unknown, l: PurchaseLineRow) => money(l.price) },
                    { title: t('purchase:fields.amount'), key: 'amount', align: 'right' as const, render: (_: unknown, l: PurchaseLineRow) => money(l.amount) },
                    { title: t('purchase:fields.freightShare'), key: 'freight', align: 'right' as const, render: (_: unknown, l: PurchaseLineRow) => money(l.freight) },
                    { title: t('purchase:fields.landedUnitCost'), key: 'landed', align: 'right' as const, render: (_: unknown, l: PurchaseLineRow) => money(l.landedUnitCost) },
                  ]
                : []),
              { title: t('purchase:fields.receivedQty'), dataIndex: 'receivedQty', align: 'right' },
              { title: t('purchase:fields.overReceivedQty'), dataIndex: 'overReceivedQty', align: 'right' },
              { title: t('purchase:fields.returnedQty'), dataIndex: 'returnedQty', align: 'right' },
              { title: t('purchase:fields.closedShortQty'), dataIndex: 'closedShortQty', align: 'right' },
              { title: t('purchase:fields.outstandingQty'), dataIndex: 'outstandingQty', align: 'right' },
            ]}
          />

          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('purchase:detail.receipts')}
          </Typography.Title>
          <Table<PurchaseReceiptRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.receipts}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('purchase:detail.noReceipts')} /> }}
            columns={[
              { title: t('purchase:fields.receivedAt'), key: 'at', render: (_, r) => formatDateTime(r.createdAt) },
              { title: t('purchase:fields.sku'), dataIndex: 'skuCode' },
              { title: t('purchase:fields.qty'), dataIndex: 'qty', align: 'right' },
              ...(seesPrice
                ? [
                    { title: t('purchase:fields.purchasePrice'), key: 'price', align: 'right' as const, render: (_: unknown, r: PurchaseReceiptRow) => money(r.price) },
                    { title: t('purchase:fields.landedUnitCost'), key: 'unitCost', align: 'right' as const, render: (_: unknown, r: PurchaseReceiptRow) => money(r.unitCost) },
                  ]
                : []),
              { title: t('purchase:fields.receivedBy'), key: 'by', render: (_, r) => r.receivedByName ?? '-' },
            ]}
          />

          <PurchaseOrderReturns orderId={data.order.id} canReturn={data.order.receivedQtyTotal > 0} />

          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('purchase:detail.payables')}
            <Link to="/finance/payment-management?activeKey=financeBill" style={{ marginLeft: 12, fontSize: 14, fontWeight: 'normal' }}>
              {t('purchase:detail.toBills')}
            </Link>
          </Typography.Title>
          <Table<PurchaseOrderPayableRef>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.payables ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('purchase:detail.noPayables')} /> }}
            columns={[
              {
                title: t('purchase:fields.payableCode'),
                key: 'code',
                render: (_, p) => (
                  <Space size={4}>
                    <Link to={`/finance/payment-management?activeKey=financePayable&code=${encodeURIComponent(p.code)}`}>{p.code}</Link>
                    {p.debitNote && <Tag color="volcano">{t('purchase:detail.debitNote')}</Tag>}
                  </Space>
                ),
              },
              { title: t('purchase:fields.status'), key: 'status', render: (_, p) => t(`finance:statuses.${p.status}`, { defaultValue: p.status }) },
              { title: t('purchase:fields.paymentStatus'), key: 'paymentStatus', render: (_, p) => t(`finance:paymentStatuses.${p.paymentStatus}`, { defaultValue: p.paymentStatus }) },
              { title: t('purchase:fields.qty'), dataIndex: 'qty', align: 'right' },
              ...(seesPrice
                ? [
                    { title: t('purchase:fields.payableAmount'), key: 'amount', align: 'right' as const, render: (_: unknown, p: PurchaseOrderPayableRef) => money(p.amount) },
                    { title: t('purchase:fields.outstanding'), key: 'outstanding', align: 'right' as const, render: (_: unknown, p: PurchaseOrderPayableRef) => money(p.outstanding) },
                  ]
                : []),
              { title: t('purchase:fields.createdAt'), key: 'createdAt', render: (_, p) => formatDateTime(p.createdAt) },
            ]}
          />

          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('purchase:detail.payments')}
          </Typography.Title>
          <Table<PurchaseOrderPaymentRef>
            rowKey={(p) => `${p.id}-${p.payableId}`}
            size="small"
            pagination={false}
            dataSource={data.payments ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('purchase:detail.noPayments')} /> }}
            columns={[
              { title: t('purchase:fields.paymentCode'), key: 'code', render: (_, p) => <Link to={`/finance/payment-management?activeKey=financePaid&code=${encodeURIComponent(p.code)}`}>{p.code}</Link> },
              { title: t('purchase:fields.status'), key: 'status', render: (_, p) => t(`finance:statuses.${p.status}`, { defaultValue: p.status }) },
              { title: t('purchase:fields.paymentMode'), key: 'mode', render: (_, p) => t(`finance:payTypes.${p.paymentMode}`, { defaultValue: p.paymentMode }) },
              { title: t('purchase:fields.payableCode'), dataIndex: 'payableCode' },
              ...(seesPrice ? [{ title: t('purchase:fields.allocated'), key: 'amount', align: 'right' as const, render: (_: unknown, p: PurchaseOrderPaymentRef) => money(p.amount) }] : []),
              { title: t('purchase:fields.paidTime'), key: 'paidTime', render: (_, p) => formatDateTime(p.paidTime) || '-' },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
