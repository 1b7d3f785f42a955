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
  return formatDateTime(date, { seconds: true });
}

export type DateInput = Date | number | string | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a value names, or null when it names none (missing, empty, not a date). */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    // A bare calendar date is that day here, not midnight UTC (which is the day before west of it).
    const day = DATE_ONLY.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date and time as people read it everywhere in the app: 'YYYY-MM-DD HH:mm' (spec 01 §9's
 * default format), with ':ss' when `seconds` is asked for (the range-picker time format), in the
 * local time zone. Answers '' for a value that names no instant, so the caller shows its own dash.
 */
export function formatDateTime(value: DateInput, options: { seconds?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${options.seconds ? `:${pad(d.getSeconds())}` : ''}`;
  return `${formatDate(d)} ${time}`;
}

/** A calendar date as 'YYYY-MM-DD' (spec 01 §9), in the local time zone; '' for no date. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/** A month as 'YYYY-MM' (spec 01 §9); '' for no date. */
export function formatMonth(value: DateInput): string {
  return formatDate(value).slice(0, 7);
}
