// Stock sync to stores: what a store is told it has when it draws on several warehouses.
import { compareDecimals, decimalPlaces, isDecimalText } from './decimal.js';
import { quantityToPush } from './stock.js';

/** The largest ratio a sync rule takes: a store is never told more than the warehouse has. */
export const MAX_SYNC_RATIO = 1;
export const SYNC_RATIO_DECIMALS = 4;

/** A ratio is a decimal from 0 to 1 with at most 4 decimals ('0.8', 0.75, '1'). */
export function isSyncRatio(value: number | string): boolean {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!isDecimalText(text) || /e/i.test(text)) return false;
  if (decimalPlaces(text) > SYNC_RATIO_DECIMALS) return false;
  return compareDecimals(text, 0) >= 0 && compareDecimals(text, MAX_SYNC_RATIO) <= 0;
}

export interface WarehouseShare {
  /** Available (on-hand − allocated) of the SKU in the warehouse; a combination's derived one. */
  available: number;
  ratio: number | string;
  safetyStock: number;
}

/**
 * Each warehouse of the store's rules contributes its own ⌊available × ratio⌋ − safety stock
 * (never below zero); the store is told the sum. A warehouse with nothing to spare adds nothing,
 * so its safety stock never eats into another warehouse's share.
 */
export function storeQuantityToPush(shares: readonly WarehouseShare[]): number {
  return shares.reduce((sum, share) => sum + quantityToPush(share), 0);
}
