// Each store's sync health on store management: the last successful order, refund and stock sync,
// with the last failure (its text from the sync record) and how many order pulls failed in a row
// since; the order pull's watermark, its last run (pages and orders), the back-off, and the last
// order message the marketplace pushed.
import { useMemo } from 'react';
import { Space, Tooltip, Typography } from 'antd';
import { CheckCircleTwoTone, WarningTwoTone } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type StoreSyncHealthRow } from '@openseller/core';
import { RelativeTime } from '../../../ui/relative-time';
import { usePageVisible } from '../../../ui/use-page-visible';
import { adminApi } from '../api';

/** The sync health of the domain's stores, by store id (refreshed every minute while visible). */
export function useStoreSyncHealth(): Map<number, StoreSyncHealthRow> {
  const visible = usePageVisible();
  const health = useQuery({ queryKey: ['store-sync-health'], queryFn: adminApi.storeSyncHealth, refetchInterval: visible ? 60_000 : false });
  return useMemo(() => new Map((health.data?.voList ?? []).map((r) => [r.storeId, r])), [health.data]);
}

function Line({ label, ok, failedAt, error }: { label: string; ok: string | null; failedAt: string | null; error: string | null }) {
  const { t } = useTranslation();
  const failing = failedAt !== null && (ok === null || failedAt > ok);
  const icon = failing ? <WarningTwoTone twoToneColor="#faad14" /> : ok ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : null;
  const body = (
    <Space size={4} style={{ fontSize: 12 }}>
      {icon}
      <span>{label}</span>
      <Typography.Text type={ok ? 'secondary' : 'warning'} style={{ fontSize: 12 }}>
        {ok ? <RelativeTime value={ok} /> : t('admin:sync.never')}
      </Typography.Text>
    </Space>
  );
  return failing ? <Tooltip title={t('admin:sync.failedAt', { time: formatDateTime(failedAt), error: error ?? '' })}>{body}</Tooltip> : body;
}

/** The order pull's watermark, its last run (pages, orders), the back-off and the last pushed message. */
function PullDetails({ health }: { health: StoreSyncHealthRow }) {
  const { t } = useTranslation();
  const run = health.lastOrderRun;
  const small = { fontSize: 12 } as const;
  return (
    <>
      {health.ordersPulledUntil && (
        <div>
          <Typography.Text type="secondary" style={small} data-testid="sync-watermark">
            {t('admin:sync.syncedUntil', { time: formatDateTime(health.ordersPulledUntil) })}
          </Typography.Text>
        </div>
      )}
      {health.resumingPull && (
        <div>
          <Typography.Text type="warning" style={small}>
            {t('admin:sync.resuming')}
          </Typography.Text>
        </div>
      )}
      {run && (
        <div>
          <Typography.Text type="secondary" style={small} data-testid="sync-last-run">
            {t('admin:sync.lastRun', { trigger: t(`admin:sync.triggers.${run.trigger}`, { defaultValue: run.trigger }), orders: run.pulled, pages: run.pages })}
          </Typography.Text>
        </div>
      )}
      {health.nextPullAt && (
        <div>
          <Typography.Text type="warning" style={small}>
            {t('admin:sync.nextPull', { time: formatDateTime(health.nextPullAt) })}
          </Typography.Text>
        </div>
      )}
      {health.lastMessageAt && (
        <div>
          <Typography.Text type="secondary" style={small}>
            {t('admin:sync.lastMessage', { time: formatDateTime(health.lastMessageAt) })}
          </Typography.Text>
        </div>
      )}
    </>
  );
}

export function SyncHealthCell({ health }: { health: StoreSyncHealthRow | undefined }) {
  const { t } = useTranslation();
  if (!health) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <Line label={t('admin:sync.orders')} ok={health.lastOrderSyncSuccessAt} failedAt={health.lastOrderSyncFailureAt} error={health.lastOrderSyncError} />
      <Line label={t('admin:sync.refunds')} ok={health.lastRefundSyncSuccessAt} failedAt={health.lastOrderSyncFailureAt} error={health.lastOrderSyncError} />
      <Line label={t('admin:sync.stock')} ok={health.lastStockSyncSuccessAt} failedAt={health.lastStockSyncFailureAt} error={health.lastStockSyncError} />
      {health.orderSyncFailures > 1 && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('admin:sync.failuresInRow', { count: health.orderSyncFailures })}
        </Typography.Text>
      )}
      <PullDetails health={health} />
    </Space>
  );
}
