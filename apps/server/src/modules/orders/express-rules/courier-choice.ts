// The courier choice the ingest pipeline asks of the express rules (spec 02 §3.10, §7.8).
// Provided by the express-rules part as ctx.registry.provide(EXPRESS_RULES_SERVICE, service).
import type { Tx } from '../../../db/client.js';

export const EXPRESS_RULES_SERVICE = 'express-rules';

export interface CourierChoiceInput {
  /** Any key the caller uses to match answers to inputs (e.g. the platform order number). */
  key: string;
  storeId: number;
  warehouseId: number | null;
  province: string | null;
  city: string | null;
  district: string | null;
  /** Total weight in kg, 3 decimals. */
  weightKg: string;
  lines: { skuId: number | null; skuCode: string | null; qty: number }[];
  buyerMessage?: string | null;
  sellerRemark?: string | null;
}

export interface CourierChoice {
  key: string;
  /** The chosen carrier, or null when no rule chose one (EXPRESS_MATCH_FAIL). */
  expressCompanyCode: string | null;
  /** BY_AREA, BY_WEIGHT, BY_STORE, BY_CUSTOM, BY_SKU, or null. */
  ruleType: string | null;
  ruleId: number | null;
  /** Why, in words for the dry-run view (English; the web shows it as is). */
  reason: string;
  /** The chosen carrier does not ship to the receiver's area (a stop-shipping area): EXPRESS_PROHIBITED. */
  prohibited: boolean;
}

export interface ExpressRulesService {
  /** One answer per input, in the same order; reads the domain's rules once for the batch. */
  chooseCouriers(tx: Tx, domainId: number, inputs: CourierChoiceInput[]): Promise<CourierChoice[]>;
}
