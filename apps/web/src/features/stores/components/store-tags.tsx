// How a store's platform, type, authorization and last goods sync read in tables and forms. The
// sandbox marketplace always shows as a test platform, so nobody mistakes it for a real one.
import { Space, Tag, Tooltip, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findPlatform, formatDateTime, type StoreAuthState, type StoreRow, type SyncRunRow } from '@openseller/core';
import { RelativeTime } from '../../../ui/relative-time';
import { platformLabel } from '../queries';

export function PlatformTag({ code }: { code: string }) {
  const { t } = useTranslation();
  const kind = findPlatform(code)?.kind;
  if (kind === 'sandbox') {
    return (
      <Tooltip title={t('stores:platform.sandboxHint')}>
        <Tag color="purple" icon={<ExperimentOutlined />}>
          {platformLabel(code)}
        </Tag>
      </Tooltip>
    );
  }
  return <Tag color={kind === 'offline' ? 'default' : kind === 'selfDefined' ? 'cyan' : 'blue'}>{platformLabel(code)}</Tag>;
}

const AUTH_COLORS: Record<StoreAuthState, string> = { NOT_REQUIRED: 'default', NONE: 'orange', AUTHORIZED: 'green', EXPIRING: 'gold', EXPIRED: 'red' };

export function AuthStateTag({ store }: { store: Pick<StoreRow, 'authState' | 'tokenExpiresAt'> }) {
  const { t } = useTranslation();
  const tag = <Tag color={AUTH_COLORS[store.authState]}>{t(`stores:authStates.${store.authState}`)}</Tag>;
  if (!store.tokenExpiresAt || store.authState === 'NOT_REQUIRED' || store.authState === 'NONE') return tag;
  return (
    <Space direction="vertical" size={0}>
      {tag}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('stores:list.validUntil', { time: formatDateTime(store.tokenExpiresAt) })}
      </Typography.Text>
    </Space>
  );
}

const SYNC_COLORS: Record<SyncRunRow['status'], string> = { QUEUED: 'default', RUNNING: 'processing', SUCCESS: 'success', FAILED: 'error' };

export function SyncRunTag({ run }: { run: SyncRunRow }) {
  const { t } = useTranslation();
  return <Tag color={SYNC_COLORS[run.status]}>{t(`stores:sync.statuses.${run.status}`)}</Tag>;
}

/** The last goods sync of a store: status, when, and what it did (or why it failed). */
export function LastSyncCell({ store }: { store: StoreRow }) {
  const { t } = useTranslation();
  const run = store.lastSync;
  if (store.storeType !== 1) return <Typography.Text type="secondary">-</Typography.Text>;
  if (!run) return <Typography.Text type="secondary">{t('stores:sync.never')}</Typography.Text>;
  const summary =
    run.status === 'FAILED'
      ? syncErrorText(t, run)
      : t('stores:sync.summary', { items: run.itemCount, created: run.itemsCreated, updated: run.itemsUpdated, skus: run.skusCreated });
  return (
    <Space direction="vertical" size={0}>
      <Space size={4}>
        <SyncRunTag run={run} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <RelativeTime value={run.finishedAt ?? run.startedAt ?? run.createdAt} />
        </Typography.Text>
      </Space>
      {(run.status === 'SUCCESS' || run.status === 'FAILED') && (
        <Typography.Text type={run.status === 'FAILED' ? 'danger' : 'secondary'} style={{ fontSize: 12, maxWidth: 220 }} ellipsis={{ tooltip: summary }}>
          {summary}
        </Typography.Text>
      )}
    </Space>
  );
}

export function syncErrorText(t: (key: string, options?: Record<string, unknown>) => string, run: SyncRunRow): string {
  const code = run.errorCode ?? '';
  const detail = run.errorMessage ?? '';
  const known = t(`stores:errors.${code}`, { defaultValue: '', name: '', platformCode: '', detail });
  if (!known) return detail;
  return known.includes(detail) ? known : `${known} — ${detail}`;
}
