// The order importer (spec 02 §7.10 createFromXls) on the import engine: the columns come from the
// chosen saved template (or the standard one), each row is one order line, rows with the same
// store and platform order number make one order, and the load goes through the ingest pipeline
// (source IMPORT), so a platform order already stored is not stored again.
import { problem, rowProblem, type FieldProblem } from '../../../platform/import-problems.js';
import { textArray } from '../../../platform/sql.js';
import {
  isDecimalText,
  decimalPlaces,
  ORDER_IMPORT_FIELDS,
  ORDER_IMPORT_REQUIRED_FIELDS,
  ORDER_IMPORT_STANDARD_HEADERS,
  parseAddress,
  parseDateTimeText,
  type Language,
  type OrderImportField,
  type OrderImportFieldMap,
} from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { ImportContext, Importer, RowProblem } from '../../../platform/imports.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { SheetColumn } from '../../../platform/xlsx.js';
import { ingestOrders, type OrderDraft } from '../ingest/pipeline.js';
import { CREATE_ORDER_ACCESS } from '../ingest/ingest.routes.js';

export const ORDER_IMPORT_KIND = 'erp-order';
const CHUNK = 200;

export interface OrderImportRow {
  platformNo: string;
  storeName: string | null;
  buyerNick: string | null;
  receiverName: string;
  receiverPhone: string;
  province: string;
  city: string;
  district: string | null;
  address: string;
  skuCode: string;
  qty: number;
  price: string;
  buyerMessage: string | null;
  sellerRemark: string | null;
  payTime: string | null;
}

const zh = (language: Language) => language.startsWith('zh');


/** The standard columns: the downloadable template and the default mapping. */
export function standardFields(language: Language): OrderImportFieldMap[] {
  return ORDER_IMPORT_FIELDS.map((field) => ({ field, header: zh(language) ? ORDER_IMPORT_STANDARD_HEADERS[field].zh : ORDER_IMPORT_STANDARD_HEADERS[field].en }));
}

function columnsOf(fields: OrderImportFieldMap[], standardAliases: boolean): SheetColumn[] {
  return fields.map((f) => ({
    key: f.field,
    header: f.header,
    aliases: standardAliases ? [ORDER_IMPORT_STANDARD_HEADERS[f.field].zh, ORDER_IMPORT_STANDARD_HEADERS[f.field].en] : [],
    ...(ORDER_IMPORT_REQUIRED_FIELDS.includes(f.field) ? { required: true } : {}),
  }));
}

const text = (v: string | undefined) => (v ?? '').trim();
const optional = (v: string | undefined) => text(v) || null;

export function parseOrderRow(values: Record<string, string>, language: Language): { row: OrderImportRow } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const need = (field: OrderImportField, max: number) => {
    const v = text(values[field]);
    if (!v) problems.push(problem(language, field, 'REQUIRED'));
    else if (v.length > max) problems.push(problem(language, field, 'TOO_LONG', { max }));
    return v;
  };
  const limit = (field: OrderImportField, max: number) => {
    const v = optional(values[field]);
    if (v && v.length > max) problems.push(problem(language, field, 'TOO_LONG', { max }));
    return v;
  };
  const platformNo = need('platformNo', 64);
  const receiverName = need('receiverName', 100);
  const receiverPhone = need('receiverPhone', 40);
  const skuCode = need('skuCode', 64);

  const qtyText = text(values.qty);
  const qty = /^\d{1,6}$/.test(qtyText) ? Number(qtyText) : 0;
  if (qty < 1) problems.push(problem(language, 'qty', 'POSITIVE_WHOLE_NUMBER'));

  const priceText = text(values.price) || '0';
  if (!isDecimalText(priceText)) problems.push(problem(language, 'price', 'NOT_A_NUMBER'));
  else if (Number(priceText) < 0) problems.push(problem(language, 'price', 'NEGATIVE'));
  else if (Number(priceText) >= 1e12) problems.push(problem(language, 'price', 'TOO_LARGE'));
  else if (decimalPlaces(priceText) > 4) problems.push(problem(language, 'price', 'DECIMALS', { max: 4 }));

  let payTime: string | null = null;
  const payText = text(values.payTime);
  if (payText) {
    const d = parseDateTimeText(payText);
    if (Number.isNaN(d.getTime())) problems.push(problem(language, 'payTime', 'DATE_TIME'));
    else payTime = d.toISOString();
  }

  // The address: the full address read by parseAddress, or its parts (a missing part read from the street address).
  let province = text(values.province);
  let city = text(values.city);
  let district = optional(values.district);
  let address = text(values.address);
  const full = text(values.fullAddress);
  const addressField: OrderImportField = full ? 'fullAddress' : 'address';
  if (full || !province || !city) {
    const parsed = parseAddress(full || `${province}${city}${district ?? ''}${address}`);
    province = parsed.province ?? '';
    city = parsed.city ?? '';
    district = parsed.district;
    address = parsed.detail ?? '';
  }
  if (!province || !city || !address || province.length > 50 || city.length > 50 || address.length > 500) problems.push(problem(language, addressField, 'ADDRESS'));

  const row: OrderImportRow = {
    platformNo,
    storeName: limit('storeName', 100),
    buyerNick: limit('buyerNick', 100),
    receiverName,
    receiverPhone,
    province,
    city,
    district,
    address,
    skuCode,
    qty,
    price: priceText,
    buyerMessage: limit('buyerMessage', 500),
    sellerRemark: limit('sellerRemark', 500),
    payTime,
  };
  return problems.length ? { problems } : { row };
}

interface StoreFacts {
  id: number;
  name: string;
  platformCode: string;
  usable: boolean;
}

async function storesOf(tx: Tx, domainId: number): Promise<StoreFacts[]> {
  const rows = await tx.execute<{ id: number; name: string; platform_code: string; usable: boolean }>(
    sql`select id, name, platform_code, usable from stores where domain_id = ${domainId}`,
  );
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name, platformCode: r.platform_code, usable: Boolean(r.usable) }));
}

async function skuIdsByCode(tx: Tx, domainId: number, codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await tx.execute<{ id: number; code: string }>(
    sql`select id, code from skus where domain_id = ${domainId} and del_flag = false and code = any(${textArray(codes)})`,
  );
  return new Map(rows.rows.map((r) => [r.code, Number(r.id)]));
}

const defaultStoreOf = (ctx: ImportContext) => (typeof ctx.options.storeId === 'number' ? ctx.options.storeId : null);

/** The store of a row: its store name, else the default store of the upload. */
function storeResolver(stores: StoreFacts[], defaultStoreId: number | null) {
  const byName = new Map(stores.map((s) => [s.name.trim().toLowerCase(), s]));
  const byId = new Map(stores.map((s) => [s.id, s]));
  return (row: OrderImportRow): StoreFacts | 'unknown' | 'none' => {
    if (row.storeName) return byName.get(row.storeName.trim().toLowerCase()) ?? 'unknown';
    if (defaultStoreId == null) return 'none';
    return byId.get(defaultStoreId) ?? 'unknown';
  };
}

const sameReceiver = (a: OrderImportRow, b: OrderImportRow) =>
  a.receiverName === b.receiverName && a.receiverPhone === b.receiverPhone && a.province === b.province && a.city === b.city && a.address === b.address;

/** Rows grouped into orders by store and platform order no., in file order. */
function groupOrders(rows: OrderImportRow[], storeOf: (r: OrderImportRow) => StoreFacts | 'unknown' | 'none') {
  const groups = new Map<string, { store: StoreFacts; rows: OrderImportRow[] }>();
  for (const row of rows) {
    const store = storeOf(row);
    if (typeof store === 'string') continue;
    const key = `${store.id}\u0000${row.platformNo}`;
    const group = groups.get(key) ?? { store, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function draftOf(rows: OrderImportRow[], skuIds: Map<string, number>): OrderDraft {
  const head = rows[0]!;
  const fill = (pick: (r: OrderImportRow) => string | null) => rows.map(pick).find((v) => v) ?? null;
  const receiver = { name: head.receiverName, phone: head.receiverPhone, province: head.province, city: head.city, district: head.district, address: head.address };
  const lines = rows.map((r) => ({ skuCode: r.skuCode, qty: r.qty, price: r.price }));
  const payTime = fill((r) => r.payTime);
  const draft = {
    buyerNick: fill((r) => r.buyerNick),
    buyerMessage: fill((r) => r.buyerMessage),
    sellerRemark: fill((r) => r.sellerRemark),
  };
  return {
    platformNo: head.platformNo,
    platformStatus: 'WAIT_SELLER_SEND_GOODS',
    source: 'IMPORT',
    ...draft,
    receiver,
    amount: null,
    postFee: '0',
    payTime: payTime ? new Date(payTime) : null,
    platformUpdatedAt: null,
    lines: rows.map((r) => ({ tbSpuId: null, tbSkuId: null, outerSkuId: r.skuCode, title: null, properties: null, qty: r.qty, price: r.price, skuId: skuIds.get(r.skuCode) ?? null })),
    // Only what the file says, so the same file again is recognised as unchanged.
    payload: { source: 'IMPORT', platformNo: head.platformNo, receiver, lines, payTime, ...draft },
  };
}

export function createOrderImporter(deps: {
  registry: ServiceRegistry;
  now: () => Date;
  templateFields: (tx: Tx, domainId: number, templateId: number) => Promise<OrderImportFieldMap[] | null>;
}): Importer<OrderImportRow> {
  const pipelineDeps = { registry: deps.registry, now: deps.now };
  return {
    kind: ORDER_IMPORT_KIND,
    access: CREATE_ORDER_ACCESS,
    maxRows: 20_000,
    sheetName: (language) => (zh(language) ? '订单导入模板' : 'Order import template'),
    columns: (language) => columnsOf(standardFields(language), true),

    async readColumns(ctx) {
      const templateId = typeof ctx.options.templateId === 'number' ? ctx.options.templateId : null;
      if (templateId == null) return columnsOf(standardFields(ctx.language), true);
      const fields = await deps.templateFields(ctx.tx, ctx.domainId, templateId);
      if (!fields) throw new Error(zh(ctx.language) ? '导入模板已删除' : 'The import template was deleted');
      return columnsOf(fields, false);
    },

    parseRow: parseOrderRow,

    async check(rows, ctx) {
      const problems: RowProblem[] = [];
      const resolve = storeResolver(await storesOf(ctx.tx, ctx.domainId), defaultStoreOf(ctx));
      const skuIds = await skuIdsByCode(ctx.tx, ctx.domainId, [...new Set(rows.map((r) => r.row.skuCode))]);
      const firstOfOrder = new Map<string, OrderImportRow>();
      for (const { rowNumber, row } of rows) {
        const store = resolve(row);
        if (store === 'unknown') problems.push(rowProblem(ctx.language, rowNumber, row.storeName ? 'storeName' : 'storeId', 'STORE_NOT_FOUND', { value: row.storeName ?? '' }));
        else if (store === 'none') problems.push(rowProblem(ctx.language, rowNumber, 'storeName', 'STORE_NONE'));
        else if (!store.usable) problems.push(rowProblem(ctx.language, rowNumber, 'storeName', 'STORE_DISABLED', { name: store.name }));
        if (!skuIds.has(row.skuCode)) problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'SKU_NOT_FOUND', { value: row.skuCode }));
        if (typeof store !== 'string') {
          const key = `${store.id}\u0000${row.platformNo}`;
          const first = firstOfOrder.get(key);
          if (!first) firstOfOrder.set(key, row);
          else if (!sameReceiver(first, row)) problems.push(rowProblem(ctx.language, rowNumber, 'receiverName', 'RECEIVER_DIFFERS', { value: row.platformNo }));
        }
      }
      return problems;
    },

    async summarize(rows, ctx) {
      const orders = groupOrders(rows, storeResolver(await storesOf(ctx.tx, ctx.domainId), defaultStoreOf(ctx)));
      let existing = 0;
      const byStore = new Map<number, string[]>();
      for (const o of orders) byStore.set(o.store.id, [...(byStore.get(o.store.id) ?? []), o.rows[0]!.platformNo]);
      for (const [storeId, nos] of byStore) {
        const found = await ctx.tx.execute<{ n: number }>(
          sql`select count(*)::int as n from platform_orders where domain_id = ${ctx.domainId} and store_id = ${storeId} and platform_no = any(${textArray(nos)})`,
        );
        existing += Number(found.rows[0]?.n ?? 0);
      }
      return { orders: orders.length, new: orders.length - existing, existing };
    },

    async load(rows, ctx, progress) {
      const orders = groupOrders(rows, storeResolver(await storesOf(ctx.tx, ctx.domainId), defaultStoreOf(ctx)));
      const skuIds = await skuIdsByCode(ctx.tx, ctx.domainId, [...new Set(rows.map((r) => r.skuCode))]);
      const actor = { userId: ctx.session.userId, loginName: ctx.session.loginName, domainId: ctx.domainId };
      const byStore = new Map<number, typeof orders>();
      for (const o of orders) byStore.set(o.store.id, [...(byStore.get(o.store.id) ?? []), o]);
      const result = { orders: orders.length, created: 0, existing: 0, updated: 0 };
      let doneRows = 0;
      for (const group of byStore.values()) {
        const store = { id: group[0]!.store.id, platformCode: group[0]!.store.platformCode };
        for (let i = 0; i < group.length; i += CHUNK) {
          const chunk = group.slice(i, i + CHUNK);
          const answer = await ingestOrders(ctx.tx, pipelineDeps, ctx.domainId, actor, store, chunk.map((o) => draftOf(o.rows, skuIds)));
          result.created += answer.created;
          result.updated += answer.updated;
          result.existing += answer.items.filter((item) => item.outcome === 'unchanged').length;
          doneRows += chunk.reduce((n, o) => n + o.rows.length, 0);
          await progress(doneRows);
        }
      }
      return result;
    },
  };
}
