// Stock rules shared by the server and the pages (DOMAIN.md, Stock quantities).
import { addDecimals, divideDecimals, formatDecimal, multiplyDecimals } from './decimal.js';

/** available = on-hand − allocated. */
export function availableOf(balance: { onHand: number; allocated: number }): number {
  return balance.onHand - balance.allocated;
}

/**
 * The moving-average cost after a receipt: (qty before × average before + qty in × unit cost) ÷
 * (qty before + qty in), 4 decimals. With nothing on hand before (or a negative count), the
 * receipt's unit cost becomes the average.
 */
export function movingAverageCost(input: { qtyBefore: number; averageBefore: string | number | null; qtyIn: number; unitCost: string | number }): string {
  if (input.qtyIn <= 0) throw new RangeError('a receipt adds a positive quantity');
  if (input.qtyBefore <= 0 || input.averageBefore === null) return formatDecimal(input.unitCost, 4);
  const value = addDecimals(multiplyDecimals(input.qtyBefore, input.averageBefore), multiplyDecimals(input.qtyIn, input.unitCost));
  return formatDecimal(divideDecimals(value, input.qtyBefore + input.qtyIn, 4), 4);
}

/** What a store is told it has: available × ratio − safety stock, never below zero, whole pieces. */
export function quantityToPush(input: { available: number; ratio: number | string; safetyStock: number }): number {
  const scaled = Math.floor(Number(formatDecimal(multiplyDecimals(Math.max(0, input.available), input.ratio), 4)));
  return Math.max(0, scaled - Math.max(0, input.safetyStock));
}
