// Timestamps in answers: ISO 8601 in UTC, null where unknown. The web app shows them in the spec's
// formats (packages/core rules). Accepts what drivers hand back: a Date, or a text from raw SQL.
export function isoTime(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(NaN);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** isoTime of a value that is never null (a NOT NULL column). */
export function isoTimeOf(value: Date | string): string {
  const text = isoTime(value);
  if (text === null) throw new Error(`not a timestamp: ${String(value)}`);
  return text;
}
