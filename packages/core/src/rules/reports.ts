// Sales report arithmetic (issue 16): the aggregates keep money in integer fen; answers carry
// yuan texts with 2 decimals, made from the integer (never from a float sum).

/** '12.34' from 1234 fen; '-0.05' from -5. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error(`not a whole number of fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Gross margin percent (profit / net sales × 100), 2 decimals half up, in integers; null when net sales are not positive. */
export function marginPercent(profitFen: number, netFen: number): string | null {
  if (netFen <= 0) return null;
  const negative = profitFen < 0;
  const p = Math.abs(profitFen);
  const hundredths = Math.floor((p * 10000 * 2 + netFen) / (2 * netFen));
  const text = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
  return negative && hundredths > 0 ? `-${text}` : text;
}

/** The longest period a sales report covers, in days (both ends counted). */
export const REPORT_MAX_DAYS = 366;

/** Days from start to end, both counted, of two 'YYYY-MM-DD' texts (calendar days, no time zone). */
export function reportPeriodDays(startDate: string, endDate: string): number {
  const day = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  return Math.round((day(endDate) - day(startDate)) / 86_400_000) + 1;
}
