// Date ranges picked by a user snap to the start and end of the day or month (spec 01 §9).
// Works in the local time zone of the caller (the browser).

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const RANGE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const MONTH_FORMAT = 'YYYY-MM';

export type RangeUnit = 'day' | 'month';

export function startOf(date: Date, unit: RangeUnit): Date {
  const d = new Date(date.getTime());
  if (unit === 'month') d.setDate(1);
  d.setHours(0, 0, 0, 0);
  return d;
}

export function endOf(date: Date, unit: RangeUnit): Date {
  const d = new Date(date.getTime());
  if (unit === 'month') d.setMonth(d.getMonth() + 1, 0);
  d.setHours(23, 59, 59, 999);
  return d;
}

export function snapRange(range: readonly [Date, Date], unit: RangeUnit = 'day'): [Date, Date] {
  const [a, b] = range[0] <= range[1] ? range : [range[1], range[0]];
  return [startOf(a, unit), endOf(b, unit)];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats a local date-time as 'YYYY-MM-DD HH:mm:ss' (the range-picker time format). */
export function formatRangeTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
