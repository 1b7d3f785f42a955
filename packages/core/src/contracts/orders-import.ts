// Orders from spreadsheets (spec 02 §7.10 /myhome/taobaoSoh/createFromXls, §3.9 import template,
// §7.13 /myhome/sohTemplate): the order fields a column can feed, the saved templates that map a
// seller's own header texts to those fields, and the import's progress item (spec 01 §4.6).
import { ImportTaskView } from './imports.js';
import { z } from 'zod';
import { Id, PageQuery, Text, Version } from './common.js';

/** The order fields a spreadsheet column can feed, in the standard template's column order. */
export const ORDER_IMPORT_FIELDS = [
  'platformNo',
  'storeName',
  'buyerNick',
  'receiverName',
  'receiverPhone',
  'fullAddress',
  'province',
  'city',
  'district',
  'address',
  'skuCode',
  'qty',
  'price',
  'buyerMessage',
  'sellerRemark',
  'payTime',
] as const;
export type OrderImportField = (typeof ORDER_IMPORT_FIELDS)[number];

/** Fields every template must map (the address: fullAddress, or province + city + address). */
export const ORDER_IMPORT_REQUIRED_FIELDS: OrderImportField[] = ['platformNo', 'receiverName', 'receiverPhone', 'skuCode', 'qty'];

/** The header texts of the standard (downloadable) template. */
export const ORDER_IMPORT_STANDARD_HEADERS: Record<OrderImportField, { zh: string; en: string }> = {
  platformNo: { zh: '平台单号', en: 'Platform order no.' },
  storeName: { zh: '店铺名称', en: 'Store name' },
  buyerNick: { zh: '买家昵称', en: 'Buyer nick' },
  receiverName: { zh: '收货人', en: 'Receiver name' },
  receiverPhone: { zh: '联系电话', en: 'Phone' },
  fullAddress: { zh: '完整地址', en: 'Full address' },
  province: { zh: '省', en: 'Province' },
  city: { zh: '市', en: 'City' },
  district: { zh: '区', en: 'District' },
  address: { zh: '详细地址', en: 'Address' },
  skuCode: { zh: '规格编码', en: 'SKU code' },
  qty: { zh: '数量', en: 'Quantity' },
  price: { zh: '单价', en: 'Price' },
  buyerMessage: { zh: '买家留言', en: 'Buyer message' },
  sellerRemark: { zh: '卖家备注', en: 'Seller remark' },
  payTime: { zh: '付款时间', en: 'Pay time' },
};

export const OrderImportFieldMap = z.object({
  field: z.enum(ORDER_IMPORT_FIELDS),
  /** The header text of the seller's column. */
  header: Text(100),
});
export type OrderImportFieldMap = z.infer<typeof OrderImportFieldMap>;

/** A header compared without spaces, asterisks, parenthesised notes or case (as the sheet reader does). */
export const normalizeImportHeader = (text: string) =>
  text
    .replace(/[*＊]/g, '')
    .replace(/[（(].*?[)）]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();

const FieldsArr = z
  .array(OrderImportFieldMap)
  .min(1)
  .max(ORDER_IMPORT_FIELDS.length)
  .superRefine((fields, ctx) => {
    const seenField = new Set<string>();
    const seenHeader = new Set<string>();
    fields.forEach((f, i) => {
      if (seenField.has(f.field)) ctx.addIssue({ code: 'custom', path: [i, 'field'], message: `Field ${f.field} is mapped twice` });
      seenField.add(f.field);
      const h = normalizeImportHeader(f.header);
      if (!h) ctx.addIssue({ code: 'custom', path: [i, 'header'], message: 'Header cannot be empty' });
      if (seenHeader.has(h)) ctx.addIssue({ code: 'custom', path: [i, 'header'], message: `Header ${f.header} is used twice` });
      seenHeader.add(h);
    });
    for (const required of ORDER_IMPORT_REQUIRED_FIELDS) {
      if (!seenField.has(required)) ctx.addIssue({ code: 'custom', path: [], message: `Field ${required} must be mapped` });
    }
    if (!seenField.has('fullAddress') && !(seenField.has('province') && seenField.has('city') && seenField.has('address'))) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Map fullAddress, or province, city and address' });
    }
  });

export const OrderImportTemplateCreate = z.object({
  name: Text(50),
  fieldsArr: FieldsArr,
});
export type OrderImportTemplateCreate = z.input<typeof OrderImportTemplateCreate>;

export const OrderImportTemplateUpdate = OrderImportTemplateCreate.extend({ id: Id, version: Version });
export type OrderImportTemplateUpdate = z.input<typeof OrderImportTemplateUpdate>;

export const OrderImportTemplateSearch = PageQuery.extend({ name: z.string().trim().max(50).optional() });
export type OrderImportTemplateSearch = z.input<typeof OrderImportTemplateSearch>;

export const OrderImportTemplateVo = z.object({
  id: Id,
  name: z.string(),
  type: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type OrderImportTemplateVo = z.infer<typeof OrderImportTemplateVo>;

/** A template with its mapping (getFieldMapsByTemplateId). */
export const OrderImportTemplateDetail = z.object({
  templateVo: OrderImportTemplateVo,
  fieldsArr: z.array(OrderImportFieldMap),
});
export type OrderImportTemplateDetail = z.infer<typeof OrderImportTemplateDetail>;

/** createFromXls multipart fields next to uploadExcel (the file). No templateId: the standard template. */
export const OrderImportStart = z.object({
  templateId: z.coerce.number().pipe(Id).optional(),
  /** The store of rows whose store name is empty (or of a sheet without a store column). */
  storeId: z.coerce.number().pipe(Id).optional(),
});
export type OrderImportStart = z.input<typeof OrderImportStart>;

/** The progress item of an offline order import (spec 01 §4.x feedback progress). */
export const ORDER_IMPORT_PROGRESS_TYPE = 'OFFLINE_ORDER_IMPORT';
export const OrderImportProgress = z.object({
  recordKey: z.string(),
  progressType: z.literal(ORDER_IMPORT_PROGRESS_TYPE),
  totalCount: z.number().int(),
  successfulCount: z.number().int(),
  failureCount: z.number().int(),
  feedbackComplete: z.boolean(),
});
export type OrderImportProgress = z.infer<typeof OrderImportProgress>;

/** The import task an upload starts: the import engine's view of it (contracts/imports.ts), one shape. */
export const OrderImportTask = ImportTaskView;
export type OrderImportTask = z.infer<typeof OrderImportTask>;

export const OrderImportErrors = {
  TEMPLATE_NAME_TAKEN: 'ERR_ORDER_IMPORT_TEMPLATE_NAME_TAKEN',
} as const;
