// The notice's status, its sync to the warehouse system and that system's own status, as tags.
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AsnRow, AsnStatus, SyncStatus, ThirdPartyStatus } from '@openseller/core';

const STATUS_COLORS: Record<AsnStatus, string> = {
  CI_ASN_STATUS_CREATED: 'processing',
  CI_ASN_STATUS_SYNCED: 'cyan',
  CI_ASN_STATUS_COMPLETED: 'success',
  CI_ASN_STATUS_CLOSED: 'default',
};
const SYNC_COLORS: Record<SyncStatus, string> = { REQUEST: 'gold', SENDING: 'processing', FAILURE: 'error', SUCCESS: 'success', STOP: 'default' };
const WMS_COLORS: Partial<Record<ThirdPartyStatus, string>> = { SENTED: 'blue', IN_PROCESS: 'processing', FULFILLED: 'success', CANCELING: 'warning', CANCEL: 'default', CLOSED: 'default' };

export function AsnStatusTag({ status }: { status: AsnStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`inbound:statuses.${status}`)}</Tag>;
}

/** Sync and warehouse-system status of a notice of a third-party warehouse; nothing for a seller-run one. */
export function AsnSyncTags({ row }: { row: AsnRow }) {
  const { t } = useTranslation();
  if (!row.syncStatus) return <Typography.Text type="secondary">{t('inbound:sync.local')}</Typography.Text>;
  return (
    <Space size={2} wrap>
      {/* Once synced, the warehouse system's own status says more. */}
      {(row.syncStatus !== 'SUCCESS' || !row.wmsStatus) && (
        <Tooltip title={row.syncError ?? undefined}>
          <Tag color={SYNC_COLORS[row.syncStatus]}>{t(`inbound:sync.statuses.${row.syncStatus}`)}</Tag>
        </Tooltip>
      )}
      {row.wmsStatus && <Tag color={WMS_COLORS[row.wmsStatus] ?? 'default'}>{t(`inbound:wmsStatuses.${row.wmsStatus}`)}</Tag>}
      {row.cancelSyncStatus === 'FAILURE' && (
        <Tooltip title={row.syncError ?? undefined}>
          <Tag color="error">{t('inbound:sync.cancelFailed')}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** Received against noticed. */
export function ReceivedOfNoticed({ received, noticed }: { received: number; noticed: number }) {
  const type = received === 0 ? 'secondary' : received >= noticed ? 'success' : 'warning';
  return (
    <Typography.Text type={type}>
      {received} / {noticed}
    </Typography.Text>
  );
}
