// The route catalogue: every call the server serves, one map per area. The server registers
// routes only from calls listed here (a call not in ALL_CALLS cannot be registered), and the
// conformance test (apps/server/src/modules/system/catalogue.api.test.ts) checks them against
// the spec's index of calls.
import type { CallDef, CallMap } from './define.js';
import { GoodsCalls } from './goods.js';
import { MappingCalls } from './mapping.js';
import { PromotionCalls } from './promotions.js';
import { STOCK_CALL_MAPS } from './stock.js';

export { PromotionCalls };
export { GoodsCalls, GOODS_ACCESS, SKU_PICKER_ACCESS } from './goods.js';
export { MappingCalls, MAPPING_MENU } from './mapping.js';
export * from './stock.js';

/** Every area's call map, by area name (the area names of ARCHITECTURE.md). */
export const CALL_MAPS: Record<string, CallMap> = {
  promotions: PromotionCalls,
  goods: GoodsCalls,
  mapping: MappingCalls,
  ...STOCK_CALL_MAPS,
};

/** Every call of the catalogue. */
export const ALL_CALLS: readonly CallDef[] = Object.values(CALL_MAPS).flatMap((calls) => Object.values(calls));
