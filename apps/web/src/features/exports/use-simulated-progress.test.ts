import { describe, expect, it } from 'vitest';
import { nextSimulatedProgress } from './use-simulated-progress';

describe('simulated export progress', () => {
  it('rises by a random step of 0 to 4 below 90 %', () => {
    expect(nextSimulatedProgress(10, 0)).toBe(10);
    expect(nextSimulatedProgress(10, 0.99)).toBe(14);
  });
  it('rises by 1 above 90 % and stops at 99 %', () => {
    expect(nextSimulatedProgress(91, 0.99)).toBe(92);
    expect(nextSimulatedProgress(99, 0.5)).toBe(99);
    expect(nextSimulatedProgress(98.5, 0.5)).toBe(99);
  });
});
