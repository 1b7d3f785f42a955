// Automatic review (issue 21 must-have 4; spec 02 §7.10 GET erpsoh/autoVerify): the seller's rule
// says which pending orders may be reviewed without a person; the job and the GET call review
// those, and an order a condition keeps back stays pending with the reason.
import { z } from 'zod';
import { Id, Version } from './common.js';
import { OrderFailure } from './orders.js';

/** What the order's remarks must be: any, none (no buyer message and no seller remark), or some. */
export const AUTO_VERIFY_REMARK_RULES = ['ANY', 'NONE', 'HAS'] as const;
export type AutoVerifyRemarkRule = (typeof AUTO_VERIFY_REMARK_RULES)[number];

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'an amount of at most 2 decimals, 0 or more')
  .optional()
  .nullable()
  .transform((v) => v || null);

/** The rule as saved (one per domain). Empty lists and null bounds do not narrow. */
export const AutoVerifyRuleInput = z
  .object({
    enabled: z.boolean(),
    /** Only orders of these stores (empty: every store). */
    storeIdList: z.array(Id).max(200).default([]),
    /** The order's amount (yuan), inclusive bounds. */
    amountMin: amount,
    amountMax: amount,
    /** Only orders whose every line is one of these SKU codes (empty: any SKU). */
    skuCodeList: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
    remarkRule: z.enum(AUTO_VERIFY_REMARK_RULES, { message: `remarkRule: one of ${AUTO_VERIFY_REMARK_RULES.join(', ')}` }).default('ANY'),
    /** Minutes that must have passed since payment (0: at once). */
    minutesAfterPay: z.number().int().min(0).max(43_200).default(0),
    version: Version.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.amountMin !== null && r.amountMax !== null && Number(r.amountMin) > Number(r.amountMax))
      ctx.addIssue({ code: 'custom', path: ['amountMax'], message: 'amountMax: must not be below amountMin' });
  });
export type AutoVerifyRuleInput = z.input<typeof AutoVerifyRuleInput>;
export type AutoVerifyRuleParsed = z.output<typeof AutoVerifyRuleInput>;

export const AutoVerifyRule = z.object({
  enabled: z.boolean(),
  storeIdList: z.array(Id),
  amountMin: z.string().nullable(),
  amountMax: z.string().nullable(),
  skuCodeList: z.array(z.string()),
  remarkRule: z.enum(AUTO_VERIFY_REMARK_RULES),
  minutesAfterPay: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AutoVerifyRule = z.infer<typeof AutoVerifyRule>;

/** One pending order the rule kept for a person, and why (a code of AUTO_VERIFY_HOLD_REASONS). */
export const AutoVerifyHeld = z.object({ id: Id, code: z.string(), reason: z.string() });

export const AutoVerifyResult = z.object({
  /** The rule is on (off: nothing was looked at). */
  enabled: z.boolean(),
  checked: z.number().int().nonnegative(),
  successIds: z.array(Id),
  /** Orders the rule keeps for manual review. */
  held: z.array(AutoVerifyHeld),
  /** Orders the rule let through that the review itself refused (stock, no courier, …). */
  failures: z.array(OrderFailure),
});
export type AutoVerifyResult = z.infer<typeof AutoVerifyResult>;
