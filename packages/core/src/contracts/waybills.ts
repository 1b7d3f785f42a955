// Waybill accounts and waybill numbers (spec 02 §3.9, §5, §7.13; spec 01 §2.2 /config/accounts).
//
// A waybill account (myhome/etrackaccount) pairs a platform print code with a carrier the domain
// has chosen, and carries the fields that kind of account needs. Required fields per print code
// (our design of spec 02 §5 "required fields for carrier and template forms"):
//   cn, pdd, dy, KSXD  (platform e-waybills: the platform's shop subscription and the carrier branch)
//                      shop, branchName
//   jd                 (JD logistics open platform)  customerCode, monthlyAccount
//   vip, vipShop       (Vipshop JIT / shop)          shop, customerCode
//   rm                 (carrier direct e-waybill)    customerCode, password, + SF/SFKY: monthlyCardNumber
//   zm                 (carrier direct, user login)  username, password, customerName
// linkProviderId (optional, cn only): the seller's resource code at Cainiao LINK (logistic_provider_id);
// a real cn account with it takes numbers through Cainiao LINK, without it through TOP with the
// session of the authorised Taobao store its shop names.
// paymentType defaults per carrier when empty (spec 02 §5): SF/SFKY 'ORDER_PAY', others '0'.
// Waybill numbers come from the carrier connector; a number once given is never given to another
// order (unique per domain + carrier). Paper waybills count up from the last number per courier.
import { z } from 'zod';
import { Id, PageQuery, Version } from './common.js';
import { OrderFailure } from './orders.js';

export const PLATFORM_PRINT_CODES = ['cn', 'pdd', 'dy', 'rm', 'zm', 'jd', 'vip', 'vipShop', 'KSXD'] as const;
export type PlatformPrintCode = (typeof PLATFORM_PRINT_CODES)[number];

/** The account fields a kind of account may need (spec 02 §5 names). */
export const WAYBILL_ACCOUNT_FIELDS = [
  'shop',
  'branchName',
  'customerCode',
  'monthlyAccount',
  'monthlyCardNumber',
  'username',
  'password',
  'customerName',
  'paymentType',
  'productType',
  'transportType',
  'businessType',
  'linkProviderId',
] as const;
export type WaybillAccountField = (typeof WAYBILL_ACCOUNT_FIELDS)[number];

const BASE_REQUIRED: Record<PlatformPrintCode, readonly WaybillAccountField[]> = {
  cn: ['shop', 'branchName'],
  pdd: ['shop', 'branchName'],
  dy: ['shop', 'branchName'],
  KSXD: ['shop', 'branchName'],
  jd: ['customerCode', 'monthlyAccount'],
  vip: ['shop', 'customerCode'],
  vipShop: ['shop', 'customerCode'],
  rm: ['customerCode', 'password'],
  zm: ['username', 'password', 'customerName'],
};

/** The fields an account of this print code and carrier must have, in form order. */
export function requiredWaybillFields(printCode: PlatformPrintCode, expressCompanyCode: string): WaybillAccountField[] {
  const fields = [...BASE_REQUIRED[printCode]];
  if (printCode === 'rm' && (expressCompanyCode === 'SF' || expressCompanyCode === 'SFKY')) fields.push('monthlyCardNumber');
  return fields;
}

/**
 * Which connector serves a waybill account: the sandbox carrier for sandbox accounts; for real ones
 * Cainiao (cn) through Cainiao LINK when the account has a linkProviderId, else through TOP in its
 * Taobao store's session; Pinduoduo waybills (pdd); other print codes have no connector in this build.
 */
export const WAYBILL_CONNECTORS = ['SANDBOX', 'CAINIAO_TOP', 'CAINIAO_LINK', 'PDD_WAYBILL', 'DOUYIN_WAYBILL', 'NONE'] as const;
export type WaybillConnector = (typeof WAYBILL_CONNECTORS)[number];

export function waybillConnectorOf(account: { printCode?: PlatformPrintCode | undefined; sandbox: boolean; fields?: Partial<Record<string, string>> | undefined }): WaybillConnector {
  if (account.sandbox) return 'SANDBOX';
  if (account.printCode === 'cn') return account.fields?.linkProviderId?.trim() ? 'CAINIAO_LINK' : 'CAINIAO_TOP';
  if (account.printCode === 'pdd') return 'PDD_WAYBILL';
  if (account.printCode === 'dy') return 'DOUYIN_WAYBILL';
  return 'NONE';
}

/** The payment type used when the account leaves it empty (spec 02 §5). */
export function defaultPaymentType(expressCompanyCode: string): string {
  return expressCompanyCode === 'SF' || expressCompanyCode === 'SFKY' ? 'ORDER_PAY' : '0';
}

/** Express tracking states (spec 02 §4.1). */
export const TRACKING_STATES = ['NO', 'NOT_TRANSIT', 'REGISTER', 'GOT', 'TRANSIT', 'SIGNED', 'EXCEPTION', 'REGISTER_ERROR'] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

export const WaybillErrors = {
  /** A required account field is empty (params: field). */
  FIELD_REQUIRED: 'ERR_WAYBILL_FIELD_REQUIRED',
  /** The carrier is not one of the domain's express companies (params: code). */
  CARRIER_NOT_CHOSEN: 'ERR_WAYBILL_CARRIER_NOT_CHOSEN',
  /** The order has no courier. */
  NO_COURIER: 'ERR_WAYBILL_NO_COURIER',
  /** No usable waybill account for the order's courier (params: expressCompanyCode). */
  NO_ACCOUNT: 'ERR_WAYBILL_NO_ACCOUNT',
  /** The carrier refused or failed (params: reason). */
  CARRIER_FAILED: 'ERR_WAYBILL_CARRIER_FAILED',
  /** The number was already given to another order (params: expressNo). */
  NUMBER_TAKEN: 'ERR_WAYBILL_NUMBER_TAKEN',
  /** No last paper number set for the courier (params: expressCompanyCode). */
  NO_LAST_NO: 'ERR_WAYBILL_NO_LAST_NO',
  /** The order is not in the print tab (params: status). */
  STATUS: 'ERR_WAYBILL_STATUS',
  /** No domain has the code given for a share (params: field, domainCode). */
  SHARE_DOMAIN_UNKNOWN: 'ERR_WAYBILL_SHARE_DOMAIN_UNKNOWN',
  /** An account is not shared to its own domain. */
  SHARE_SELF: 'ERR_WAYBILL_SHARE_SELF',
  /** The account is already shared to that domain (params: domainCode). */
  SHARE_EXISTS: 'ERR_WAYBILL_SHARE_EXISTS',
  /** The share is stopped (params: expressCompanyCode). */
  SHARE_STOPPED: 'ERR_WAYBILL_SHARE_STOPPED',
  /** The share's count is used up (params: expressCompanyCode). */
  SHARE_USED_UP: 'ERR_WAYBILL_SHARE_USED_UP',
  /** Numbers were taken through the share: stop it instead (params: usedNum). */
  SHARE_IN_USE: 'ERR_WAYBILL_SHARE_IN_USE',
  /** A share's new count is below the numbers already taken through it (params: field, count, usedNum). */
  SHARE_COUNT_BELOW_USED: 'ERR_WAYBILL_SHARE_COUNT_BELOW_USED',
} as const;

const Text = (max: number) => z.string().trim().max(max, { message: `at most ${max} characters` });

const fieldShape = Object.fromEntries(WAYBILL_ACCOUNT_FIELDS.map((f) => [f, Text(100).optional()])) as Record<WaybillAccountField, z.ZodOptional<z.ZodString>>;

export const WaybillAccountSave = z.object({
  printCode: z.enum(PLATFORM_PRINT_CODES, { message: 'printCode: unknown platform print code' }),
  expressCompanyCode: z.string().trim().min(1, { message: 'expressCompanyCode is required' }).max(30),
  name: z.string().trim().min(1, { message: 'name is required' }).max(60, { message: 'name: at most 60 characters' }),
  /** Served by the sandbox carrier; false: the real connector of the print code (cn: Cainiao, pdd: Pinduoduo waybills), where this build has one. */
  sandbox: z.boolean().default(true),
  isDefault: z.boolean().default(false),
  ...fieldShape,
});
export type WaybillAccountSave = z.infer<typeof WaybillAccountSave>;

export const WaybillAccountUpdate = WaybillAccountSave.extend({ id: Id, version: Version });
export type WaybillAccountUpdate = z.infer<typeof WaybillAccountUpdate>;

export const WaybillAccountSearch = PageQuery.extend({
  printCode: z.enum(PLATFORM_PRINT_CODES).optional(),
  expressCompanyCode: z.string().trim().max(30).optional(),
  keyword: z.string().trim().max(60).optional(),
});
export type WaybillAccountSearch = z.infer<typeof WaybillAccountSearch>;

export const WaybillAccountRow = z.object({
  id: Id,
  version: z.number().int(),
  printCode: z.enum(PLATFORM_PRINT_CODES),
  expressCompanyCode: z.string(),
  name: z.string(),
  sandbox: z.boolean(),
  isDefault: z.boolean(),
  /** The account's fields; the password is never sent back (hasPassword says whether one is set). */
  fields: z.partialRecord(z.enum(WAYBILL_ACCOUNT_FIELDS), z.string()),
  hasPassword: z.boolean(),
  /** Numbers taken with this account. */
  usedCount: z.number().int(),
  createdAt: z.string(),
});
export type WaybillAccountRow = z.infer<typeof WaybillAccountRow>;

/** How many accounts (or shares) a delete removed. */
export const WaybillRemoved = z.object({ removed: z.number().int() });

export const TakeWaybillNoInput = z.object({ idList: z.array(Id).min(1, { message: 'idList: choose at least one order' }).max(200) });
export type TakeWaybillNoInput = z.infer<typeof TakeWaybillNoInput>;

/** An order that has its waybill number after a batch. */
export const NumberedOrder = z.object({ id: Id, code: z.string(), expressCompanyCode: z.string(), expressNo: z.string() });
export type NumberedOrder = z.infer<typeof NumberedOrder>;

/**
 * The answer of a batch that gives waybill numbers (print/eTrackGetNoAndPrint, print/paperyPrint):
 * voList = the orders that have their number, isError = some order was refused (spec 02 §4.3:
 * batch print stops and reports on a failure), and per order what went through or was refused.
 */
export const WaybillBatchResult = z.object({
  voList: z.array(NumberedOrder),
  isError: z.boolean(),
  successIds: z.array(Id),
  failures: z.array(OrderFailure),
});
export type WaybillBatchResult = z.infer<typeof WaybillBatchResult>;

export const LastExpressNoQuery = z.object({ expressCompanyCode: z.string().trim().min(1, { message: 'expressCompanyCode is required' }).max(30) });
export type LastExpressNoQuery = z.infer<typeof LastExpressNoQuery>;

export const UpdateLastExpressNoInput = LastExpressNoQuery.extend({
  /** The last number used; the next one is this plus the increment (letters before the digits are kept). */
  lastNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z]*\d{1,30}$/, { message: 'lastNo: letters then digits' }),
  increment: z.number().int().min(1, { message: 'increment: at least 1' }).max(1000, { message: 'increment: at most 1000' }).default(1),
});
export type UpdateLastExpressNoInput = z.infer<typeof UpdateLastExpressNoInput>;

export const LastExpressNoRow = z.object({ expressCompanyCode: z.string(), lastNo: z.string().nullable(), increment: z.number().int(), version: z.number().int() });
export type LastExpressNoRow = z.infer<typeof LastExpressNoRow>;

/** Next paper number: the digits of lastNo plus increment, keeping the letters and the width. */
export function nextPaperNo(lastNo: string, increment: number): string {
  const m = /^([A-Za-z]*)(\d+)$/.exec(lastNo);
  if (!m) throw new Error(`not a paper number: ${lastNo}`);
  const next = (BigInt(m[2]!) + BigInt(increment)).toString();
  return m[1]! + next.padStart(m[2]!.length, '0');
}

export const SandboxCarrierSettingsInput = z.object({
  latencyMs: z.number().int().min(0).max(30000, { message: 'latencyMs: at most 30000' }).optional(),
  /** Seconds between tracking steps (GOT → TRANSIT → SIGNED). */
  trackingStepSeconds: z.number().int().min(1).max(86400).optional(),
  /**
   * Moves the domain's sandbox carrier clock this many seconds forward (time passing at the
   * carrier, for tests); only when the server started with CARRIER_SANDBOX_CLOCK=console.
   */
  advanceClockSeconds: z.number().int().min(1).max(30 * 86400).optional(),
});
export type SandboxCarrierSettingsInput = z.infer<typeof SandboxCarrierSettingsInput>;

export const SandboxCarrierFailNextInput = z.object({
  count: z.number().int().min(0).max(100, { message: 'count: at most 100' }),
  reason: z.string().trim().max(100).optional(),
});
export type SandboxCarrierFailNextInput = z.infer<typeof SandboxCarrierFailNextInput>;

/** The sandbox carrier's settings as its console shows them. */
export const SandboxCarrierView = z.object({
  latencyMs: z.number(),
  trackingStepSeconds: z.number(),
  failNext: z.number(),
  failReason: z.string().nullable(),
  issued: z.number(),
});
export type SandboxCarrierView = z.infer<typeof SandboxCarrierView>;

export const TrackingQueryInput = z.object({ expressNo: z.string().trim().min(1, { message: 'expressNo is required' }).max(60) });
export type TrackingQueryInput = z.infer<typeof TrackingQueryInput>;

// Carrier account shares (spec 02 §4.2 "Carrier account share: start, stop, delete"; §7.13
// etrackaccountshare). The owner shares one account to another domain, named by its domain code,
// with a count of numbers; the beneficiary's takeWaybillNo uses it (when it has no account of its
// own for the carrier) while the share is started and numbers remain. Secret fields never leave
// the owner's domain.
export const WAYBILL_SHARE_STATUSES = ['STARTED', 'STOPPED'] as const;
export type WaybillShareStatus = (typeof WAYBILL_SHARE_STATUSES)[number];

/** The most numbers one share gives. */
export const WAYBILL_SHARE_MAX_COUNT = 1000000;
const ShareCount = z
  .number({ message: 'count: a whole number' })
  .int({ message: 'count: a whole number' })
  .min(1, { message: 'count: at least 1' })
  .max(WAYBILL_SHARE_MAX_COUNT, { message: `count: at most ${WAYBILL_SHARE_MAX_COUNT}` });

export const WaybillShareCreate = z.object({
  accountId: Id,
  domainCode: z.string().trim().min(1, { message: 'domainCode is required' }).max(30, { message: 'domainCode: at most 30 characters' }),
  count: ShareCount,
});
export type WaybillShareCreate = z.infer<typeof WaybillShareCreate>;

/**
 * etrackaccountshare updateShareNumber: the owner changes a share's count; never below the numbers
 * already taken through it (remainNum becomes count - usedNum).
 */
export const WaybillShareNumberUpdate = z.object({ id: Id, version: Version, count: ShareCount });
export type WaybillShareNumberUpdate = z.infer<typeof WaybillShareNumberUpdate>;

export const WaybillShareIdInput = z.object({ id: Id });
export type WaybillShareIdInput = z.infer<typeof WaybillShareIdInput>;

export const WaybillShareLogQuery = PageQuery.extend({ shareId: Id });
export type WaybillShareLogQuery = z.infer<typeof WaybillShareLogQuery>;

export const WaybillShareRow = z.object({
  id: Id,
  version: z.number().int(),
  status: z.enum(WAYBILL_SHARE_STATUSES),
  count: z.number().int(),
  remainNum: z.number().int(),
  usedNum: z.number().int(),
  /** The shared account: its kind, carrier and name only (no fields). */
  accountId: Id,
  accountName: z.string(),
  printCode: z.enum(PLATFORM_PRINT_CODES),
  expressCompanyCode: z.string(),
  ownerDomainCode: z.string(),
  ownerDomainName: z.string(),
  beneficiaryDomainCode: z.string(),
  beneficiaryDomainName: z.string(),
  createdAt: z.string(),
});
export type WaybillShareRow = z.infer<typeof WaybillShareRow>;

export const WaybillShareList = z.object({
  /** Shares of my accounts to other domains. */
  mine: z.array(WaybillShareRow),
  /** Accounts other domains share to mine (read-only). */
  sharedToMe: z.array(WaybillShareRow),
});
export type WaybillShareList = z.infer<typeof WaybillShareList>;

export const WaybillShareLogRow = z.object({
  id: Id,
  orderCode: z.string(),
  expressCompanyCode: z.string(),
  expressNo: z.string(),
  takerDomainCode: z.string(),
  takerDomainName: z.string(),
  createdAt: z.string(),
});
export type WaybillShareLogRow = z.infer<typeof WaybillShareLogRow>;
