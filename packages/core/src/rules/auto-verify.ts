// The automatic-review rule (issue 21 must-have 4): which pending order the seller's rule lets
// through, or why it keeps it for a person. The one place this rule lives; the server's job and
// its GET erpsoh/autoVerify call it for each pending order.
import { compareDecimals } from './decimal.js';
import type { AutoVerifyRemarkRule } from '../contracts/orders-auto-verify.js';

export const AUTO_VERIFY_HOLD_REASONS = [
  'AUTO_VERIFY_STORE',
  'AUTO_VERIFY_AMOUNT_LOW',
  'AUTO_VERIFY_AMOUNT_HIGH',
  'AUTO_VERIFY_SKU',
  'AUTO_VERIFY_HAS_REMARK',
  'AUTO_VERIFY_NO_REMARK',
  'AUTO_VERIFY_TOO_SOON',
  'AUTO_VERIFY_NOT_PAID',
] as const;
export type AutoVerifyHoldReason = (typeof AUTO_VERIFY_HOLD_REASONS)[number];

export interface AutoVerifyConditions {
  storeIdList: readonly number[];
  amountMin: string | null;
  amountMax: string | null;
  skuCodeList: readonly string[];
  remarkRule: AutoVerifyRemarkRule;
  minutesAfterPay: number;
}

export interface AutoVerifyCandidate {
  storeId: number;
  amountTotal: string;
  /** The SKU codes of the live (not cancelled) lines. */
  skuCodes: readonly (string | null)[];
  buyerMessage: string | null;
  sellerRemark: string | null;
  payTime: Date | null;
}

/** The first condition the order fails, or null when the rule lets it through. */
export function autoVerifyHold(rule: AutoVerifyConditions, order: AutoVerifyCandidate, now: Date): AutoVerifyHoldReason | null {
  if (rule.storeIdList.length && !rule.storeIdList.includes(order.storeId)) return 'AUTO_VERIFY_STORE';
  if (rule.amountMin !== null && compareDecimals(order.amountTotal, rule.amountMin) < 0) return 'AUTO_VERIFY_AMOUNT_LOW';
  if (rule.amountMax !== null && compareDecimals(order.amountTotal, rule.amountMax) > 0) return 'AUTO_VERIFY_AMOUNT_HIGH';
  if (rule.skuCodeList.length && order.skuCodes.some((c) => c === null || !rule.skuCodeList.includes(c))) return 'AUTO_VERIFY_SKU';
  const hasRemark = !!(order.buyerMessage?.trim() || order.sellerRemark?.trim());
  if (rule.remarkRule === 'NONE' && hasRemark) return 'AUTO_VERIFY_HAS_REMARK';
  if (rule.remarkRule === 'HAS' && !hasRemark) return 'AUTO_VERIFY_NO_REMARK';
  if (rule.minutesAfterPay > 0) {
    if (!order.payTime) return 'AUTO_VERIFY_NOT_PAID';
    if (now.getTime() - order.payTime.getTime() < rule.minutesAfterPay * 60_000) return 'AUTO_VERIFY_TOO_SOON';
  }
  return null;
}
