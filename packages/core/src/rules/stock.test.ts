import { describe, expect, it } from 'vitest';
import { formatDecimal, divideDecimals } from './decimal.js';
import { availableOf, movingAverageCost, quantityToPush } from './stock.js';

describe('stock rules', () => {
  it('computes available as on-hand minus allocated', () => {
    expect(availableOf({ onHand: 10, allocated: 3 })).toBe(7);
  });

  it('moves the average cost with each receipt', () => {
    expect(movingAverageCost({ qtyBefore: 10, averageBefore: '5.0000', qtyIn: 10, unitCost: '7' })).toBe('6.0000');
    expect(movingAverageCost({ qtyBefore: 3, averageBefore: '1.0000', qtyIn: 1, unitCost: '2' })).toBe('1.2500');
    expect(movingAverageCost({ qtyBefore: 2, averageBefore: '1', qtyIn: 1, unitCost: '1.0001' })).toBe('1.0000');
  });

  it('takes the receipt cost when nothing was on hand', () => {
    expect(movingAverageCost({ qtyBefore: 0, averageBefore: '9.9', qtyIn: 4, unitCost: '3.5' })).toBe('3.5000');
    expect(movingAverageCost({ qtyBefore: 5, averageBefore: null, qtyIn: 4, unitCost: '3.5' })).toBe('3.5000');
  });

  it('pushes available × ratio − safety stock, never below zero', () => {
    expect(quantityToPush({ available: 100, ratio: '0.8', safetyStock: 5 })).toBe(75);
    expect(quantityToPush({ available: 3, ratio: 1, safetyStock: 5 })).toBe(0);
    expect(quantityToPush({ available: 7, ratio: '0.5', safetyStock: 0 })).toBe(3);
    expect(quantityToPush({ available: -2, ratio: 1, safetyStock: 0 })).toBe(0);
  });

  it('divides decimals exactly with half-up rounding', () => {
    expect(formatDecimal(divideDecimals('10', '3', 4), 4)).toBe('3.3333');
    expect(formatDecimal(divideDecimals('2', '3', 4), 4)).toBe('0.6667');
    expect(formatDecimal(divideDecimals('-1', '8', 2), 2)).toBe('-0.13');
  });
});
