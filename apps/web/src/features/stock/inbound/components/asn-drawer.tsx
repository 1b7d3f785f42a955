// One notice: its header, lines with noticed against received, the receipts booked (by a person or
// reported by the warehouse system), warehouse-system results that could not be booked, and its
// commands.
import { Alert, Descriptions, Drawer, Empty, Progress, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, type AsnDetailRow, type AsnReceiptRow } from '@openseller/core';
import { inboundErrorMessage, useAsn, useSeesPrices } from '../queries';
import { AsnCommands, type AsnCommandHandlers } from './asn-commands';
import { AsnStatusTag, AsnSyncTags, ReceivedOfNoticed } from './asn-tags';

const time = (value: string | null) => formatDateTime(value) || '-';

export function AsnDrawer({ id, onClose, handlers }: { id: number | null; onClose: () => void; handlers: Omit<AsnCommandHandlers, 'onView'> }) {
  const { t } = useTranslation();
  const seesPrices = useSeesPrices();
  const { data: asn, error, isFetching } = useAsn(id);
  const percent = asn && asn.qtyTotal ? Math.floor((asn.receivedQtyTotal / asn.qtyTotal) * 100) : 0;

  return (
    <Drawer open={id !== null} width={980} onClose={onClose} title={asn ? t('inbound:drawer.title', { code: asn.code }) : t('inbound:drawer.loading')} loading={isFetching && !asn}>
      {error && <Alert type="error" showIcon message={inboundErrorMessage(error)} />}
      {asn && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Space>
              <AsnStatusTag status={asn.statusId} />
              <AsnSyncTags row={asn} />
            </Space>
            <AsnCommands row={asn} size="middle" handlers={{ ...handlers, onView: undefined, onDeleted: onClose }} />
          </Space>
          {asn.syncError && (asn.syncStatus === 'FAILURE' || asn.cancelSyncStatus === 'FAILURE') && (
            <Alert type="error" showIcon message={asn.cancelSyncStatus === 'FAILURE' ? t('inbound:drawer.cancelFailed') : t('inbound:drawer.syncFailed')} description={asn.syncError} />
          )}
          {asn.refusedResults.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={t('inbound:drawer.refusedResults')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {asn.refusedResults.map((r) => (
                    <li key={r.resultId}>
                      {r.resultId} ({time(r.createdAt)}): {r.message}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('inbound:fields.asnType')}>{t(`inbound:types.${asn.asnType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('inbound:fields.warehouse')}>{asn.warehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('inbound:fields.supplier')}>{asn.supplierName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('inbound:fields.purchaseCode')}>{asn.purchaseCode ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('inbound:fields.expectedTime')}>{time(asn.expectedTime)}</Descriptions.Item>
            <Descriptions.Item label={t('inbound:fields.progress')}>
              <Space>
                <ReceivedOfNoticed received={asn.receivedQtyTotal} noticed={asn.qtyTotal} />
                <Progress percent={percent} size="small" style={{ width: 120, margin: 0 }} />
              </Space>
            </Descriptions.Item>
            {seesPrices && asn.amountTotal !== undefined && <Descriptions.Item label={t('inbound:fields.amountTotal')}>{formatMoney(asn.amountTotal)}</Descriptions.Item>}
            <Descriptions.Item label={t('inbound:fields.createdBy')}>
              {asn.createdByName ?? '-'} · {time(asn.createdAt)}
            </Descriptions.Item>
            {asn.completedAt && <Descriptions.Item label={t('inbound:fields.completedAt')}>{time(asn.completedAt)}</Descriptions.Item>}
            {asn.closedAt && <Descriptions.Item label={t('inbound:fields.closedAt')}>{time(asn.closedAt)}</Descriptions.Item>}
            {asn.cancelReason && <Descriptions.Item label={t('inbound:fields.cancelReason')}>{asn.cancelReason}</Descriptions.Item>}
            {asn.externalCode && <Descriptions.Item label={t('inbound:fields.externalCode')}>{asn.externalCode}</Descriptions.Item>}
            {asn.remark && (
              <Descriptions.Item label={t('inbound:fields.remark')} span={2}>
                {asn.remark}
              </Descriptions.Item>
            )}
          </Descriptions>

          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('inbound:drawer.lines')}
          </Typography.Title>
          <Table<AsnDetailRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={asn.asnDetails}
            scroll={{ x: 1150 }}
            columns={[
              { title: '#', dataIndex: 'lineNo', key: 'lineNo', width: 44 },
              { title: t('inbound:fields.skuCode'), dataIndex: 'skuCode', key: 'skuCode', width: 150 },
              { title: t('inbound:fields.skuName'), key: 'name', width: 220, render: (_, d) => [d.skuName, d.specifications].filter(Boolean).join(' · ') || '-' },
              { title: t('inbound:fields.barCode'), dataIndex: 'skuBarCode', key: 'barCode', width: 130, render: (v: string | null) => v ?? '-' },
              { title: t('inbound:fields.noticed'), dataIndex: 'qty', key: 'qty', width: 80, align: 'right' },
              {
                title: t('inbound:fields.received'),
                key: 'received',
                width: 90,
                align: 'right',
                render: (_, d) => <ReceivedOfNoticed received={d.receivedQty} noticed={d.qty} />,
              },
              ...(seesPrices
                ? [
                    { title: t('inbound:fields.price'), key: 'price', width: 100, align: 'right' as const, render: (_: unknown, d: AsnDetailRow) => (d.price ? formatMoney(d.price) : '-') },
                    { title: t('inbound:fields.amount'), key: 'amount', width: 110, align: 'right' as const, render: (_: unknown, d: AsnDetailRow) => (d.amount ? formatMoney(d.amount) : '-') },
                  ]
                : []),
              { title: t('inbound:fields.plannedLocation'), dataIndex: 'locationCode', key: 'location', width: 110, render: (v: string | null) => v ?? '-' },
              { title: t('inbound:fields.lotAttNO'), dataIndex: 'lotAttNO', key: 'lot', width: 100, render: (v: string | null) => v ?? '-' },
            ]}
          />

          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('inbound:drawer.receipts')}
          </Typography.Title>
          {asn.receipts.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inbound:drawer.noReceipts')} />
          ) : (
            <Table<AsnReceiptRow>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={asn.receipts}
              columns={[
                { title: t('inbound:drawer.receivedAt'), key: 'at', width: 150, render: (_, r) => time(r.receivedAt) },
                {
                  title: t('inbound:drawer.source'),
                  key: 'source',
                  width: 170,
                  render: (_, r) =>
                    r.source === 'MANUAL' ? (
                      r.receivedByName ?? t('inbound:drawer.sources.MANUAL')
                    ) : (
                      <Space size={2} direction="vertical">
                        <Tag color="blue">{t('inbound:drawer.sources.WAREHOUSE_SYSTEM')}</Tag>
                        <Typography.Text type="secondary">{r.externalResultId}</Typography.Text>
                      </Space>
                    ),
                },
                { title: t('inbound:drawer.qty'), dataIndex: 'qtyTotal', key: 'qty', width: 70, align: 'right' },
                {
                  title: t('inbound:drawer.lines'),
                  key: 'lines',
                  render: (_, r) => (
                    <Space size={[4, 4]} wrap>
                      {r.lines.map((l, i) => (
                        <Tag key={i}>
                          {l.skuCode} {l.locationCode ? `@ ${l.locationCode}` : ''} × {l.qty}
                        </Tag>
                      ))}
                    </Space>
                  ),
                },
                { title: t('inbound:fields.remark'), dataIndex: 'remark', key: 'remark', width: 140, render: (v: string | null) => v ?? '' },
              ]}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
