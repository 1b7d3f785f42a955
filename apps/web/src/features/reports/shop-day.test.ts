import { describe, expect, it } from 'vitest';
import { todayIn } from './shop-day';

describe("the shop's day", () => {
  it('is the calendar day in the shop zone, not the browser one', () => {
    // 17:45 UTC on 28 November is already 01:45 on the 29th in Beijing, still the 28th in Los Angeles.
    const at = new Date('2026-11-28T17:45:00Z');
    expect(todayIn('Asia/Shanghai', at).format('YYYY-MM-DD')).toBe('2026-11-29');
    expect(todayIn('America/Los_Angeles', at).format('YYYY-MM-DD')).toBe('2026-11-28');
  });

  it('falls back to the default zone for a zone the browser does not know', () => {
    expect(todayIn('Not/AZone', new Date('2026-11-28T17:45:00Z')).format('YYYY-MM-DD')).toBe('2026-11-29');
  });
});
