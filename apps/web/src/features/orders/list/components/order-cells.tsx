// Small cells of the order list and detail: the status tag, the overdue flag with its countdown
// (spec 02 §4.3), the lines summary with pictures, the header labels and flags.
import { Image, Popover, Space, Tag, Tooltip, Typography } from 'antd';
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, ORDER_OVERDUE_CONFIG, ORDER_OVERDUE_DEFAULT, overdueState, needsInterceptTask, refundHeld, type OrderRow, type OrderStatus, type OverdueWarning } from '@openseller/core';
import { useSession } from '../../../../app/session';
import { DateTime } from '../../../../ui/relative-time';

const STATUS_COLORS: Record<OrderStatus, string> = {
  CI_ERPSOH_STATUS_NORMAL: 'orange',
  CI_ERPSOH_STATUS_VERIFIED: 'blue',
  CI_ERPSOH_STATUS_SEND: 'green',
  CI_ERPSOH_STATUS_SYNCED: 'cyan',
  CI_ERPSOH_STATUS_CANCEL: 'default',
  CI_ERPSOH_STATUS_CLOSE: 'default',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`orders:status.${status}`)}</Tag>;
}

/** The domain's 'about to time out' warning (domain configuration; on, 24 hours by default). */
export function useOverdueWarning(): OverdueWarning {
  const { domainConfig } = useSession();
  const item = (code: string) => domainConfig.find((c) => c.itemCode === code)?.value;
  const enabledText = item(ORDER_OVERDUE_CONFIG.enabled);
  const hoursValue = Number(item(ORDER_OVERDUE_CONFIG.hours));
  const enabled = enabledText === undefined ? ORDER_OVERDUE_DEFAULT.enabled : enabledText === '1' || enabledText === 'true';
  const hours = Number.isFinite(hoursValue) && hoursValue > 0 ? hoursValue : ORDER_OVERDUE_DEFAULT.hours;
  // The same object while the setting is the same: the order list's cells are memoised on it.
  return useMemo(() => ({ enabled, hours }), [enabled, hours]);
}

/** The current time, refreshed every minute (for countdowns). */
// One clock for every countdown on the page: one timer, however many cells read it.
let minute = new Date();
const minuteListeners = new Set<() => void>();
let minuteTimer: number | undefined;
function subscribeMinute(listener: () => void): () => void {
  minuteListeners.add(listener);
  if (minuteTimer === undefined) {
    minute = new Date();
    minuteTimer = window.setInterval(() => {
      minute = new Date();
      minuteListeners.forEach((l) => l());
    }, 60_000);
  }
  return () => {
    minuteListeners.delete(listener);
    if (!minuteListeners.size && minuteTimer !== undefined) {
      window.clearInterval(minuteTimer);
      minuteTimer = undefined;
    }
  };
}

/** The current time, refreshed every minute (for countdowns). */
export function useMinuteClock(): Date {
  return useSyncExternalStore(subscribeMinute, () => minute);
}

/**
 * The overdue warning of one order. It reads the clock and the domain's setting itself, so the
 * order list's cell depends on the order alone and is not redrawn when rows are selected.
 */
export function OverdueCell({ lastShipTime, quiet = false }: { lastShipTime: string | null; quiet?: boolean }) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const warning = useOverdueWarning();
  const info = overdueState(lastShipTime, now, warning);
  if (info.state === 'overdue') return <Tag color="red">{t('orders:overdue.overdue')}</Tag>;
  if (info.state === 'soon')
    return (
      <Tooltip title={t('orders:overdue.lastShipTime', { time: formatDateTime(lastShipTime) })}>
        <Tag color="orange">{t('orders:overdue.soon', { days: info.days, hours: info.hours, minutes: info.minutes })}</Tag>
      </Tooltip>
    );
  return quiet ? null : <Typography.Text type="secondary">-</Typography.Text>;
}

/** Whether the order's express label was printed (and when): tab 2 holds both kinds of order. */
export function LabelPrintedCell({ order }: { order: OrderRow }) {
  const { t } = useTranslation();
  if (!order.expressPrintTime) return <Tag>{t('orders:printed.no')}</Tag>;
  return (
    <Space direction="vertical" size={0}>
      <Tag color="green">{t('orders:printed.yes')}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <DateTime value={order.expressPrintTime} />
      </Typography.Text>
    </Space>
  );
}

/** Up to three live lines with their pictures (38 px thumbnails, spec 01 §9), then "+n more"; lines
 *  taken off the order (cancelTag 1) are left out here; the detail lists them with their tag. */
export function LinesSummary({ order }: { order: OrderRow }) {
  const { t } = useTranslation();
  const live = order.lines.filter((l) => l.cancelTag === 0);
  const shown = live.slice(0, 3);
  return (
    <Space direction="vertical" size={2}>
      {shown.map((l) => (
        <Space key={l.id} size={6} align="start">
          {l.picUrl ? <Image src={l.picUrl} width={38} height={38} style={{ objectFit: 'cover' }} alt={l.skuCode ?? ''} /> : <div style={{ width: 38, height: 38, background: '#f5f5f5' }} />}
          <span>
            <Typography.Text strong={!l.skuId} type={l.skuId ? undefined : 'danger'}>
              {l.skuCode ?? l.outerSkuId ?? t('orders:lines.unmapped')}
            </Typography.Text>{' '}
            × {l.qty}
            {l.isGift && <Tag style={{ marginInlineStart: 4 }}>{t('orders:lines.gift')}</Tag>}
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[l.skuName ?? l.title, l.skuSpecifications ?? l.properties].filter(Boolean).join(' / ')}
            </Typography.Text>
          </span>
        </Space>
      ))}
      {live.length > shown.length && <Typography.Text type="secondary">{t('orders:lines.more', { count: live.length - shown.length })}</Typography.Text>}
    </Space>
  );
}

/**
 * The compact list's goods cell on one line: the first live line's 24 px picture, SKU and quantity,
 * then "+n" for the others; hovering (or focusing) it shows every line with its pictures.
 */
export function CompactLines({ order }: { order: OrderRow }) {
  const { t } = useTranslation();
  const live = order.lines.filter((l) => l.cancelTag === 0);
  const first = live[0];
  if (!first) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Popover placement="right" mouseEnterDelay={0.25} title={t('orders:lines.all', { count: live.length })} content={<LinesSummary order={order} />}>
      <span className="os-compact-lines" tabIndex={0} data-testid="compact-lines">
        {first.picUrl ? <img src={first.picUrl} width={24} height={24} alt="" className="os-compact-thumb" /> : <span className="os-compact-thumb" />}
        <Typography.Text className="os-ellipsis" strong={!first.skuId} type={first.skuId ? undefined : 'danger'}>
          {first.skuCode ?? first.outerSkuId ?? t('orders:lines.unmapped')}
        </Typography.Text>
        <span className="os-compact-fixed">× {first.qty}</span>
        {live.length > 1 && <Tag className="os-compact-more os-compact-fixed">{t('orders:lines.plus', { count: live.length - 1 })}</Tag>}
      </span>
    </Popover>
  );
}

/** The compact list's "label printed" cell: the tag alone, the time on hover. */
export function CompactPrintedCell({ order }: { order: OrderRow }) {
  const { t } = useTranslation();
  if (!order.expressPrintTime) return <Tag>{t('orders:printed.no')}</Tag>;
  return (
    <Tooltip title={formatDateTime(order.expressPrintTime)}>
      <Tag color="green">{t('orders:printed.yes')}</Tag>
    </Tooltip>
  );
}

/** Header labels and the flags worth a glance (locked, refund, intercepted, risk, pre-sale, wave). */
export function OrderTags({ order }: { order: OrderRow }) {
  const { t } = useTranslation();
  return (
    <Space size={[0, 4]} wrap>
      {order.riskControlStatus !== 'NONE' && <Tag color="red">{t('orders:flags.riskControlled')}</Tag>}
      {order.soExtendStatus === 'WAVE_ORDER' && <Tag color="purple">{t('orders:wave.tag')}</Tag>}
      {order.locked && <Tag color="volcano">{t('orders:flags.locked')}</Tag>}
      {refundHeld(order) && (
        <Tooltip title={t('orderintercepts:heldNote')}>
          <Tag color="red">{t('orderintercepts:tags.held')}</Tag>
        </Tooltip>
      )}
      {refundHeld(order) && needsInterceptTask(order) && <Tag color="red">{t('orderintercepts:tags.intercept')}</Tag>}
      {/* A refund hold says it all; the plain flags stay for the other reasons and shipped orders. */}
      {order.intercepted && !(refundHeld(order) && order.interceptReason === 'REFUND') && <Tag color="magenta">{t('orders:flags.intercepted')}</Tag>}
      {order.haveRefund && !refundHeld(order) && <Tag color="gold">{t('orders:flags.haveRefund')}</Tag>}
      {order.preSale && <Tag color="geekblue">{t('orders:flags.preSale')}</Tag>}
      {order.labels.map((l) => (
        <Tag key={l}>{t(`orders:labels.${l}`, { defaultValue: l })}</Tag>
      ))}
    </Space>
  );
}

/** The 待合 / 缺 tags of the rows on the page (fetched once per page of rows); null while loading. */
export const RowTagsContext = createContext<{ merge: Set<number>; stockOut: Set<number> } | null>(null);

/** The 待合 (mergeable) and 缺 (out of stock) tags of one order, from RowTagsContext. */
export function RowTags({ id }: { id: number }) {
  const { t } = useTranslation();
  const tags = useContext(RowTagsContext);
  return (
    <>
      {tags?.merge.has(id) && (
        <Tooltip title={t('orders:rowTags.mergeHelp')}>
          <Tag color="processing">{t('orders:rowTags.merge')}</Tag>
        </Tooltip>
      )}
      {tags?.stockOut.has(id) && (
        <Tooltip title={t('orders:rowTags.stockOutHelp')}>
          <Tag color="error">{t('orders:rowTags.stockOut')}</Tag>
        </Tooltip>
      )}
    </>
  );
}
