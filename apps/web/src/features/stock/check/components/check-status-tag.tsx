import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StockCheckStatus } from '@openseller/core';

const COLORS: Record<StockCheckStatus, string> = { COUNTING: 'processing', CONFIRMED: 'success', CANCELLED: 'default' };

export function CheckStatusTag({ status }: { status: StockCheckStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`stockcheck:status.${status}`)}</Tag>;
}

/** A signed quantity: +3 in green, −2 in red, 0 plain. */
export function SignedQty({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span>-</span>;
  if (value === 0) return <span>0</span>;
  return <span style={{ color: value > 0 ? '#389e0d' : '#cf1322', fontWeight: 500 }}>{value > 0 ? `+${value}` : `−${-value}`}</span>;
}
