// Sales orders, part "checking" (spec 02 §7.10 /myhome/sendsoh checkErpSoH, sendErpSoH4Check,
// sendErpSoH4Weigh; §3.5 send payload id, content, serialNumberDtoList; §5 weight 3 decimals):
// find a reviewed order by its waybill number, check its goods by scanning, or weigh the parcel,
// then ship it.
import { z } from 'zod';
import { Id, Version } from './common.js';
import { Weight } from './goods.js';

/** The SPU mark whose SKUs need one serial number (IMEI) per piece when checked. */
export const SERIAL_NUMBER_MARK = 'SERIAL_NUMBER';
/** The domain setting (domain_configs.item_code) holding the weighing margin in percent. */
export const WEIGH_MARGIN_CONFIG = 'ORDER_WEIGH_MARGIN_PERCENT';

export const CheckOrderInput = z.object({
  expressNo: z.string({ message: 'expressNo: scan the waybill number' }).trim().min(1, 'expressNo: scan the waybill number').max(100, 'expressNo: at most 100 characters'),
});
export type CheckOrderInput = z.infer<typeof CheckOrderInput>;

export const CheckLineView = z.object({
  lineId: Id,
  lineSeq: z.number().int(),
  skuId: Id.nullable(),
  skuCode: z.string().nullable(),
  skuName: z.string().nullable(),
  skuSpecifications: z.string().nullable(),
  /** The system SKU's colour and size (null for a line without one). */
  skuColor: z.string().nullable(),
  skuSize: z.string().nullable(),
  barCode: z.string().nullable(),
  picUrl: z.string().nullable(),
  qty: z.number().int(),
  /** One serial number per piece is required (the SPU carries the SERIAL_NUMBER mark). */
  needsSerial: z.boolean(),
  isGift: z.boolean(),
  /** Serial numbers already stored for the line (imei1, imei2, …). */
  serialNumbers: z.array(z.string()),
});
export type CheckLineView = z.infer<typeof CheckLineView>;

export const CheckOrderView = z.object({
  id: Id,
  version: Version,
  code: z.string(),
  statusCode: z.string(),
  expressCompanyCode: z.string().nullable(),
  expressNo: z.string().nullable(),
  receiverName: z.string().nullable(),
  /** The goods' weight (kg, 3 decimals): Σ qty × SKU weight. */
  goodsWeight: z.string(),
  /** The weighing margin of the domain, percent. */
  weighMarginPercent: z.number(),
  lines: z.array(CheckLineView),
});
export type CheckOrderView = z.infer<typeof CheckOrderView>;

const ContentItem = z
  .object({
    skuId: Id.optional(),
    lineId: Id.optional(),
    qty: z.number({ message: 'content.qty: a whole number' }).int('content.qty: a whole number').positive('content.qty: at least 1').max(100000),
  })
  .refine((c) => c.skuId !== undefined || c.lineId !== undefined, 'content: name a skuId or a lineId');

const SerialNumberDto = z.object({
  lineId: Id,
  serialNumber: z.string().trim().min(1, 'serialNumberDtoList.serialNumber: enter the serial number').max(100, 'serialNumberDtoList.serialNumber: at most 100 characters'),
});

export const SendForCheckInput = z.object({
  id: Id,
  version: Version.optional(),
  content: z.array(ContentItem, { message: 'content: the scanned goods' }).min(1, 'content: scan the goods first').max(1000),
  serialNumberDtoList: z.array(SerialNumberDto).max(1000).default([]),
});
export type SendForCheckInput = z.input<typeof SendForCheckInput>;

export const SendForWeighInput = z
  .object({
    id: Id.optional(),
    expressNo: z.string().trim().min(1).max(100).optional(),
    version: Version.optional(),
    weight: Weight.refine((v) => v !== null && Number(v) > 0, 'weight: enter the weight'),
    force: z.boolean().optional(),
  })
  .refine((v) => v.id !== undefined || v.expressNo !== undefined, { message: 'id: name the order or its waybill number', path: ['id'] });
export type SendForWeighInput = z.input<typeof SendForWeighInput>;

export const SendCheckedResult = z.object({
  id: Id,
  code: z.string(),
  expressNo: z.string().nullable(),
  recordKey: z.string().nullable(),
  /** The recorded weight (weighing only). */
  weight: z.string().nullable(),
});
export type SendCheckedResult = z.infer<typeof SendCheckedResult>;

export const CheckingErrors = {
  /** No reviewed order carries this waybill number (params: expressNo). */
  NO_ORDER: 'ERR_ORDER_CHECK_NO_ORDER',
  /** A scanned item the order does not hold (params: skuCode). */
  WRONG_ITEM: 'ERR_ORDER_CHECK_WRONG_ITEM',
  /** More pieces than the order holds (params: skuCode, expected, scanned). */
  EXTRA_ITEM: 'ERR_ORDER_CHECK_EXTRA_ITEM',
  /** Fewer pieces than the order holds (params: skuCode, expected, scanned). */
  MISSING_ITEM: 'ERR_ORDER_CHECK_MISSING_ITEM',
  /** A serial-numbered line lacks serial numbers, or has too many (params: skuCode, expected, given). */
  SERIAL_COUNT: 'ERR_ORDER_CHECK_SERIAL_COUNT',
  /** A serial number given for a line the order lacks (params: lineId). */
  SERIAL_LINE: 'ERR_ORDER_CHECK_SERIAL_LINE',
  /** The weighed parcel differs from the goods' weight by more than the margin (params: weight, expected, difference, margin). */
  WEIGHT_MARGIN: 'ERR_ORDER_CHECK_WEIGHT_MARGIN',
} as const;
