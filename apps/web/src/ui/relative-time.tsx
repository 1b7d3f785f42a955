import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, relativeTime } from '@openseller/core';

/** A time as 'just now', '3 hours ago', 'yesterday'… with the exact time on hover. */
export function RelativeTime({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  if (!value) return <span>-</span>;
  const rel = relativeTime(value);
  const text = rel.kind === 'justNow' || rel.kind === 'yesterday' ? t(`common:relative.${rel.kind}`) : t(`common:relative.${rel.kind}`, { count: rel.count });
  return (
    <Tooltip title={formatDateTime(value, { seconds: true })}>
      <span>{text}</span>
    </Tooltip>
  );
}

/** A date and time in the spec's format (spec 01 §9: 'YYYY-MM-DD HH:mm'), or '-' when there is none. */
export function DateTime({ value }: { value: string | null | undefined }) {
  return <span>{formatDateTime(value) || '-'}</span>;
}
