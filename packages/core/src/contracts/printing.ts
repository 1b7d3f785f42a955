// Print templates, label data and the print log (spec 02 §3.9, §4.3, §7.13, §9; spec 01 §2.2
// /config/templates, /logs activeKey 4).
//
// A template places order fields on a label of width × height mm (offsets move the content on
// the printer, as far as the label allows: rules/label-layout.ts). System templates, one per default size of spec 02 §9, are read-only; a domain makes
// its own, of kind WAYBILL or PACKING_LIST (delivery note), with one default per courier.
import { z } from 'zod';
import { Id, PageQuery, Version } from './common.js';

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
export const PrintInfoInput = z.object({
  idList: z.array(PrintOrderId).min(1).max(PRINT_DEFAULTS.chunk * 10),
  templateId: Id,
  indexSeq: z.number().int().min(0).default(0),
  batchSeq: z.number().int().min(0).default(0),
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
