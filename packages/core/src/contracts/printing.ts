// Print templates, label data and the print log (spec 02 §3.9, §4.3, §7.13, §9; spec 01 §2.2
// /config/templates, /logs activeKey 4).
//
// A template places order fields on a label of width × height mm (offsets move the content on
// the printer, as far as the label allows: rules/label-layout.ts). System templates, one per default size of spec 02 §9, are read-only; a domain makes
// its own, of kind WAYBILL or PACKING_LIST (delivery note), with one default per courier.
import { z } from 'zod';
import { Id, PageQuery, Version } from './common.js';
import { PLATFORM_PRINT_CODES, type PlatformPrintCode } from './waybills.js';
import { isDecimalText } from '../rules/decimal.js';
import { MAX_INSURED_AMOUNT, MAX_PACKAGES_PER_ORDER } from '../rules/print-rules.js';

export const PRINT_DEFAULTS = { fontFamily: 'SimSun', fontSize: 10, offset: 5, pxPerMm: 4.25, chunk: 10 } as const;

/** The system templates: name → [width, height] mm (spec 02 §9). */
export const SYSTEM_TEMPLATE_SIZES = {
  normal: [100, 40],
  oneCopy: [76, 30],
  PDD_SFKY_1: [60, 26],
  PDD_POSTB_6: [72, 5],
  PDD_POSTB_8: [72, 50],
} as const satisfies Record<string, readonly [number, number]>;
export type SystemTemplateKey = keyof typeof SYSTEM_TEMPLATE_SIZES;

export const PRINT_TEMPLATE_KINDS = ['WAYBILL', 'PACKING_LIST'] as const;
export type PrintTemplateKind = (typeof PRINT_TEMPLATE_KINDS)[number];

export const PRINT_FIELDS = [
  'receiverName',
  'receiverPhone',
  'receiverAddress',
  'senderName',
  'senderPhone',
  'senderAddress',
  'orderCode',
  'platformNo',
  'expressNo',
  'expressNoQr',
  'expressCompany',
  'routing',
  'itemsSummary',
  'buyerMessage',
  'sellerRemark',
  'printTime',
  'packageNo',
  'insuredValue',
] as const;
export type PrintField = (typeof PRINT_FIELDS)[number];
/** Fields drawn as a Code 128 barcode rather than text. */
export const BARCODE_FIELDS: readonly PrintField[] = ['expressNo'];
/** Fields drawn as a QR code (a square fitting the element box), each → the field whose value it encodes. */
export const QR_FIELDS: Partial<Record<PrintField, PrintField>> = { expressNoQr: 'expressNo' };

export const PRINT_SOURCES = ['PRINT_SOURCE_SO_PRINT', 'PRINT_SOURCE_REPRINT', 'PRINT_SOURCE_ONE_PRINT'] as const;
export type PrintSource = (typeof PRINT_SOURCES)[number];

const Mm = (max: number) => z.number().min(0).max(max);

export const PrintElement = z.object({
  field: z.enum(PRINT_FIELDS),
  x: Mm(500),
  y: Mm(500),
  w: z.number().positive().max(500),
  h: z.number().positive().max(500),
  fontSize: z.number().int().min(5).max(72).default(PRINT_DEFAULTS.fontSize),
  bold: z.boolean().default(false),
});
export type PrintElement = z.infer<typeof PrintElement>;

export const PrintTemplateSave = z.object({
  name: z.string().trim().min(1).max(50),
  kind: z.enum(PRINT_TEMPLATE_KINDS).default('WAYBILL'),
  width: z.number().positive().max(500),
  height: z.number().positive().max(500),
  xOffset: z.number().min(-50).max(50).default(PRINT_DEFAULTS.offset),
  yOffset: z.number().min(-50).max(50).default(PRINT_DEFAULTS.offset),
  fontSize: z.number().int().min(5).max(72).default(PRINT_DEFAULTS.fontSize),
  expressCompanyCode: z.string().trim().min(1).max(30).nullable().default(null),
  /** Make it the default template of expressCompanyCode. */
  isDefault: z.boolean().default(false),
  goodsPerPage: z.number().int().min(1).max(100).nullable().default(null),
  elements: z.array(PrintElement).max(60).default([]),
});
export type PrintTemplateSave = z.infer<typeof PrintTemplateSave>;
export const PrintTemplateUpdate = PrintTemplateSave.extend({ id: Id, version: Version });
export type PrintTemplateUpdate = z.infer<typeof PrintTemplateUpdate>;

/**
 * template/createPrintTemplate (spec 02 §7.13 names no update call): without id it makes a
 * template; with id and version it changes that template.
 */
export const CreatePrintTemplateInput = PrintTemplateSave.extend({ id: Id.optional(), version: Version.optional() }).superRefine((v, ctx) => {
  if (v.id !== undefined && v.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'version is required with id' });
});
export type CreatePrintTemplateInput = z.input<typeof CreatePrintTemplateInput>;
export type CreatePrintTemplateParsed = z.output<typeof CreatePrintTemplateInput>;

/** template/getSysPrintTemplates: the read-only system templates, optionally of one kind. */
export const SysPrintTemplateQuery = z.object({ kind: z.enum(PRINT_TEMPLATE_KINDS).optional() });
export type SysPrintTemplateQuery = z.infer<typeof SysPrintTemplateQuery>;

export const PrintTemplateSearch = PageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  kind: z.enum(PRINT_TEMPLATE_KINDS).optional(),
  expressCompanyCode: z.string().trim().max(30).optional(),
  includeSystem: z.boolean().default(true),
});
export type PrintTemplateSearch = z.infer<typeof PrintTemplateSearch>;

export const PrintTemplateRow = z.object({
  id: Id,
  version: z.number().int(),
  name: z.string(),
  kind: z.enum(PRINT_TEMPLATE_KINDS),
  system: z.boolean(),
  systemKey: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  xOffset: z.number(),
  yOffset: z.number(),
  fontSize: z.number(),
  expressCompanyCode: z.string().nullable(),
  /** The couriers this template is the default of. */
  defaultFor: z.array(z.string()),
  goodsPerPage: z.number().nullable(),
  elements: z.array(PrintElement),
  updatedAt: z.string(),
});
export type PrintTemplateRow = z.infer<typeof PrintTemplateRow>;

export const SetDefaultTemplateInput = z.object({ id: Id, expressCompanyCode: z.string().trim().min(1).max(30) });
export type SetDefaultTemplateInput = z.infer<typeof SetDefaultTemplateInput>;

/** How many templates a delete removed. */
export const PrintTemplatesRemoved = z.object({ removed: z.number().int() });

/** An order id, or a copied order's id ("123copy1", spec 02 §4.3) which prints as its original. */
export const PrintOrderId = z.union([Id, z.string().trim().regex(/^\d+\D*copy\D*\d*$/i, 'not an order id')]);
/** An insured amount in yuan (a number or its text, up to MAX_INSURED_AMOUNT), sent to the carrier in cents. */
export const InsuredAmount = z
  .union([z.number(), z.string().trim()])
  .refine((v) => (typeof v === 'number' ? Number.isFinite(v) && v >= 0 && v <= MAX_INSURED_AMOUNT : isDecimalText(v) && !v.startsWith('-') && Number(v) <= MAX_INSURED_AMOUNT), {
    message: `insuredAmount: an amount from 0 to ${MAX_INSURED_AMOUNT}`,
  });

export const PrintInfoInput = z
  .object({
    idList: z.array(PrintOrderId).min(1).max(PRINT_DEFAULTS.chunk * 10),
    templateId: Id,
    indexSeq: z.number().int().min(0).default(0),
    batchSeq: z.number().int().min(0).default(0),
    /** Packages per order (spec 02 §4.3, §7.13): more than one only for carriers that take several. */
    packageCount: z.number().int().min(1).max(MAX_PACKAGES_PER_ORDER).default(1),
    /** The first package printed (1-based); the start index is this minus 1. */
    firstDocumentNumber: z.number().int().min(1).max(MAX_PACKAGES_PER_ORDER).default(1),
    /** The insured value of each order, in yuan; the labels carry it in cents (spec 02 §5). */
    insuredAmount: InsuredAmount.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.firstDocumentNumber > v.packageCount) ctx.addIssue({ code: 'custom', path: ['firstDocumentNumber'], message: `firstDocumentNumber: the first package printed cannot be after the last (${v.packageCount})` });
  });
export type PrintInfoInput = z.input<typeof PrintInfoInput>;

export const PrintLabelLine = z.object({ skuCode: z.string().nullable(), name: z.string().nullable(), spec: z.string().nullable(), qty: z.number() });
export const PrintLabel = z.object({
  orderId: Id,
  orderCode: z.string(),
  expressNo: z.string(),
  expressCompanyCode: z.string(),
  source: z.enum(PRINT_SOURCES),
  /** 1-based page of this order and the count of pages (split by goodsPerPage). */
  page: z.number().int(),
  pages: z.number().int(),
  /** The package this label is for: number of count (label "2/3"), 1 of 1 for one package. */
  packageNo: z.number().int(),
  packageCount: z.number().int(),
  /** The insured value sent to the carrier, in cents; null when none was given. */
  insuredValueCents: z.number().int().nullable(),
  values: z.record(z.string(), z.string()),
  lines: z.array(PrintLabelLine),
});
export type PrintLabel = z.infer<typeof PrintLabel>;

/**
 * print/getPrintInfo, one chunk of a batch print (spec 02 §7.13: chunks of 10 with indexSeq and
 * batchSeq): voList = the labels, isError = some order of the chunk was refused (the batch stops
 * and reports, spec 02 §4.3), with the template and per order what went through or was refused.
 */
export const PrintInfoResult = z.object({
  template: PrintTemplateRow,
  voList: z.array(PrintLabel),
  isError: z.boolean(),
  successIds: z.array(Id),
  failures: z.array(z.object({ id: Id, code: z.string().nullable(), errorCode: z.string(), params: z.record(z.string(), z.unknown()).optional(), message: z.string() })),
  indexSeq: z.number().int(),
  batchSeq: z.number().int(),
  /** The 0-based index of the first package printed: firstDocumentNumber − 1. */
  startIndex: z.number().int(),
  /** Whether the labels go through the marketplace's print API (off for a reprint of one platform and one carrier). */
  useMarketplaceApi: z.boolean(),
});
export type PrintInfoResult = z.infer<typeof PrintInfoResult>;

export const PrintLogSearch = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  source: z.enum(PRINT_SOURCES).optional(),
  timeFrom: z.string().datetime({ offset: true }).optional(),
  timeTo: z.string().datetime({ offset: true }).optional(),
});
export type PrintLogSearch = z.infer<typeof PrintLogSearch>;

export const PrintLogRow = z.object({
  id: Id,
  orderId: Id,
  orderCode: z.string(),
  expressCompanyCode: z.string(),
  expressNo: z.string(),
  templateId: Id.nullable(),
  templateName: z.string(),
  source: z.enum(PRINT_SOURCES),
  batchSeq: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type PrintLogRow = z.infer<typeof PrintLogRow>;

export const PrintErrors = {
  /** System templates cannot be changed or deleted. */
  SYSTEM_TEMPLATE: 'ERR_PRINT_SYSTEM_TEMPLATE',
  /** A template of that name exists (params: field name). */
  NAME_TAKEN: 'ERR_PRINT_TEMPLATE_NAME_TAKEN',
  /** An element lies outside the label (params: field `elements.N.x|y`, element field). */
  ELEMENT_OUTSIDE: 'ERR_PRINT_ELEMENT_OUTSIDE',
  /** The order has no courier. */
  NO_COURIER: 'ERR_PRINT_NO_COURIER',
  /** The order has no waybill number yet. */
  NO_EXPRESS_NO: 'ERR_PRINT_NO_EXPRESS_NO',
  /** Only reviewed orders print (params: status). */
  STATUS: 'ERR_PRINT_STATUS',
  /** Several packages asked of a carrier that does not take them (params: expressCompanyCode, carrier). */
  MULTI_PACKAGE: 'ERR_PRINT_MULTI_PACKAGE',
  /** A waybill template given where a delivery-slip template is needed, or the reverse (params: field, kind). */
  TEMPLATE_KIND: 'ERR_PRINT_TEMPLATE_KIND',
  /** Delivery slips print for reviewed, issued or shipped orders (params: status). */
  SEND_STATUS: 'ERR_PRINT_SEND_STATUS',
  /** A marketplace's print service that is not part of this build (params: platform). */
  PLATFORM_NOT_IN_BUILD: 'ERR_PRINT_PLATFORM_NOT_IN_BUILD',
  /** A template link whose token is wrong or expired. */
  TEMPLATE_TOKEN: 'ERR_PRINT_TEMPLATE_TOKEN',
} as const;

/** A copied order's id ("123copy1") reverts to the original order id (spec 02 §4.3). */
export function originalOrderId(id: number | string): number {
  if (typeof id === 'number') return id;
  return Number(/^(\d+)/.exec(id)?.[1] ?? NaN);
}

/** Lines split into pages of at most `perPage` distinct goods (spec 02 §4.3); one page when null. */
export function splitIntoPages<T>(lines: readonly T[], perPage: number | null, keyOf: (line: T) => string): T[][] {
  if (!perPage || !lines.length) return [lines.slice()];
  const pages: T[][] = [];
  let current: T[] = [];
  let keys = new Set<string>();
  for (const l of lines) {
    const key = keyOf(l);
    if (!keys.has(key) && keys.size >= perPage) {
      pages.push(current);
      current = [];
      keys = new Set();
    }
    keys.add(key);
    current.push(l);
  }
  pages.push(current);
  return pages;
}

// ---- issue 21: delivery slips, send templates, batch plans, template links -----------------------

/** The system delivery-slip (PACKING_LIST) templates: key → [width, height] mm. */
export const SYSTEM_SEND_TEMPLATE_SIZES = {
  sendA5: [210, 148],
  send76: [76, 130],
} as const satisfies Record<string, readonly [number, number]>;
export type SystemSendTemplateKey = keyof typeof SYSTEM_SEND_TEMPLATE_SIZES;

/** template/createSendBatchAsnTemplate: a delivery-slip template (kind PACKING_LIST), new or (id + version) changed. */
export const CreateSendTemplateInput = PrintTemplateSave.omit({ kind: true, isDefault: true, expressCompanyCode: true })
  .extend({ id: Id.optional(), version: Version.optional() })
  .superRefine((v, ctx) => {
    if (v.id !== undefined && v.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'version is required with id' });
  });
export type CreateSendTemplateInput = z.input<typeof CreateSendTemplateInput>;

/** template/getSendTemplates: a page of delivery-slip templates, system ones first. */
export const SendTemplateSearch = PageQuery.extend({ keyword: z.string().trim().max(50).optional(), includeSystem: z.boolean().default(true) });
export type SendTemplateSearch = z.infer<typeof SendTemplateSearch>;

/** template/setPreviewPrintTemplate: the template this account previews labels (or slips) with. */
export const PreviewTemplateInput = z.object({ id: Id });
export const PreviewTemplateAnswer = z.object({ id: Id, kind: z.enum(PRINT_TEMPLATE_KINDS), name: z.string() });
export type PreviewTemplateAnswer = z.infer<typeof PreviewTemplateAnswer>;

/** The platform print code a store's platform prints its waybills with (spec 02 §3.9); null: any account. */
export function printCodeOfPlatform(platformCode: string): PlatformPrintCode | null {
  if (/^(CI_PLATFORM_(TAOBAO|FENXIAO|ALIBABA)|TMCS|C2M|TBMCNEW|DS1688)$/.test(platformCode)) return 'cn';
  if (platformCode === 'CI_PLATFORM_PDD') return 'pdd';
  if (platformCode === 'DY' || platformCode === 'DYCJ') return 'dy';
  if (/^(CI_PLATFORM_JD|JDZY|CI_PLATFORM_JD_KJ)$/.test(platformCode)) return 'jd';
  if (platformCode === 'CI_PLATFORM_VIPSHOP') return 'vipShop';
  if (platformCode === 'CI_PLATFORM_VIPSHOPJIT') return 'vip';
  if (platformCode === 'KSXD') return 'KSXD';
  return null;
}

/** template/getTemplateUrlByCodeType: the link a printer component loads a courier's template from. */
export const TemplateUrlQuery = z.object({
  code: z.string({ message: 'code: name the express company' }).trim().min(1, 'code: name the express company').max(30),
  type: z.enum(PLATFORM_PRINT_CODES, { message: `type: one of ${PLATFORM_PRINT_CODES.join(', ')}` }).default('cn'),
});
export type TemplateUrlQuery = z.infer<typeof TemplateUrlQuery>;
export const TemplateUrlAnswer = z.object({ templateId: Id, name: z.string(), templateUrl: z.string(), expiresAt: z.string() });
export type TemplateUrlAnswer = z.infer<typeof TemplateUrlAnswer>;

/** template/getVipPrintTemplates: the waybill templates with the link Vipshop printing loads each from. */
export const VipPrintTemplateRow = PrintTemplateRow.extend({ templateUrl: z.string() });

/** GET /erp/CaiNiaoTemplate/{kind}/{id}?token=… : the template's layout, for a printer component. */
export const TemplateLinkQuery = z.object({ token: z.string({ message: 'token: the link has no token' }).min(10, 'token: the link has no token').max(500) });
/** GET /erp/CaiNiaoTemplate/customTemplateXml?templateId=…&json=… : the template filled with the values given. */
export const CustomTemplateXmlQuery = z.object({
  templateId: z.coerce.number({ message: 'templateId: a template id' }).int().positive(),
  json: z
    .string()
    .max(20_000)
    .default('{}')
    .transform((text, ctx) => {
      try {
        const value = JSON.parse(text) as unknown;
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'json: the JSON text of an object of field values' });
      return z.NEVER;
    }),
});

/** A row of a batch as the order list sends it: the order id (or a copy's) and whatever the row carried. */
export const BatchPrintRow = z.object({ id: PrintOrderId }).passthrough();
/**
 * print/getInfoForBatchSendPrint: the plan of a batch print or send (spec 02 §4.3, §7.13): the
 * orders found (copies reverted), the chunks of 10 with their indexSeq and batchSeq, and the flags.
 */
export const BatchSendPrintInput = z
  .object({
    idList: z.array(PrintOrderId).max(2000).optional(),
    voList: z.array(BatchPrintRow).max(2000).optional(),
    batchSeq: z.number().int().min(0).default(0),
  })
  .superRefine((v, ctx) => {
    if (!(v.idList?.length || v.voList?.length)) ctx.addIssue({ code: 'custom', path: ['idList'], message: 'idList: choose at least one order' });
  });
export type BatchSendPrintInput = z.input<typeof BatchSendPrintInput>;
export const BatchSendPrintAnswer = z.object({
  total: z.number().int(),
  chunkSize: z.number().int(),
  chunks: z.array(z.object({ indexSeq: z.number().int(), batchSeq: z.number().int(), idList: z.array(Id) })),
  orders: z.array(z.object({ id: Id, code: z.string(), statusCode: z.string(), platformCode: z.string().nullable(), expressCompanyCode: z.string().nullable(), expressNo: z.string().nullable(), printed: z.boolean(), multiPackage: z.boolean() })),
  /** Ids not found in the domain. */
  missing: z.array(Id),
  /** Row fields dropped before printing (new address, new express number). */
  strippedFields: z.array(z.string()),
  /** Every order was printed before. */
  reprint: z.boolean(),
  useMarketplaceApi: z.boolean(),
});
export type BatchSendPrintAnswer = z.infer<typeof BatchSendPrintAnswer>;

/** print/printSendSoH: delivery slips of reviewed, issued or shipped orders, one chunk. */
export const PrintSendInput = z.object({
  idList: z.array(PrintOrderId).min(1, { message: 'idList: choose at least one order' }).max(PRINT_DEFAULTS.chunk * 10),
  /** A PACKING_LIST template; the domain's first system delivery slip when left out. */
  templateId: Id.optional(),
  indexSeq: z.number().int().min(0).default(0),
  batchSeq: z.number().int().min(0).default(0),
});
export type PrintSendInput = z.input<typeof PrintSendInput>;
export const SendSlipLine = z.object({ skuCode: z.string().nullable(), name: z.string().nullable(), spec: z.string().nullable(), qty: z.number(), price: z.string().nullable(), amount: z.string().nullable() });
export const SendSlip = z.object({
  orderId: Id,
  orderCode: z.string(),
  page: z.number().int(),
  pages: z.number().int(),
  values: z.record(z.string(), z.string()),
  lines: z.array(SendSlipLine),
});
export type SendSlip = z.infer<typeof SendSlip>;
export const PrintSendResult = z.object({
  template: PrintTemplateRow,
  voList: z.array(SendSlip),
  isError: z.boolean(),
  successIds: z.array(Id),
  failures: PrintInfoResult.shape.failures,
  indexSeq: z.number().int(),
  batchSeq: z.number().int(),
});
export type PrintSendResult = z.infer<typeof PrintSendResult>;

/** print/getAkcPrintParams: AKC (爱库存) print parameters of orders. */
export const AkcPrintParamsInput = z.object({ idList: z.array(Id).min(1, { message: 'idList: choose at least one order' }).max(100) });
/** template/syncAkcTrackPrintTemplate (no payload fields). */
export const AkcSyncInput = z.object({}).passthrough();

/** etrackaccount/findAllStoreWithAccount: each store with the waybill accounts its platform prints with. */
export const StoreWithAccountsRow = z.object({
  storeId: Id,
  storeName: z.string(),
  platformCode: z.string(),
  printCode: z.string().nullable(),
  accounts: z.array(z.object({ id: Id, name: z.string(), printCode: z.string(), expressCompanyCode: z.string(), isDefault: z.boolean() })),
});
export type StoreWithAccountsRow = z.infer<typeof StoreWithAccountsRow>;

/** printLog/export: the print log with the list's filters, as a file of the download centre. */
export const PrintLogExportInput = PrintLogSearch.omit({ currentPage: true, pageSize: true });
export type PrintLogExportInput = z.infer<typeof PrintLogExportInput>;
