// The after-sale detail (a drawer of /afterSale, opened by ?detail=<id>): the document's states,
// buyer and return parcel, its return and exchange lines, and its timeline — every decision,
// platform pull and change, write-back and replacement of the document and every step of its
// return inbound (made, receipts, a parcel linked), each with the values that changed, before → after.
import { Alert, Descriptions, Drawer, Empty, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type AfterSaleTimelineEntry } from '@openseller/core';
import { DateTime } from '../../../ui/relative-time';
import { logActionLabel } from '../../logs/log-labels';
import { afterSalesApi, type AfterSaleRowData } from '../api';
import { afterSalesErrorMessage, afterSalesKeys } from '../queries';

/** The fields whose value differs before and after, shown as `field: before → after` (scalars only). */
export function changedFields(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  // A record made (nothing before) shows no list of every field.
  if (!before || typeof before !== 'object') return [];
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? null : String(v));
  const result: { field: string; before: string; after: string }[] = [];
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (['version', 'updatedAt', 'createdAt', 'domainId', 'id'].includes(field)) continue;
    const was = show(b[field]);
    const now = show(a[field]);
    if (was === null || now === null || was === now) continue;
    result.push({ field, before: was, after: now });
  }
  return result;
}

export function AfterSaleDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const doc = useQuery({ queryKey: [...afterSalesKeys.all, 'one', id], queryFn: () => afterSalesApi.get(id), enabled: id > 0 });
  const timeline = useQuery({ queryKey: [...afterSalesKeys.all, 'timeline', id], queryFn: () => afterSalesApi.timeline(id), enabled: id > 0 });
  const error = doc.error ?? timeline.error;
  return (
    <Drawer open={id > 0} onClose={onClose} width={880} destroyOnHidden title={doc.data ? t('aftersales:detail.title', { code: doc.data.code }) : t('aftersales:detail.loading')}>
      {(doc.isLoading || timeline.isLoading) && <Skeleton active />}
      {error && <Alert type="error" showIcon message={afterSalesErrorMessage(error)} />}
      {doc.data && <Header row={doc.data} />}
      {timeline.data && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('aftersales:detail.timeline')}
          </Typography.Title>
          {timeline.data.length ? <TimelineList entries={timeline.data} row={doc.data} /> : <Empty description={t('aftersales:detail.noTimeline')} />}
        </>
      )}
    </Drawer>
  );
}

function Header({ row }: { row: AfterSaleRowData }) {
  const { t } = useTranslation();
  const lines = [...row.returnDetailDtos, ...row.exchangeDetailDtos];
  return (
    <>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('aftersales:columns.type')}>{t(`aftersales:types.${row.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.order')}>{row.erpSoHCode ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.checkStatus')}>
          <Tag>{t(`aftersales:states.${row.checkStatus}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.refundStatus')}>{row.refundStatus ? t(`aftersales:refundStates.${row.refundStatus}`) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.receiptStatus')}>{t(`aftersales:receiptStates.${row.receiptStatus}`)}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.writeBackStatus')}>
          {row.writeBackStatus ? t(`aftersales:writeBackStates.${row.writeBackStatus}`) : '—'}
          {row.writeBackError && <Typography.Text type="danger">{` ${row.writeBackError}`}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.platformStatus')}>{row.platformStatus ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.store')}>{row.storeName}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.buyer')}>{[row.buyerNick, row.buyerName, row.buyerPhone].filter(Boolean).join(' / ') || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.refundFee')}>{row.refundFee}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.reason')}>{row.afterSalesReason ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.expressNo')}>{[row.buyerExpressCompanyName ?? row.buyerExpressCompanyCode, row.buyerExpressNo].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.returnWarehouse')}>{row.returnWhName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.replacement')}>{row.replacementOrderCode ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:columns.applyTime')}>{row.applyTime ? formatDateTime(row.applyTime) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales:detail.createdAt')}>{formatDateTime(row.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('aftersales:columns.goods')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: t('aftersales:detail.lineKind'), dataIndex: 'kind', render: (k: string) => (k === 'RETURN' ? t('aftersales:detail.returnLine') : t('aftersales:detail.exchangeLine')) },
          { title: t('aftersales:columns.skuCode'), dataIndex: 'skuCode' },
          { title: t('aftersales:columns.skuName'), dataIndex: 'skuName' },
          { title: t('aftersales:columns.qty'), dataIndex: 'skuNum', align: 'right' },
          { title: t('aftersales:columns.price'), dataIndex: 'skuPrice', align: 'right' },
        ]}
      />
    </>
  );
}

/** The state fields a person reads in words; other values show as recorded. */
const STATE_WORDS: Record<string, string> = {
  checkStatus: 'states',
  refundStatus: 'refundStates',
  receiptStatus: 'receiptStates',
  writeBackStatus: 'writeBackStates',
  replacementMode: 'replacementModes',
};

function TimelineList({ entries, row }: { entries: AfterSaleTimelineEntry[]; row: AfterSaleRowData | undefined }) {
  const { t } = useTranslation();
  const word = (field: string, value: string) => {
    if (value === '—') return value;
    // The log keeps the replacement order's id; a person knows it by its code.
    if (field === 'replacementOrderId') return row && String(row.replacementOrderId) === value && row.replacementOrderCode ? row.replacementOrderCode : value;
    return STATE_WORDS[field] ? t(`aftersales:${STATE_WORDS[field]}.${value}`, { defaultValue: value }) : value;
  };
  return (
    <Timeline
      items={entries.map((e) => {
        const changes = changedFields(e.before, e.after);
        return {
          key: `${e.kind}-${e.id}`,
          color: e.kind === 'rma' ? 'green' : 'blue',
          children: (
            <>
              <Typography.Text strong>{logActionLabel(t, e.action)}</Typography.Text>
              {e.kind === 'rma' && <Tag style={{ marginInlineStart: 8 }}>{t('aftersales:detail.rmaEntry')}</Tag>} · {e.loginName ?? t('aftersales:detail.system')} · <DateTime value={e.createdAt} />
              {changes.length > 0 && (
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                  {changes.map((c) => (
                    <li key={c.field}>
                      <Typography.Text type="secondary">{t(`aftersales:fields.${c.field}`, { defaultValue: c.field })}</Typography.Text>: {word(c.field, c.before)} → {word(c.field, c.after)}
                    </li>
                  ))}
                </ul>
              )}
            </>
          ),
        };
      })}
    />
  );
}
