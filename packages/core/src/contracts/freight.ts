// Freight templates, express (courier bill) reconciliation and the express setup of third-party
// warehouses (spec 02 §4.1 delivery method and express reconciliation status, §4.2, §7.12;
// issue 19 must-haves 3–5). Money in integer fen, weights in integer grams (billed weights as
// exact decimal kg text, as couriers bill them).
import { z } from 'zod';
import { Id, PageQuery, Version } from './common.js';
import { ExpressCompanyCode } from './express.js';

export const FreightErrors = {
  /** Two areas of enabled templates of one carrier cover the same place. */
  AREA_OVERLAP: 'ERR_FREIGHT_AREA_OVERLAP',
  /** The domain already has a bill column template for this carrier. */
  RECONCILIATION_CARRIER_TAKEN: 'ERR_EXPRESS_RECONCILIATION_CARRIER_TAKEN',
  /** A bill column template that is disabled cannot read a bill. */
  RECONCILIATION_DISABLED: 'ERR_EXPRESS_RECONCILIATION_DISABLED',
  /** A waybill account of another carrier than the one it is set for. */
  ACCOUNT_CARRIER_MISMATCH: 'ERR_WH_EXPRESS_ACCOUNT_CARRIER',
  /** Only third-party (WMS, Qimen, …) warehouses get an express setup. */
  NOT_THIRD_PARTY_WAREHOUSE: 'ERR_WH_EXPRESS_NOT_THIRD_PARTY',
} as const;

/** Spec 02 §4.1: delivery method 1 road, 2 air. */
export const DELIVERY_METHODS = [1, 2] as const;
export const DeliveryMethod = z.union([z.literal(1), z.literal(2)]);
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;

/** Spec 02 §4.1: express reconciliation NONE (not reconciled: no parcel or no price), SUCCESS, FAILURE. */
export const EXPRESS_RECONCILIATION_STATUSES = ['NONE', 'SUCCESS', 'FAILURE'] as const;
export const ExpressReconciliationStatus = z.enum(EXPRESS_RECONCILIATION_STATUSES);
export type ExpressReconciliationStatus = z.infer<typeof ExpressReconciliationStatus>;

const Grams = z.number().int().min(1).max(1_000_000);
const Fen = z.number().int().min(0).max(100_000_000);

/** One priced area: a province, or one city of it (a city row wins over its province's row). */
export const FreightArea = z.object({
  province: z.string().trim().min(1).max(30),
  city: z
    .string()
    .trim()
    .max(30)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** First weight in grams and its fee in fen. */
  firstWeight: Grams,
  firstFee: Fen,
  /** Each additional weight step in grams (started steps count whole) and its fee in fen. */
  additionalWeight: Grams,
  additionalFee: Fen,
});
export type FreightArea = z.infer<typeof FreightArea>;

export const FreightTemplateInput = z.object({
  name: z.string().trim().min(1).max(50),
  expressCompanyCode: ExpressCompanyCode,
  deliveryMethod: DeliveryMethod,
  areas: z.array(FreightArea).min(1).max(500),
});
export type FreightTemplateInput = z.infer<typeof FreightTemplateInput>;

export const UpdateFreightTemplateInput = FreightTemplateInput.extend({ id: Id, version: Version });
export type UpdateFreightTemplateInput = z.infer<typeof UpdateFreightTemplateInput>;

/** check: a template as it would be saved (with its id when it is an edit); nothing is written. */
export const CheckFreightTemplateInput = FreightTemplateInput.extend({ id: Id.optional(), enabled: z.boolean().default(true) });
export type CheckFreightTemplateInput = z.infer<typeof CheckFreightTemplateInput>;

export const FreightTemplateSearchInput = PageQuery.extend({
  name: z.string().trim().max(50).optional(),
  expressCompanyCode: ExpressCompanyCode.optional(),
  enabled: z.boolean().optional(),
});
export type FreightTemplateSearchInput = z.infer<typeof FreightTemplateSearchInput>;

export const EnableInput = z.object({ id: Id, version: Version, enabled: z.boolean() });
export type EnableInput = z.infer<typeof EnableInput>;

export const FreightTemplateRow = z.object({
  id: z.number(),
  name: z.string(),
  expressCompanyCode: z.string(),
  deliveryMethod: z.number(),
  enabled: z.boolean(),
  /** The template's price version (a new one on every change of prices or of enablement). */
  versionNo: z.number(),
  version: z.number(),
  areas: z.array(z.object({ province: z.string(), city: z.string().nullable(), firstWeight: z.number(), firstFee: z.number(), additionalWeight: z.number(), additionalFee: z.number() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FreightTemplateRow = z.infer<typeof FreightTemplateRow>;

export const CheckProblem = z.object({ field: z.string(), code: z.string(), message: z.string() });
export type CheckProblem = z.infer<typeof CheckProblem>;
export const CheckResult = z.object({ ok: z.boolean(), problems: z.array(CheckProblem) });
export type CheckResult = z.infer<typeof CheckResult>;

/** The cost of shipped parcels as the template version active at shipping prices them. */
export const ParcelCostSearchInput = PageQuery.extend({
  expressCompanyCode: ExpressCompanyCode.optional(),
  expressNo: z.string().trim().max(60).optional(),
});
export type ParcelCostSearchInput = z.infer<typeof ParcelCostSearchInput>;
export const ParcelCostRow = z.object({
  orderId: z.number(),
  orderCode: z.string(),
  expressCompanyCode: z.string(),
  expressNo: z.string(),
  shippedAt: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  /** kg, exact decimal text: the weighed weight, else the goods' weight. */
  weight: z.string(),
  weighed: z.boolean(),
  /** fen; null when no enabled template version covered the parcel's area when it shipped. */
  fee: z.number().nullable(),
  templateId: z.number().nullable(),
  templateVersionNo: z.number().nullable(),
});
export type ParcelCostRow = z.infer<typeof ParcelCostRow>;

// ---- express reconciliation: the bill column template per carrier ---------------------------

const Header = z.string().trim().min(1).max(40);

export const ExpressReconciliationInput = z.object({
  name: z.string().trim().min(1).max(50),
  expressCompanyCode: ExpressCompanyCode,
  /** The bill's column headers. */
  waybillNoColumn: Header,
  weightColumn: Header,
  feeColumn: Header,
  timeColumn: Header.nullish().transform((v) => v ?? null),
  weightUnit: z.enum(['KG', 'G']),
  feeUnit: z.enum(['YUAN', 'FEN']),
  /** Billed weight above ours by more than this (grams) is over-weight. */
  weightTolerance: z.number().int().min(0).max(100_000),
  /** Billed fee above the template price by more than this (fen) is over-charge. */
  feeTolerance: z.number().int().min(0).max(1_000_000),
});
export type ExpressReconciliationInput = z.infer<typeof ExpressReconciliationInput>;
export const UpdateExpressReconciliationInput = ExpressReconciliationInput.extend({ id: Id, version: Version });
export type UpdateExpressReconciliationInput = z.infer<typeof UpdateExpressReconciliationInput>;
export const CheckExpressReconciliationInput = ExpressReconciliationInput.extend({ id: Id.optional() });
export type CheckExpressReconciliationInput = z.infer<typeof CheckExpressReconciliationInput>;

export const ExpressReconciliationSearchInput = PageQuery.extend({ expressCompanyCode: ExpressCompanyCode.optional(), enabled: z.boolean().optional() });
export type ExpressReconciliationSearchInput = z.infer<typeof ExpressReconciliationSearchInput>;

export const ExpressReconciliationRow = z.object({
  id: z.number(),
  name: z.string(),
  expressCompanyCode: z.string(),
  waybillNoColumn: z.string(),
  weightColumn: z.string(),
  feeColumn: z.string(),
  timeColumn: z.string().nullable(),
  weightUnit: z.string(),
  feeUnit: z.string(),
  weightTolerance: z.number(),
  feeTolerance: z.number(),
  enabled: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
});
export type ExpressReconciliationRow = z.infer<typeof ExpressReconciliationRow>;

export const IdListDeleteInput = z.object({ idList: z.array(Id).min(1).max(200) });
export type IdListDeleteInput = z.infer<typeof IdListDeleteInput>;

/** The import kind of a courier bill; its options name the column template: { reconciliationId }. */
export const EXPRESS_BILL_IMPORT_KIND = 'EXPRESS_BILL';

/** One line of a courier bill after its columns were read by the carrier's template. */
export const ExpressBillImportRow = z.object({
  expressNo: z.string().trim().min(1).max(60),
  /** Decimal text in the template's unit. */
  weight: z.string().trim().regex(/^\d{1,9}(\.\d{1,3})?$/, 'Weight must be a number with at most 3 decimals'),
  fee: z.string().trim().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Fee must be a number with at most 2 decimals'),
  billTime: z.string().trim().max(40).optional(),
});
export type ExpressBillImportRow = z.infer<typeof ExpressBillImportRow>;

export const ExpressBillFlag = z.enum(['OVER_WEIGHT', 'OVER_CHARGE', 'UNMATCHED', 'NO_PRICE']);
export type ExpressBillFlag = z.infer<typeof ExpressBillFlag>;

export const ExpressBillLineSearchInput = PageQuery.extend({
  expressCompanyCode: ExpressCompanyCode.optional(),
  status: ExpressReconciliationStatus.optional(),
  flag: ExpressBillFlag.optional(),
  /** YYYY-MM of the bill line's time. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
    .optional(),
  expressNo: z.string().trim().max(60).optional(),
});
export type ExpressBillLineSearchInput = z.infer<typeof ExpressBillLineSearchInput>;

export const ExpressBillLineRow = z.object({
  id: z.number(),
  expressCompanyCode: z.string(),
  expressNo: z.string(),
  billMonth: z.string(),
  billTime: z.string().nullable(),
  /** kg, exact decimal text */
  billedWeight: z.string(),
  billedFee: z.number(),
  orderId: z.number().nullable(),
  orderCode: z.string().nullable(),
  ourWeight: z.string().nullable(),
  templateFee: z.number().nullable(),
  overWeight: z.number().nullable(),
  overCharge: z.number().nullable(),
  status: ExpressReconciliationStatus,
  flags: z.array(ExpressBillFlag),
});
export type ExpressBillLineRow = z.infer<typeof ExpressBillLineRow>;

export const ExpressBillSummaryInput = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
    .optional(),
});
export const ExpressBillSummaryRow = z.object({
  month: z.string(),
  expressCompanyCode: z.string(),
  lines: z.number(),
  unmatched: z.number(),
  failures: z.number(),
  billedTotal: z.number(),
  /** fen: the sum of what was billed above the template price on over-charged lines. */
  overChargeTotal: z.number(),
});
export type ExpressBillSummaryRow = z.infer<typeof ExpressBillSummaryRow>;

// ---- third-party warehouse express setup --------------------------------------------------------

export const WhExpressEntry = z.object({
  expressCompanyCode: ExpressCompanyCode,
  waybillAccountId: Id.nullish().transform((v) => v ?? null),
  isDefault: z.boolean().default(false),
});
export const SaveWhExpressInput = z.object({ warehouseId: Id, entries: z.array(WhExpressEntry).max(50) });
export type SaveWhExpressInput = z.infer<typeof SaveWhExpressInput>;

export const WhExpressWarehouseRow = z.object({
  warehouseId: z.number(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  warehouseType: z.string(),
  stopUsing: z.boolean(),
  entries: z.array(z.object({ expressCompanyCode: z.string(), waybillAccountId: z.number().nullable(), waybillAccountName: z.string().nullable(), isDefault: z.boolean() })),
});
export type WhExpressWarehouseRow = z.infer<typeof WhExpressWarehouseRow>;
