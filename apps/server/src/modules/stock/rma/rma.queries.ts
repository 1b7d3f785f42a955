// Reading and locking returns (RMA): the row shape of the list and the detail, the search, the
// status counts, the day's code counter.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { RMA_STATUSES, rmaStatusName, type Language, type RmaDetailRow, type RmaRow, type RmaSearchInput, type RmaStatus, type RmaView } from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { erpOrders, rmaCodeCounters, rmaDetails, rmaHeaders, rmaReasons, rmaReceiptLines, rmaReceipts, skus, warehouseLocations, warehouses } from '../../../db/schema/index.js';
import { likePattern, textArray } from '../../../platform/sql.js';
import { pageOffset } from '../../../platform/paging.js';

export type RmaHeader = typeof rmaHeaders.$inferSelect;
export type RmaDetail = typeof rmaDetails.$inferSelect;

export async function lockRma(tx: Tx, domainId: number, id: number): Promise<RmaHeader | undefined> {
  const [row] = await tx
    .select()
    .from(rmaHeaders)
    .where(and(eq(rmaHeaders.domainId, domainId), eq(rmaHeaders.id, id)))
    .for('update');
  return row;
}

export async function detailsOf(tx: Tx, domainId: number, rmaId: number): Promise<RmaDetail[]> {
  return tx
    .select()
    .from(rmaDetails)
    .where(and(eq(rmaDetails.domainId, domainId), eq(rmaDetails.rmaId, rmaId)))
    .orderBy(asc(rmaDetails.lineNo));
}

export async function nextRmaCode(tx: Tx, domainId: number, at: Date): Promise<string> {
  const day = `${at.getFullYear()}${String(at.getMonth() + 1).padStart(2, '0')}${String(at.getDate()).padStart(2, '0')}`;
  const [row] = await tx
    .insert(rmaCodeCounters)
    .values({ domainId, day: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`, last: 1 })
    .onConflictDoUpdate({ target: [rmaCodeCounters.domainId, rmaCodeCounters.day], set: { last: sql`${rmaCodeCounters.last} + 1` } })
    .returning({ last: rmaCodeCounters.last });
  return `RMA${day}${String(row!.last).padStart(4, '0')}`;
}

const rowSelect = {
  h: rmaHeaders,
  warehouseName: warehouses.name,
  orderCode: erpOrders.code,
  platformNos: erpOrders.platformNos,
  reason: rmaReasons.reason,
};

function rowsQuery(tx: Tx) {
  return tx
    .select(rowSelect)
    .from(rmaHeaders)
    .innerJoin(warehouses, and(eq(warehouses.id, rmaHeaders.warehouseId), eq(warehouses.domainId, rmaHeaders.domainId)))
    .leftJoin(erpOrders, and(eq(erpOrders.id, rmaHeaders.erpOrderId), eq(erpOrders.domainId, rmaHeaders.domainId)))
    .leftJoin(rmaReasons, and(eq(rmaReasons.id, rmaHeaders.reasonId), eq(rmaReasons.domainId, rmaHeaders.domainId)));
}

type RowData = { h: RmaHeader; warehouseName: string; orderCode: string | null; platformNos: string[] | null; reason: string | null };

export function toRow(r: RowData, language: Language): RmaRow {
  const h = r.h;
  return {
    id: h.id,
    code: h.code,
    source: h.source as RmaRow['source'],
    whId: h.warehouseId,
    warehouseName: r.warehouseName,
    erpSoHId: h.erpOrderId,
    erpSoHCode: r.orderCode,
    extCodes: r.platformNos ?? [],
    statusCode: h.status as RmaStatus,
    statusName: rmaStatusName(h.status as RmaStatus, language),
    sendStatus: h.sendStatus as RmaRow['sendStatus'],
    cancelStatus: h.cancelStatus as RmaRow['cancelStatus'],
    wmsMessage: h.wmsMessage,
    externalCode: h.externalCode,
    reasonId: h.reasonId,
    reason: r.reason,
    expressCompanyCode: h.expressCompanyCode,
    expressNo: h.expressNo,
    buyerNick: h.buyerNick,
    receiverName: h.receiverName,
    receiverPhone: h.receiverPhone,
    receiverProvince: h.receiverProvince,
    receiverCity: h.receiverCity,
    receiverCounty: h.receiverCounty,
    remark: h.remark,
    qtyTotal: h.qtyTotal,
    receivedQtyTotal: h.receivedQtyTotal,
    goodQtyTotal: h.goodQtyTotal,
    defectiveQtyTotal: h.defectiveQtyTotal,
    createdAt: h.createdAt.toISOString(),
    completedAt: h.completedAt?.toISOString() ?? null,
    version: h.version,
  };
}

export async function rmaView(tx: Tx, domainId: number, id: number, language: Language): Promise<RmaView | undefined> {
  const [row] = await rowsQuery(tx).where(and(eq(rmaHeaders.domainId, domainId), eq(rmaHeaders.id, id)));
  if (!row) return undefined;
  const details = await tx
    .select({ d: rmaDetails, skuCode: skus.code, skuName: skus.name })
    .from(rmaDetails)
    .innerJoin(skus, and(eq(skus.id, rmaDetails.skuId), eq(skus.domainId, rmaDetails.domainId)))
    .where(and(eq(rmaDetails.domainId, domainId), eq(rmaDetails.rmaId, id)))
    .orderBy(asc(rmaDetails.lineNo));
  const receipts = await tx
    .select()
    .from(rmaReceipts)
    .where(and(eq(rmaReceipts.domainId, domainId), eq(rmaReceipts.rmaId, id)))
    .orderBy(asc(rmaReceipts.id));
  const lines = receipts.length
    ? await tx
        .select({ l: rmaReceiptLines, locationCode: warehouseLocations.code })
        .from(rmaReceiptLines)
        .leftJoin(warehouseLocations, and(eq(warehouseLocations.id, rmaReceiptLines.locationId), eq(warehouseLocations.domainId, rmaReceiptLines.domainId)))
        .where(and(eq(rmaReceiptLines.domainId, domainId), sql`${rmaReceiptLines.receiptId} in (select id from rma_receipts where domain_id = ${domainId} and rma_id = ${id})`))
        .orderBy(asc(rmaReceiptLines.id))
    : [];
  const rmaDetailRows: RmaDetailRow[] = details.map(({ d, skuCode, skuName }) => ({
    id: d.id,
    lineNo: d.lineNo,
    erpSodId: d.erpOrderLineId,
    skuId: d.skuId,
    skuCode,
    skuName,
    qty: d.qty,
    receivedQty: d.receivedQty,
    goodQty: d.goodQty,
    defectiveQty: d.defectiveQty,
    remark: d.remark,
  }));
  return {
    ...toRow(row, language),
    rmaDetails: rmaDetailRows,
    receipts: receipts.map((r) => ({
      id: r.id,
      receiptKey: r.receiptKey,
      qtyTotal: r.qtyTotal,
      receivedByName: r.receivedByName,
      receivedAt: r.createdAt.toISOString(),
      lines: lines
        .filter((x) => x.l.receiptId === r.id)
        .map((x) => ({ rmaDetailId: x.l.rmaDetailId, skuId: x.l.skuId, quality: x.l.quality as 'GOOD' | 'DEFECTIVE', locationId: x.l.locationId, locationCode: x.locationCode, qty: x.l.qty })),
    })),
  };
}

/**
 * The keyword match: return code, tracking number, order code or platform order number. The exact
 * match (a scan, a pasted list) is a union of lookups each answered by its own index (the return's
 * code key, its tracking-number index, the order's code key, the platform numbers' gin index) and
 * never an OR across the join to the orders, which no index answers (bench/RESULTS.md, after-sales).
 */
function keywordCondition(domainId: number, keywords: string[], fuzzy: boolean): SQL | undefined {
  if (!keywords.length) return undefined;
  if (fuzzy && keywords.length === 1) {
    const p = likePattern(keywords[0]!);
    return sql`(${rmaHeaders.code} ilike ${p} or ${rmaHeaders.expressNo} ilike ${p} or ${erpOrders.code} ilike ${p}
      or exists (select 1 from unnest(${erpOrders.platformNos}) n where n ilike ${p}))`;
  }
  const list = textArray(keywords);
  return sql`${rmaHeaders.id} = any(array(
    select r.id from rma_headers r where r.domain_id = ${domainId} and r.code = any(${list})
    union select r.id from rma_headers r where r.domain_id = ${domainId} and r.express_no = any(${list})
    union select r.id from erp_orders o join rma_headers r on r.domain_id = o.domain_id and r.erp_order_id = o.id
      where o.domain_id = ${domainId} and o.code = any(${list})
    union select r.id from erp_orders o join rma_headers r on r.domain_id = o.domain_id and r.erp_order_id = o.id
      where o.domain_id = ${domainId} and o.platform_nos && ${list}))`;
}

export async function searchRmas(tx: Tx, domainId: number, input: RmaSearchInput, language: Language) {
  const conditions: SQL[] = [eq(rmaHeaders.domainId, domainId)];
  const single = input.statusCode ?? input.status;
  const statuses = input.statusCodeList?.length ? input.statusCodeList : single ? [single] : [];
  if (statuses.length) conditions.push(sql`${rmaHeaders.status} = any(${textArray(statuses)})`);
  if (input.whId && input.whId > 0) conditions.push(eq(rmaHeaders.warehouseId, input.whId));
  const keywords = [...(input.orderKeyWordList ?? []), ...(input.orderKeyWord ? input.orderKeyWord.split(/[,，\s]+/).filter(Boolean) : [])];
  const fuzzy = input.keywordsType === 'mohu' && keywords.length === 1;
  const byKeyword = keywordCondition(domainId, keywords, fuzzy);
  if (byKeyword) conditions.push(byKeyword);
  if (input.condition) {
    const p = likePattern(input.condition);
    conditions.push(sql`(${rmaHeaders.buyerNick} ilike ${p} or ${rmaHeaders.receiverName} ilike ${p} or ${rmaHeaders.remark} ilike ${p})`);
  }
  const where = and(...conditions)!;
  // The count joins the order only when the fuzzy keyword reads its code.
  const counting = tx.select({ n: sql<number>`count(*)::int` }).from(rmaHeaders);
  const [counted] = await (fuzzy
    ? counting.leftJoin(erpOrders, and(eq(erpOrders.id, rmaHeaders.erpOrderId), eq(erpOrders.domainId, rmaHeaders.domainId))).where(where)
    : counting.where(where));
  const rows = await rowsQuery(tx)
    .where(where)
    .orderBy(desc(rmaHeaders.id))
    .limit(input.pageSize)
    .offset(pageOffset(input));
  return { total: Number(counted?.n ?? 0), rows: rows.map((r) => toRow(r, language)) };
}

/** Open returns (not cancelled) matching a condition, newest first. */
export async function openRmas(tx: Tx, domainId: number, condition: SQL, language: Language): Promise<RmaRow[]> {
  const rows = await rowsQuery(tx)
    .where(and(eq(rmaHeaders.domainId, domainId), sql`${rmaHeaders.status} <> 'CI_RMA_STATUS_CLOSED'`, condition))
    .orderBy(desc(rmaHeaders.id))
    .limit(200);
  return rows.map((r) => toRow(r, language));
}

export async function statusCounts(tx: Tx, domainId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ status: rmaHeaders.status, n: sql<number>`count(*)::int` })
    .from(rmaHeaders)
    .where(eq(rmaHeaders.domainId, domainId))
    .groupBy(rmaHeaders.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export const ALL_STATUSES = RMA_STATUSES;
