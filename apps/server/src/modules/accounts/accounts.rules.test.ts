import { describe, expect, it } from 'vitest';
import { captchaRequired, failureLocks, minutesUntil } from './accounts.rules.js';

describe('sign-in protection rules', () => {
  it('asks for a captcha from the 4th attempt after 3 failures', () => {
    expect(captchaRequired(2)).toBe(false);
    expect(captchaRequired(3)).toBe(true);
  });
  it('locks at the 10th failure', () => {
    expect(failureLocks(9)).toBe(false);
    expect(failureLocks(10)).toBe(true);
  });
  it('rounds the wait up to whole minutes, at least one', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(minutesUntil(new Date('2026-01-01T00:14:01Z'), now)).toBe(15);
    expect(minutesUntil(new Date('2026-01-01T00:00:00Z'), now)).toBe(1);
  });
});
