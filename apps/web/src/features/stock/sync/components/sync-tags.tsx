// How sync statuses, triggers, ratios and push failures read in the stock sync page and the log.
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StockSyncRecordRow, StockSyncStatus } from '@openseller/core';
import { errorMessage } from '../../../../app/request';

const STATUS_COLORS: Record<StockSyncStatus, string> = { REQUEST: 'default', SENDING: 'processing', FAILURE: 'error', SUCCESS: 'success', STOP: 'warning' };

export function SyncStatusTag({ status, stopReason }: { status: StockSyncStatus | null; stopReason?: StockSyncRecordRow['stopReason'] }) {
  const { t } = useTranslation();
  if (!status) return <Typography.Text type="secondary">{t('stocksync:never')}</Typography.Text>;
  const tag = <Tag color={STATUS_COLORS[status]}>{t(`stocksync:statuses.${status}`)}</Tag>;
  return stopReason ? <Tooltip title={t(`stocksync:stopReasons.${stopReason}`)}>{tag}</Tooltip> : tag;
}

/** 0.8000 → "0.8 (80%)". */
export function ratioText(ratio: string): string {
  const value = Number(ratio);
  return `${value} (${Math.round(value * 10000) / 100}%)`;
}

/** Why a push failed: our words for its code, and what the marketplace said. */
export function SyncErrorCell({ record }: { record: Pick<StockSyncRecordRow, 'errorCode' | 'errorMessage'> }) {
  if (!record.errorCode) return <span>-</span>;
  const words = errorMessage({ code: record.errorCode, message: record.errorMessage ?? record.errorCode, params: { detail: record.errorMessage ?? '', platformCode: '' } });
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text type="danger">{words}</Typography.Text>
      {record.errorMessage && words !== record.errorMessage && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {record.errorMessage}
        </Typography.Text>
      )}
    </Space>
  );
}

/** The online SKU: its title and properties, with the marketplace id below. */
export function OnlineSkuCell({ row }: { row: { title: string | null; properties: string | null; tbSkuId: string; outerSkuId: string | null } }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text ellipsis={{ tooltip: row.title }} style={{ maxWidth: 260 }}>
        {row.title ?? row.tbSkuId}
      </Typography.Text>
      {row.properties && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.properties}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('stocksync:columns.tbSkuIdShort', { id: row.tbSkuId })}
        {row.outerSkuId ? ` · ${t('stocksync:columns.outerSkuIdShort', { code: row.outerSkuId })}` : ''}
      </Typography.Text>
    </Space>
  );
}
