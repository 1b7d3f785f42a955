// One order in a drawer: header, receiver (masked; the eye reveals it to an account allowed to), the edit actions (features/orders/commands),
// lines, merge candidates and the operation log. Loaded when an order is first opened (order-detail-drawer.tsx).
import { Alert, Descriptions, Drawer, Image, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, refundHeld, type OrderDetail, type OrderLineRow } from '@openseller/core';
import { InterceptTasksPanel } from '../../intercepts/intercept-tasks-panel';
import { OrderAfterSales } from '../../../aftersales/components/order-after-sales';
import { useOrderEditing } from '../../commands/components/order-editing';
import { DateTime } from '../../../../ui/relative-time';
import { logActionLabel } from '../../../logs/log-labels';
import { ordersErrorMessage, useOrderDetail } from '../queries';
import { OrderStatusTag, OrderTags, OverdueCell } from './order-cells';
import { ReceiverReveal } from './receiver-reveal';

export default function OrderDetailDrawerContent({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useOrderDetail(id);
  return (
    <Drawer open={!!id} onClose={onClose} width={960} title={data ? t('orders:detail.title', { code: data.code }) : t('orders:detail.loading')} destroyOnHidden>
      {isLoading && <Skeleton active />}
      {error && <Alert type="error" showIcon message={ordersErrorMessage(error)} />}
      {data && <DetailBody data={data} />}
    </Drawer>
  );
}

function DetailBody({ data }: { data: OrderDetail }) {
  const { t } = useTranslation();
  const editing = useOrderEditing(data);
  return (
    <>
      {data.soExtendStatus === 'WAVE_ORDER' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('orders:wave.note')} />}
      {data.autoVerifyHold && data.statusCode === 'CI_ERPSOH_STATUS_NORMAL' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('orders:autoVerifyHold', { reason: t(`settings:autoVerify.reasons.${data.autoVerifyHold}`, { defaultValue: data.autoVerifyHold }) })}
        />
      )}
      {data.riskControlStatus !== 'NONE' && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('orders:risk.note')} />}
      {refundHeld(data) && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('orderintercepts:tags.held')} description={t('orderintercepts:heldNote')} />}
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('orders:columns.code')}>
          <Typography.Text copyable>{data.code}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.status')}>
          <OrderStatusTag status={data.statusCode} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.platformNos')}>{data.platformNos.join(', ') || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.store')}>{data.storeName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.buyer')}>{data.buyerNick ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.receiver')}>
          <ReceiverReveal order={data} />
          {data.addressException && <Tag color="red">{t('orders:detail.addressException')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.warehouse')}>{data.warehouseName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.express')}>{[data.expressCompanyCode, data.expressNo].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.amount')}>
          {formatMoney(data.amountTotal)} ({t('orders:detail.postFee')} {formatMoney(data.postFee)})
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.payTime')}>
          <DateTime value={data.payTime} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.overdue')}>
          {data.lastShipTime ? (
            <Space size={4} wrap>
              <DateTime value={data.lastShipTime} />
              <OverdueCell lastShipTime={data.lastShipTime} quiet />
            </Space>
          ) : (
            '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:detail.buyerMessage')}>{data.buyerMessage ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('orders:detail.sellerRemark')}>{data.sellerRemark ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('orders:columns.labels')} span={2}>
          <OrderTags order={data} />
        </Descriptions.Item>
      </Descriptions>
      <OrderAfterSales orderId={data.id} />
      <InterceptTasksPanel orderId={data.id} />
      {editing.toolbar}
      <Table<OrderLineRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data.lines}
        style={{ marginBottom: 16 }}
        columns={[
          { title: '#', dataIndex: 'lineSeq', width: 48 },
          { title: t('orders:lines.picture'), dataIndex: 'picUrl', width: 60, render: (v: string | null) => (v ? <Image src={v} width={38} height={38} /> : '-') },
          { title: t('orders:lines.skuCode'), dataIndex: 'skuCode', width: 160, render: (v: string | null, r) => v ?? <Typography.Text type="danger">{r.outerSkuId ?? t('orders:lines.unmapped')}</Typography.Text> },
          { title: t('orders:lines.name'), render: (_, r) => [r.skuName ?? r.title, r.skuSpecifications ?? r.properties].filter(Boolean).join(' / ') || '-' },
          { title: t('orders:lines.qty'), dataIndex: 'qty', width: 70, align: 'right' },
          { title: t('orders:lines.price'), dataIndex: 'price', width: 110, align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('orders:lines.amount'), dataIndex: 'amount', width: 110, align: 'right', render: (v: string) => formatMoney(v) },
          {
            title: t('orders:columns.labels'),
            width: 160,
            render: (_, r) => (
              <>
                {r.isGift && <Tag>{t('orders:lines.gift')}</Tag>}
                {r.isCombination && <Tag>{t('orders:lines.combination')}</Tag>}
                {r.stockOut && <Tag color="red">{t('orders:rowTags.stockOut')}</Tag>}
                {r.cancelTag > 0 && <Tag color="default">{t('orders:lines.cancelled')}</Tag>}
              </>
            ),
          },
          ...(editing.lineColumn ? [editing.lineColumn] : []),
        ]}
      />
      {editing.mergePanel}
      <Typography.Title level={5}>{t('orders:detail.log')}</Typography.Title>
      {data.logs.length ? (
        <Timeline
          items={data.logs.map((l) => ({
            key: l.id,
            children: (
              <>
                <Typography.Text strong>{logActionLabel(t, l.action)}</Typography.Text> · {l.loginName ?? '-'} · <DateTime value={l.createdAt} />
              </>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">{t('orders:detail.noLog')}</Typography.Text>
      )}
      {editing.dialogs}
    </>
  );
}
