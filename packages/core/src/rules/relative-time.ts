// Relative time (spec 01 §9): under a minute 'just now', then minutes, hours, yesterday, days,
// weeks and months of 30 days. The web app words each kind in the user's language.

export type RelativeTime =
  | { kind: 'justNow' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'yesterday' }
  | { kind: 'days'; count: number }
  | { kind: 'weeks'; count: number }
  | { kind: 'months'; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(when: Date | number | string, now: Date | number = Date.now()): RelativeTime {
  const then = new Date(when).getTime();
  const diff = Math.max(0, new Date(now).getTime() - then);
  if (diff < MINUTE) return { kind: 'justNow' };
  if (diff < HOUR) return { kind: 'minutes', count: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { kind: 'hours', count: Math.floor(diff / HOUR) };
  const days = Math.floor(diff / DAY);
  if (days === 1) return { kind: 'yesterday' };
  if (days < 7) return { kind: 'days', count: days };
  if (days < 30) return { kind: 'weeks', count: Math.floor(days / 7) };
  return { kind: 'months', count: Math.floor(days / 30) };
}
