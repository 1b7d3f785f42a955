import { describe, expect, it } from 'vitest';
import { introSeen } from './guidance';

describe('guide intro state', () => {
  it('counts an intro as seen once completed or skipped', () => {
    expect(introSeen(JSON.stringify({ skip: false, complete: true }))).toBe(true);
    expect(introSeen(JSON.stringify({ skip: true, complete: false }))).toBe(true);
  });

  it('shows an intro never recorded, recorded as neither, or stored unreadably', () => {
    expect(introSeen(undefined)).toBe(false);
    expect(introSeen(JSON.stringify({ skip: false, complete: false }))).toBe(false);
    expect(introSeen('not json')).toBe(false);
  });
});
