// Reading and locking after-sale documents: the row shape (header and lines), the search with its
// filters, the day's code counter. Every query takes the domain first and filters by it.
import { idsIn, textsIn } from '../../platform/sql.js';
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AFTER_SALE_STATE_NAMES,
  AFTER_SALE_TYPE_NAMES,
  afterSaleName,
  RECEIPT_STATE_NAMES,
  REFUND_STATE_NAMES,
  SENDS_GOODS,
  WRITE_BACK_STATE_NAMES,
  addDecimals,
  formatDecimal,
  multiplyDecimals,
  parseDecimal,
  parseDateTimeText,
  type AfterSaleExportInput,
  type AfterSaleLine,
  type AfterSaleRow,
  type AfterSaleSearchInput,
  type AfterSaleSource,
  type AfterSaleState,
  type AfterSaleType,
  type Language,
  type ReceiptState,
  type RefundPhase,
  type RefundState,
  type ReplacementMode,
  type WriteBackState,
} from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { afterSaleCodeCounters, afterSaleLines, afterSales, erpOrders, stores, warehouses } from '../../db/schema/index.js';
import { likePattern } from '../../platform/sql.js';

export type AfterSaleHeader = typeof afterSales.$inferSelect;
export type AfterSaleLineRow = typeof afterSaleLines.$inferSelect;

export async function lockAfterSale(tx: Tx, domainId: number, id: number): Promise<AfterSaleHeader | undefined> {
  const [row] = await tx
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.domainId, domainId), eq(afterSales.id, id)))
    .for('update');
  return row;
}

export async function nextAfterSaleCode(tx: Tx, domainId: number, at: Date): Promise<string> {
  const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  const [row] = await tx
    .insert(afterSaleCodeCounters)
    .values({ domainId, day, last: 1 })
    .onConflictDoUpdate({ target: [afterSaleCodeCounters.domainId, afterSaleCodeCounters.day], set: { last: sql`${afterSaleCodeCounters.last} + 1` } })
    .returning({ last: afterSaleCodeCounters.last });
  return `AS${day.replace(/-/g, '')}${String(row!.last).padStart(4, '0')}`;
}

/** Which list: every document, the archive (completed, closed) or the abnormal ones (refund or write-back failed). */
export type AfterSaleList = 'all' | 'archive' | 'abnormal';

type Filter = Omit<AfterSaleSearchInput, 'currentPage' | 'pageSize'> & { idList?: number[] | null | undefined };

function conditions(domainId: number, input: Filter, list: AfterSaleList): SQL[] {
  const where: SQL[] = [eq(afterSales.domainId, domainId)];
  if (list === 'archive') where.push(textsIn(afterSales.checkStatus, ['COMPLETED', 'CLOSED']));
  if (list === 'abnormal') where.push(or(eq(afterSales.refundStatus, 'FAILURE'), eq(afterSales.writeBackStatus, 'FAILED'))!);
  if (input.idList?.length) where.push(idsIn(afterSales.id, input.idList));
  if (input.checkStatusList?.length) where.push(textsIn(afterSales.checkStatus, input.checkStatusList));
  if (input.refundStatusList?.length) where.push(textsIn(afterSales.refundStatus, input.refundStatusList));
  if (input.receiptStatusList?.length) where.push(textsIn(afterSales.receiptStatus, input.receiptStatusList));
  if (input.writeBackStatusList?.length) where.push(textsIn(afterSales.writeBackStatus, input.writeBackStatusList));
  if (input.typeList?.length) where.push(textsIn(afterSales.type, input.typeList));
  if (input.storeIdList?.length) where.push(idsIn(afterSales.storeId, input.storeIdList));
  if (input.erpOrderId) where.push(or(eq(afterSales.erpOrderId, input.erpOrderId), eq(afterSales.replacementOrderId, input.erpOrderId))!);
  if (input.startTime) where.push(gte(afterSales.applyTime, parseDateTimeText(input.startTime)));
  if (input.endTime) where.push(lt(afterSales.applyTime, parseDateTimeText(input.endTime)));
  const keyword = input.orderKeyWord?.trim();
  if (keyword) {
    const like = likePattern(keyword);
    where.push(
      or(
        sql`${afterSales.code} ilike ${like}`,
        sql`${afterSales.tbSohCode} ilike ${like}`,
        sql`${afterSales.buyerNick} ilike ${like}`,
        sql`${afterSales.buyerExpressNo} ilike ${like}`,
        sql`${afterSales.erpOrderCode} ilike ${like}`,
      )!,
    );
  }
  return where;
}

const replacementOrders = alias(erpOrders, 'replacement_orders');
const rowSelect = { h: afterSales, orderCode: erpOrders.code, replacementCode: replacementOrders.code, storeName: stores.name, platformCode: stores.platformCode, whName: warehouses.name };

function base(tx: Tx) {
  return tx
    .select(rowSelect)
    .from(afterSales)
    .innerJoin(stores, and(eq(stores.domainId, afterSales.domainId), eq(stores.id, afterSales.storeId)))
    .leftJoin(erpOrders, and(eq(erpOrders.domainId, afterSales.domainId), eq(erpOrders.id, afterSales.erpOrderId)))
    .leftJoin(replacementOrders, and(eq(replacementOrders.domainId, afterSales.domainId), eq(replacementOrders.id, afterSales.replacementOrderId)))
    .leftJoin(warehouses, and(eq(warehouses.domainId, afterSales.domainId), eq(warehouses.id, afterSales.returnWhId)));
}

type RowData = { h: AfterSaleHeader; orderCode: string | null; replacementCode: string | null; storeName: string; platformCode: string; whName: string | null };

/**
 * Exchanges and reissues: the goods sent out less the goods coming back, at their prices
 * (positive: a charge to the buyer; negative: a refund to the buyer). Null for other types.
 */
export function valueDifference(type: string, lines: Pick<AfterSaleLineRow, 'kind' | 'skuPrice' | 'skuNum'>[]): string | null {
  if (!SENDS_GOODS.has(type as AfterSaleType)) return null;
  const total = (kind: string) => lines.filter((l) => l.kind === kind).reduce((sum, l) => addDecimals(sum, multiplyDecimals(l.skuPrice, l.skuNum)), parseDecimal(0));
  // A reissue sends goods again without any coming back: nothing is charged for it.
  if (type === 'REISSUE') return formatDecimal(parseDecimal(0), 4);
  return formatDecimal(addDecimals(total('EXCHANGE'), multiplyDecimals(total('RETURN'), -1)), 4);
}

function lineOf(l: AfterSaleLineRow): AfterSaleLine {
  return {
    id: l.id,
    kind: l.kind as AfterSaleLine['kind'],
    isCombination: l.isCombination,
    skuId: l.skuId,
    skuCode: l.skuCode,
    skuName: l.skuName,
    skuNum: l.skuNum,
    skuPrice: l.skuPrice,
    skuWeight: l.skuWeight,
    skuSpec: l.skuSpec,
    orderId: l.erpOrderLineId,
  };
}

function toRow(r: RowData, lines: AfterSaleLineRow[], language: Language): AfterSaleRow {
  const h = r.h;
  const refund = h.refundStatus as RefundState | null;
  const writeBack = h.writeBackStatus as WriteBackState | null;
  return {
    id: h.id,
    code: h.code,
    source: h.source as AfterSaleSource,
    type: h.type as AfterSaleType,
    typeName: afterSaleName(AFTER_SALE_TYPE_NAMES[h.type as AfterSaleType], language),
    erpSoHId: h.erpOrderId,
    erpSoHCode: r.orderCode,
    tbSohCode: h.tbSohCode,
    platformRefundId: h.platformRefundId,
    storeId: h.storeId,
    storeName: r.storeName,
    platformCode: r.platformCode,
    buyerNick: h.buyerNick,
    buyerName: h.buyerName,
    buyerPhone: h.buyerPhone,
    buyerProvince: h.buyerProvince,
    buyerCity: h.buyerCity,
    buyerDistrict: h.buyerDistrict,
    buyerAddress: h.buyerAddress,
    buyerExpressCompanyCode: h.buyerExpressCompanyCode,
    buyerExpressCompanyName: h.buyerExpressCompanyName,
    buyerExpressNo: h.buyerExpressNo,
    applyTime: h.applyTime?.toISOString() ?? null,
    refundPhase: h.refundPhase as RefundPhase | null,
    afterSalesReason: h.afterSalesReason,
    refundFee: h.refundFee,
    postFee: h.postFee,
    remark: h.remark,
    paymentAccount: h.paymentAccount,
    returnWhId: h.returnWhId,
    returnWhName: r.whName,
    platformStatus: h.platformStatus,
    checkStatus: h.checkStatus as AfterSaleState,
    checkStatusName: afterSaleName(AFTER_SALE_STATE_NAMES[h.checkStatus as AfterSaleState], language),
    receiptStatus: h.receiptStatus as ReceiptState,
    receiptStatusName: afterSaleName(RECEIPT_STATE_NAMES[h.receiptStatus as ReceiptState], language),
    refundStatus: refund,
    refundStatusName: refund ? afterSaleName(REFUND_STATE_NAMES[refund], language) : null,
    writeBackStatus: writeBack,
    writeBackStatusName: writeBack ? afterSaleName(WRITE_BACK_STATE_NAMES[writeBack], language) : null,
    rmaId: h.rmaId,
    returnQtyTotal: h.returnQtyTotal,
    writeBackError: h.writeBackError,
    writeBackAt: h.writeBackAt?.toISOString() ?? null,
    replacementMode: h.replacementMode as ReplacementMode | null,
    replacementOrderId: h.replacementOrderId,
    replacementOrderCode: r.replacementCode,
    valueDifference: valueDifference(h.type, lines),
    createdAt: h.createdAt.toISOString(),
    version: h.version,
    returnDetailDtos: lines.filter((l) => l.kind === 'RETURN').map(lineOf),
    exchangeDetailDtos: lines.filter((l) => l.kind === 'EXCHANGE').map(lineOf),
  };
}

async function withLines(tx: Tx, domainId: number, rows: RowData[], language: Language): Promise<AfterSaleRow[]> {
  if (!rows.length) return [];
  const lines = await tx
    .select()
    .from(afterSaleLines)
    .where(
      and(
        eq(afterSaleLines.domainId, domainId),
        idsIn(afterSaleLines.afterSaleId,
          rows.map((r) => r.h.id),
        ),
      ),
    )
    .orderBy(asc(afterSaleLines.afterSaleId), asc(afterSaleLines.kind), asc(afterSaleLines.lineNo));
  const byDoc = new Map<number, AfterSaleLineRow[]>();
  for (const l of lines) byDoc.set(l.afterSaleId, [...(byDoc.get(l.afterSaleId) ?? []), l]);
  return rows.map((r) => toRow(r, byDoc.get(r.h.id) ?? [], language));
}

export async function afterSaleRow(tx: Tx, domainId: number, id: number, language: Language): Promise<AfterSaleRow | undefined> {
  const rows = await base(tx).where(and(eq(afterSales.domainId, domainId), eq(afterSales.id, id)));
  return (await withLines(tx, domainId, rows, language))[0];
}

export async function searchAfterSales(
  tx: Tx,
  domainId: number,
  input: Filter,
  list: AfterSaleList,
  language: Language,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: AfterSaleRow[] }> {
  const where = and(...conditions(domainId, input, list));
  if (input.orderKeyWord?.trim()) {
    // A fuzzy keyword no index answers: one pass over the matching documents gives the page's ids
    // and the total together, instead of scanning them once to count and again for the page.
    const hits = await tx
      .select({ id: afterSales.id, n: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(afterSales)
      .where(where)
      .orderBy(desc(afterSales.id))
      .limit(window.limit)
      .offset(window.offset);
    if (hits.length || window.offset === 0) {
      const rows = hits.length ? await base(tx).where(and(eq(afterSales.domainId, domainId), idsIn(afterSales.id, hits.map((h) => h.id)))).orderBy(desc(afterSales.id)) : [];
      return { total: hits[0]?.n ?? 0, rows: await withLines(tx, domainId, rows, language) };
    }
  }
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(afterSales)
    .where(where);
  const rows = await base(tx).where(where).orderBy(desc(afterSales.id)).limit(window.limit).offset(window.offset);
  return { total: Number(counted?.n ?? 0), rows: await withLines(tx, domainId, rows, language) };
}

export type { AfterSaleExportInput };
