// The detail of one payable (its lines with the three-way match, the payments on it) and of one
// payment (its allocations and prepayment deductions).
import { Alert, Descriptions, Drawer, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, type PayableLineRow } from '@openseller/core';
import { financeErrorMessage, usePayable, usePayment } from '../queries';
import { FinanceCommands } from './finance-commands';
import { PaidStatusTag, PayableStatusTag, PaymentStatusTag } from './finance-tags';

export function PayableDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = usePayable(id);
  const p = data?.payable;
  return (
    <Drawer open={id !== null} onClose={onClose} width={960} title={p ? t('finance:detail.payable', { code: p.code }) : t('finance:detail.loading')} destroyOnHidden loading={isLoading}>
      {error && <Alert type="error" showIcon message={financeErrorMessage(error)} />}
      {p && data && (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('finance:fields.payableType')}>{t(`finance:payableTypes.${p.payableType}`)}{p.debitNote ? ` · ${t('finance:fields.debitNote')}` : ''}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.status')}><PayableStatusTag status={p.status} /></Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.paymentStatus')}><PaymentStatusTag status={p.paymentStatus} /></Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.supplier')}>{`${p.supplierName} (${p.supplierCode})`}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.purchaseCode')}>{p.purchaseCode ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.amount')}>{formatMoney(p.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.paidAmount')}>{formatMoney(p.paidAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.outstanding')}>{formatMoney(p.outstanding)}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.remark')}>{p.remark ?? ''}</Descriptions.Item>
            {p.rejectReason && <Descriptions.Item label={t('finance:fields.rejectReason')}>{p.rejectReason}</Descriptions.Item>}
          </Descriptions>
          <FinanceCommands kind="payable" row={p} />
          <Table<PayableLineRow>
            rowKey="id"
            size="small"
            style={{ marginTop: 12 }}
            pagination={false}
            dataSource={data.lines}
            columns={[
              { title: '#', dataIndex: 'lineNo', width: 50 },
              { title: t('finance:fields.item'), key: 'item', render: (_, l) => (l.skuCode ? `${l.payableItemName} (${l.skuCode})` : l.payableItemName) },
              { title: t('finance:fields.purchaseCode'), key: 'po', render: (_, l) => l.purchaseCode ?? '-' },
              { title: t('finance:fields.payableQty'), dataIndex: 'payableQty', align: 'right' },
              { title: t('finance:fields.payablePrice'), key: 'price', align: 'right', render: (_, l) => (l.payablePrice === undefined ? '***' : formatMoney(l.payablePrice)) },
              { title: t('finance:fields.amountPayable'), key: 'amount', align: 'right', render: (_, l) => (l.amountPayable === undefined ? '***' : formatMoney(l.amountPayable)) },
              { title: t('finance:fields.receiveQty'), key: 'rq', align: 'right', render: (_, l) => l.receiveQty ?? '-' },
              { title: t('finance:fields.receivePrice'), key: 'rp', align: 'right', render: (_, l) => (l.receivePrice === undefined ? '***' : l.receivePrice ? formatMoney(l.receivePrice) : '-') },
              { title: t('finance:fields.match'), key: 'match', render: (_, l) => (l.matches ? <Tag color="green">{t('finance:match.yes')}</Tag> : <Tag color="red">{t('finance:match.no')}</Tag>) },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('finance:detail.payments')}</h4>
          <Table
            rowKey="paymentId"
            size="small"
            pagination={false}
            dataSource={data.allocations}
            locale={{ emptyText: <Empty description={t('finance:detail.noPayments')} /> }}
            columns={[
              { title: t('finance:fields.paymentCode'), dataIndex: 'paymentCode' },
              { title: t('finance:fields.status'), key: 's', render: (_, a) => <PaidStatusTag status={a.paymentStatus} /> },
              { title: t('finance:fields.amount'), key: 'a', align: 'right', render: (_, a) => formatMoney(a.amount) },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

export function PaymentDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = usePayment(id);
  const p = data?.payment;
  return (
    <Drawer open={id !== null} onClose={onClose} width={860} title={p ? t('finance:detail.payment', { code: p.code }) : t('finance:detail.loading')} destroyOnHidden loading={isLoading}>
      {error && <Alert type="error" showIcon message={financeErrorMessage(error)} />}
      {p && data && (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('finance:fields.paidType')}>{t(`finance:paidTypes.${p.paymentType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.status')}><PaidStatusTag status={p.status} /></Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.paymentMode')}>{t(`finance:payTypes.${p.paymentMode}`)}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.supplier')}>{`${p.supplierName} (${p.supplierCode})`}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.amountPaid')}>{formatMoney(p.amountPaid)}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.actualPaid')}>{formatMoney(p.actualPaid)}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.otherDeduct')}>{formatMoney(p.otherDeduct)}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.prepaidDeduct')}>{formatMoney(p.prepaidDeduct)}</Descriptions.Item>
            {p.prepaidRemaining !== null && <Descriptions.Item label={t('finance:fields.prepaidRemaining')}>{formatMoney(p.prepaidRemaining)}</Descriptions.Item>}
            <Descriptions.Item label={t('finance:fields.collectAccount')}>{[p.collectBank, p.collectAccount].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.paidTime')}>{formatDateTime(p.paidTime) || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('finance:fields.remark')}>{p.remark ?? ''}</Descriptions.Item>
          </Descriptions>
          <FinanceCommands kind="payment" row={p} />
          {p.paymentType === 'PAYABLE' && (
            <>
              <h4 style={{ marginTop: 16 }}>{t('finance:detail.allocations')}</h4>
              <Table
                rowKey="payableId"
                size="small"
                pagination={false}
                dataSource={data.allocations}
                columns={[
                  { title: t('finance:fields.payableCode'), dataIndex: 'payableCode' },
                  { title: t('finance:fields.amount'), key: 'a', align: 'right', render: (_, a) => formatMoney(a.amount) },
                ]}
              />
              <h4 style={{ marginTop: 16 }}>{t('finance:detail.deductions')}</h4>
              <Table
                rowKey="prepaidPaymentId"
                size="small"
                pagination={false}
                dataSource={data.prepaidDeductDetails}
                locale={{ emptyText: <Empty description={t('finance:detail.noDeductions')} /> }}
                columns={[
                  { title: t('finance:fields.prepaidCode'), dataIndex: 'prepaidCode' },
                  { title: t('finance:fields.amount'), key: 'a', align: 'right', render: (_, a) => formatMoney(a.prepaidDeductAmount) },
                ]}
              />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
