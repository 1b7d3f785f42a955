import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, relativeTime } from '@openseller/core';

/** A time as 'just now', '3 hours ago', 'yesterday'… with the exact time on hover. */
export function RelativeTime({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  if (!value) return <span>-</span>;
  const rel = relativeTime(value);
  const text = rel.kind === 'justNow' || rel.kind === 'yesterday' ? t(`common:relative.${rel.kind}`) : t(`common:relative.${rel.kind}`, { count: rel.count });
  return (
    <Tooltip title={dayjs(value).format(DATE_TIME_FORMAT.replace('HH:mm', 'HH:mm:ss'))}>
      <span>{text}</span>
    </Tooltip>
  );
}

export function DateTime({ value }: { value: string | null | undefined }) {
  return <span>{value ? dayjs(value).format(DATE_TIME_FORMAT) : '-'}</span>;
}
