// Queries of inbound notices. Each takes the domain first: no query here reads or changes another
// domain's rows. Warehouses, locations, suppliers, SKUs and users are read, never written.
import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  formatDecimal,
  isSandboxWarehouse,
  MONEY_DECIMALS,
  multiplyDecimals,
  parseDateTimeText,
  type AsnDetailRow,
  type AsnReceiptRow,
  type AsnRow,
  type AsnSearchInput,
  type AsnStatus,
  type AsnType,
  type SyncStatus,
  type ThirdPartyStatus,
  type WarehouseType,
} from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import {
  asnCodeCounters,
  asnDetails,
  asnHeaders,
  asnReceiptLines,
  asnReceipts,
  skus,
  suppliers,
  users,
  warehouseLocations,
  warehouses,
  warehouseSystemResults,
} from '../../../db/schema/index.js';
import { pageWindow } from '../../../platform/paging.js';
import { isoTime } from '../../../platform/time.js';
import { idsIn, textsIn } from '../../../platform/sql.js';

export type AsnHeader = typeof asnHeaders.$inferSelect;
export type AsnDetail = typeof asnDetails.$inferSelect;

export async function lockAsn(tx: Tx, domainId: number, id: number): Promise<AsnHeader | undefined> {
  const [row] = await tx
    .select()
    .from(asnHeaders)
    .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.id, id)))
    .for('update');
  return row;
}

export async function lockAsnByCode(tx: Tx, domainId: number, warehouseId: number, code: string): Promise<AsnHeader | undefined> {
  const [row] = await tx
    .select()
    .from(asnHeaders)
    .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.warehouseId, warehouseId), eq(asnHeaders.code, code)))
    .for('update');
  return row;
}

export async function detailsOf(tx: Tx, domainId: number, asnId: number, lock = false): Promise<AsnDetail[]> {
  const query = tx
    .select()
    .from(asnDetails)
    .where(and(eq(asnDetails.domainId, domainId), eq(asnDetails.asnId, asnId)))
    .orderBy(asc(asnDetails.lineNo));
  return lock ? query.for('update') : query;
}

export async function findWarehouse(tx: Tx, domainId: number, id: number) {
  const [row] = await tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, id)));
  return row;
}

export async function findWarehousesByCodes(tx: Tx, domainId: number, codes: string[]) {
  if (!codes.length) return [];
  return tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.domainId, domainId), textsIn(warehouses.code, codes)));
}

export async function findSupplier(tx: Tx, domainId: number, id: number) {
  const [row] = await tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.domainId, domainId), eq(suppliers.id, id)));
  return row;
}

export async function findSuppliersByCodes(tx: Tx, domainId: number, codes: string[]) {
  if (!codes.length) return [];
  return tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.domainId, domainId), textsIn(suppliers.code, codes)));
}

export interface SkuFacts {
  id: number;
  code: string;
  name: string | null;
  barCode: string | null;
  specifications: string | null;
  isCombination: boolean;
}

/** Live (not deleted) SKUs of the domain, by id or by code. */
export async function liveSkus(tx: Tx, domainId: number, filter: { ids?: number[]; codes?: string[] }): Promise<SkuFacts[]> {
  const conditions: SQL[] = [eq(skus.domainId, domainId), eq(skus.delFlag, false)];
  if (filter.ids) {
    if (!filter.ids.length) return [];
    conditions.push(idsIn(skus.id, filter.ids));
  }
  if (filter.codes) {
    if (!filter.codes.length) return [];
    conditions.push(textsIn(skus.code, filter.codes));
  }
  return tx
    .select({ id: skus.id, code: skus.code, name: skus.name, barCode: skus.barCode, specifications: skus.specifications, isCombination: skus.isCombination })
    .from(skus)
    .where(and(...conditions));
}

/** The domain's locations of these ids (any warehouse), to say which warehouse each is in. */
export async function locationsByIds(tx: Tx, domainId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: warehouseLocations.id, warehouseId: warehouseLocations.warehouseId, code: warehouseLocations.code })
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.domainId, domainId), idsIn(warehouseLocations.id, ids)));
}

export async function locationsOfWarehouse(tx: Tx, domainId: number, warehouseId: number) {
  return tx
    .select({ id: warehouseLocations.id, code: warehouseLocations.code })
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.warehouseId, warehouseId)));
}

/** The next notice code of the day: ASN + yyyymmdd + a counter of at least 4 digits. */
export async function nextAsnCode(tx: Tx, domainId: number, at: Date): Promise<string> {
  const day = `${at.getFullYear()}${String(at.getMonth() + 1).padStart(2, '0')}${String(at.getDate()).padStart(2, '0')}`;
  const [row] = await tx
    .insert(asnCodeCounters)
    .values({ domainId, day: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`, last: 1 })
    .onConflictDoUpdate({ target: [asnCodeCounters.domainId, asnCodeCounters.day], set: { last: sql`${asnCodeCounters.last} + 1` } })
    .returning({ last: asnCodeCounters.last });
  return `ASN${day}${String(row!.last).padStart(4, '0')}`;
}

// ---- reading notices ----------------------------------------------------------------------

const rowSelect = {
  h: asnHeaders,
  warehouseCode: warehouses.code,
  warehouseName: warehouses.name,
  warehouseType: warehouses.type,
  warehouseExternalCode: warehouses.externalCode,
  supplierCode: suppliers.code,
  supplierName: suppliers.name,
  createdByName: users.userName,
};

type RowSelect = {
  h: AsnHeader;
  warehouseCode: string;
  warehouseName: string;
  warehouseType: string;
  warehouseExternalCode: string | null;
  supplierCode: string | null;
  supplierName: string | null;
  createdByName: string | null;
};

/** A notice's row before it is presented to a caller (statusName is in the caller's language). */
export type AsnRowData = Omit<AsnRow, 'statusName'>;

function toAsnRow(r: RowSelect): AsnRowData {
  const h = r.h;
  return {
    id: h.id,
    code: h.code,
    asnType: h.asnType as AsnType,
    whId: h.warehouseId,
    warehouseCode: r.warehouseCode,
    warehouseName: r.warehouseName,
    warehouseType: r.warehouseType as WarehouseType,
    supplierId: h.supplierId,
    supplierCode: r.supplierCode,
    supplierName: r.supplierName,
    statusId: h.status as AsnStatus,
    purchaseCode: h.purchaseCode,
    expectedTime: isoTime(h.expectedAt),
    remark: h.remark,
    skuTotal: h.skuTotal,
    qtyTotal: h.qtyTotal,
    receivedQtyTotal: h.receivedQtyTotal,
    amountTotal: h.amountTotal,
    syncStatus: h.syncStatus as SyncStatus | null,
    syncError: h.syncError,
    syncErrorCode: h.syncErrorCode,
    syncAttempts: h.syncAttempts,
    wmsStatus: h.wmsStatus as ThirdPartyStatus | null,
    externalCode: h.externalCode,
    cancelSyncStatus: h.cancelSyncStatus as SyncStatus | null,
    sandbox: isSandboxWarehouse({ type: r.warehouseType, externalCode: r.warehouseExternalCode }),
    cancelReason: h.cancelReason,
    createdByName: r.createdByName,
    createdAt: h.createdAt.toISOString(),
    completedAt: isoTime(h.completedAt),
    closedAt: isoTime(h.closedAt),
    version: h.version,
  };
}

function rowsQuery(tx: Tx) {
  return tx
    .select(rowSelect)
    .from(asnHeaders)
    .innerJoin(warehouses, and(eq(warehouses.id, asnHeaders.warehouseId), eq(warehouses.domainId, asnHeaders.domainId)))
    .leftJoin(suppliers, and(eq(suppliers.id, asnHeaders.supplierId), eq(suppliers.domainId, asnHeaders.domainId)))
    .leftJoin(users, eq(users.id, asnHeaders.createdBy));
}

export async function asnRowById(tx: Tx, domainId: number, id: number): Promise<AsnRowData | undefined> {
  const [row] = await rowsQuery(tx).where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.id, id)));
  return row ? toAsnRow(row) : undefined;
}

function searchConditions(domainId: number, input: AsnSearchInput): SQL[] {
  const conditions: SQL[] = [eq(asnHeaders.domainId, domainId)];
  const keywords = input.codeKeywords ?? [];
  if (keywords.length === 1) {
    const like = `%${keywords[0]!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(asnHeaders.code, like), ilike(asnHeaders.purchaseCode, like))!);
  } else if (keywords.length > 1) {
    conditions.push(or(textsIn(asnHeaders.code, keywords), textsIn(asnHeaders.purchaseCode, keywords))!);
  }
  const statuses = input.status ? [input.status] : (input.statusList ?? []);
  if (statuses.length) conditions.push(textsIn(asnHeaders.status, statuses));
  if (input.asnType) conditions.push(eq(asnHeaders.asnType, input.asnType));
  if (input.whId !== undefined && input.whId !== null && input.whId !== -1) conditions.push(eq(asnHeaders.warehouseId, input.whId));
  if (input.supplierId) conditions.push(eq(asnHeaders.supplierId, input.supplierId));
  if (input.syncStatus) conditions.push(eq(asnHeaders.syncStatus, input.syncStatus));
  const column = input.timeType === 'EXPECTED' ? asnHeaders.expectedAt : input.timeType === 'COMPLETED' ? asnHeaders.completedAt : asnHeaders.createdAt;
  if (input.startTime) conditions.push(gte(column, parseDateTimeText(input.startTime)));
  if (input.endTime) conditions.push(lte(column, parseDateTimeText(input.endTime)));
  return conditions;
}

export async function searchAsns(tx: Tx, domainId: number, input: AsnSearchInput): Promise<{ rows: AsnRowData[]; total: number }> {
  const where = and(...searchConditions(domainId, input));
  const [rows, [total]] = await Promise.all([
    rowsQuery(tx)
      .where(where)
      .orderBy(desc(asnHeaders.createdAt), desc(asnHeaders.id))
      .limit(input.pageSize)
      .offset(pageWindow(input).offset),
    tx.select({ n: count() }).from(asnHeaders).where(where),
  ]);
  return { rows: rows.map(toAsnRow), total: Number(total?.n ?? 0) };
}

export async function statusCounts(tx: Tx, domainId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ status: asnHeaders.status, n: count() })
    .from(asnHeaders)
    .where(eq(asnHeaders.domainId, domainId))
    .groupBy(asnHeaders.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export async function countWaiting(tx: Tx, domainId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(asnHeaders)
    .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.status, 'CI_ASN_STATUS_CREATED')));
  return Number(row?.n ?? 0);
}

export async function detailRows(tx: Tx, domainId: number, asnId: number): Promise<AsnDetailRow[]> {
  const rows = await tx
    .select({ d: asnDetails, skuCode: skus.code, skuName: skus.name, specifications: skus.specifications, barCode: skus.barCode, locationCode: warehouseLocations.code })
    .from(asnDetails)
    .innerJoin(skus, and(eq(skus.id, asnDetails.skuId), eq(skus.domainId, asnDetails.domainId)))
    .leftJoin(warehouseLocations, and(eq(warehouseLocations.id, asnDetails.locationId), eq(warehouseLocations.domainId, asnDetails.domainId)))
    .where(and(eq(asnDetails.domainId, domainId), eq(asnDetails.asnId, asnId)))
    .orderBy(asc(asnDetails.lineNo));
  return rows.map(({ d, ...r }) => ({
    id: d.id,
    lineNo: d.lineNo,
    skuId: d.skuId,
    skuCode: r.skuCode,
    skuName: r.skuName,
    specifications: r.specifications,
    skuBarCode: r.barCode,
    qty: d.qty,
    receivedQty: d.receivedQty,
    price: d.price,
    amount: d.price === null ? null : formatDecimal(multiplyDecimals(d.price, d.qty), MONEY_DECIMALS),
    locationId: d.locationId,
    locationCode: r.locationCode,
    lotAttNO: d.lotAttNo,
    remark: d.remark,
  }));
}

export async function receiptRows(tx: Tx, domainId: number, asnId: number): Promise<AsnReceiptRow[]> {
  const receipts = await tx
    .select()
    .from(asnReceipts)
    .where(and(eq(asnReceipts.domainId, domainId), eq(asnReceipts.asnId, asnId)))
    .orderBy(asc(asnReceipts.id));
  if (!receipts.length) return [];
  const lines = await tx
    .select({ l: asnReceiptLines, skuCode: skus.code, locationCode: warehouseLocations.code })
    .from(asnReceiptLines)
    .innerJoin(skus, and(eq(skus.id, asnReceiptLines.skuId), eq(skus.domainId, asnReceiptLines.domainId)))
    .leftJoin(warehouseLocations, and(eq(warehouseLocations.id, asnReceiptLines.locationId), eq(warehouseLocations.domainId, asnReceiptLines.domainId)))
    .where(
      and(
        eq(asnReceiptLines.domainId, domainId),
        idsIn(
          asnReceiptLines.receiptId,
          receipts.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(asnReceiptLines.id));
  return receipts.map((r) => ({
    id: r.id,
    source: r.source as AsnReceiptRow['source'],
    externalResultId: r.externalResultId,
    qtyTotal: r.qtyTotal,
    remark: r.remark,
    receivedByName: r.receivedByName,
    receivedAt: r.createdAt.toISOString(),
    lines: lines
      .filter((x) => x.l.receiptId === r.id)
      .map((x) => ({
        asnDetailId: x.l.asnDetailId,
        skuId: x.l.skuId,
        skuCode: x.skuCode,
        locationId: x.l.locationId || null,
        locationCode: x.locationCode,
        qty: x.l.qty,
      })),
  }));
}

export async function refusedResults(tx: Tx, domainId: number, warehouseId: number, code: string) {
  const rows = await tx
    .select()
    .from(warehouseSystemResults)
    .where(
      and(
        eq(warehouseSystemResults.domainId, domainId),
        eq(warehouseSystemResults.warehouseId, warehouseId),
        eq(warehouseSystemResults.kind, 'ASN'),
        eq(warehouseSystemResults.docCode, code),
        eq(warehouseSystemResults.outcome, 'REFUSED'),
      ),
    )
    .orderBy(asc(warehouseSystemResults.id));
  return rows.map((r) => ({ resultId: r.resultId, type: r.type, message: r.message ?? '', createdAt: r.createdAt.toISOString() }));
}

/** Notices whose issue is due: asked and not picked up, or failed with a retry due. */
export async function dueForIssue(tx: Tx, now: Date, limit: number): Promise<{ domainId: number; id: number }[]> {
  return tx
    .select({ domainId: asnHeaders.domainId, id: asnHeaders.id })
    .from(asnHeaders)
    .where(
      or(
        and(eq(asnHeaders.syncStatus, 'REQUEST'), lte(asnHeaders.updatedAt, new Date(now.getTime() - 30_000))),
        and(eq(asnHeaders.syncStatus, 'FAILURE'), lte(asnHeaders.nextSyncAt, now)),
        and(textsIn(asnHeaders.cancelSyncStatus, ['REQUEST']), lte(asnHeaders.updatedAt, new Date(now.getTime() - 30_000))),
        and(eq(asnHeaders.cancelSyncStatus, 'FAILURE'), lte(asnHeaders.nextSyncAt, now)),
        // A send abandoned by a stopped process.
        and(textsIn(asnHeaders.syncStatus, ['SENDING']), lte(asnHeaders.updatedAt, new Date(now.getTime() - 10 * 60_000))),
        and(textsIn(asnHeaders.cancelSyncStatus, ['SENDING']), lte(asnHeaders.updatedAt, new Date(now.getTime() - 10 * 60_000))),
      ),
    )
    .orderBy(asc(asnHeaders.id))
    .limit(limit);
}

/**
 * The notice's lines of the SKU a scanned code names (its SKU code or barcode), with what the
 * receiving station shows; lines with pieces still expected first, then by line number.
 */
export async function scanTargets(tx: Tx, domainId: number, asnId: number, code: string) {
  return tx
    .select({
      id: asnDetails.id,
      lineNo: asnDetails.lineNo,
      skuId: asnDetails.skuId,
      skuCode: skus.code,
      skuName: skus.name,
      skuBarCode: skus.barCode,
      qty: asnDetails.qty,
      receivedQty: asnDetails.receivedQty,
      locationId: asnDetails.locationId,
    })
    .from(asnDetails)
    .innerJoin(skus, and(eq(skus.domainId, asnDetails.domainId), eq(skus.id, asnDetails.skuId)))
    .where(
      and(
        eq(asnDetails.domainId, domainId),
        eq(asnDetails.asnId, asnId),
        sql`${asnDetails.skuId} = any(array(select k.id from skus k where k.domain_id = ${domainId} and k.del_flag = false and (k.code = ${code} or k.bar_code = ${code})))`,
      ),
    )
    .orderBy(sql`${asnDetails.receivedQty} >= ${asnDetails.qty}`, asc(asnDetails.lineNo));
}

/** The notice's lines of these ids (lines of other notices are not returned). */
export async function detailsOfIds(tx: Tx, domainId: number, asnId: number, ids: number[]): Promise<AsnDetail[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(asnDetails)
    .where(and(eq(asnDetails.domainId, domainId), eq(asnDetails.asnId, asnId), idsIn(asnDetails.id, ids)));
}

/** Whether any line of the notice still expects pieces. */
export async function hasLinesExpected(tx: Tx, domainId: number, asnId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(asnDetails)
    .where(and(eq(asnDetails.domainId, domainId), eq(asnDetails.asnId, asnId), sql`${asnDetails.receivedQty} < ${asnDetails.qty}`))
    .limit(1);
  return !!row;
}
