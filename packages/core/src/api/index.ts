// The route catalogue: every call the server serves, one map per area. The server registers
// routes only from calls listed here (a call not in ALL_CALLS cannot be registered), and the
// conformance test (apps/server/src/modules/system/catalogue.api.test.ts) checks them against
// the spec's index of calls.
import type { CallDef, CallMap } from './define.js';
import { PromotionCalls } from './promotions.js';
import { STOCK_CALL_MAPS } from './stock.js';
import { RmaCalls } from './rma.js';

export { PromotionCalls };
export * from './stock.js';
export { RmaCalls };

/** Every area's call map, by area name (the area names of ARCHITECTURE.md). */
export const CALL_MAPS: Record<string, CallMap> = {
  promotions: PromotionCalls,
  ...STOCK_CALL_MAPS,
  rma: RmaCalls,
};

/** Every call of the catalogue. */
export const ALL_CALLS: readonly CallDef[] = Object.values(CALL_MAPS).flatMap((calls) => Object.values(calls));
