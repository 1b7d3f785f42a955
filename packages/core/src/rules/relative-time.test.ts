import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.js';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative time', () => {
  it('says just now under a minute', () => {
    expect(relativeTime(ago(59_000), now)).toEqual({ kind: 'justNow' });
  });
  it('counts minutes, then hours', () => {
    expect(relativeTime(ago(5 * MIN), now)).toEqual({ kind: 'minutes', count: 5 });
    expect(relativeTime(ago(3 * HOUR + 10 * MIN), now)).toEqual({ kind: 'hours', count: 3 });
  });
  it('says yesterday between one and two days', () => {
    expect(relativeTime(ago(30 * HOUR), now)).toEqual({ kind: 'yesterday' });
  });
  it('counts days, weeks and months of 30 days', () => {
    expect(relativeTime(ago(3 * DAY), now)).toEqual({ kind: 'days', count: 3 });
    expect(relativeTime(ago(15 * DAY), now)).toEqual({ kind: 'weeks', count: 2 });
    expect(relativeTime(ago(65 * DAY), now)).toEqual({ kind: 'months', count: 2 });
  });
  it('treats a time in the future as just now', () => {
    expect(relativeTime(new Date(now.getTime() + HOUR), now)).toEqual({ kind: 'justNow' });
  });
});
