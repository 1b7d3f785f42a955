import { describe, expect, it } from 'vitest';
import { isSyncRatio, storeQuantityToPush } from './stocksync.js';

describe('stock sync rules', () => {
  it('accepts ratios from 0 to 1 with at most 4 decimals', () => {
    for (const ok of [0, 1, '0', '1', '0.5', 0.75, '0.0001', '1.0000']) expect(isSyncRatio(ok)).toBe(true);
    for (const bad of [-0.1, '1.0001', 1.5, '2', '0.12345', 'abc', '', Number.NaN, '1e-3']) expect(isSyncRatio(bad)).toBe(false);
  });

  it('adds each warehouse share, every share taking its own safety stock and never below zero', () => {
    expect(storeQuantityToPush([{ available: 40, ratio: '0.5', safetyStock: 3 }])).toBe(17);
    // 10 × 0.8 − 2 = 6, plus 3 × 1 − 5 → 0 (not −2).
    expect(
      storeQuantityToPush([
        { available: 10, ratio: '0.8', safetyStock: 2 },
        { available: 3, ratio: 1, safetyStock: 5 },
      ]),
    ).toBe(6);
    // 7 × 0.5 = 3.5 → 3 whole pieces.
    expect(storeQuantityToPush([{ available: 7, ratio: '0.5', safetyStock: 0 }])).toBe(3);
    expect(storeQuantityToPush([])).toBe(0);
  });
});
