// Outbound-order queries; every one takes the domain first and filters by it.
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { ORDER_CODE_KEYWORD_CAP, parseDateTimeText, splitKeywords, warehouseFilterId, type WdoDetailRow, type WdoRow, type WdoSearchInput, type WdoStatus, type WdoSyncStatus, type WdoType } from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { skus, users, warehouses, wdoDetails, wdoHeaders } from '../../../db/schema/index.js';
import { pageWindow } from '../../../platform/paging.js';
import { isoTime } from '../../../platform/time.js';
import { likePattern, textArray } from '../../../platform/sql.js';

export type WdoRecord = typeof wdoHeaders.$inferSelect;
export type WdoDetailRecord = typeof wdoDetails.$inferSelect;

const rowColumns = {
  h: wdoHeaders,
  warehouseCode: warehouses.code,
  warehouseName: warehouses.name,
  warehouseType: warehouses.type,
  createdByName: users.loginName,
};

function toRow(r: { h: WdoRecord; warehouseCode: string; warehouseName: string; warehouseType: string; createdByName: string | null }): WdoRow {
  const h = r.h;
  return {
    id: h.id,
    code: h.code,
    whId: h.warehouseId,
    warehouseCode: r.warehouseCode,
    warehouseName: r.warehouseName,
    warehouseType: r.warehouseType,
    wdoType: h.wdoType as WdoType,
    status: h.status as WdoStatus,
    syncStatus: h.syncStatus as WdoSyncStatus,
    syncMessage: h.syncMessage,
    externalCode: h.externalCode,
    relatedCode: h.relatedCode,
    receiverName: h.receiverName,
    receiverPhone: h.receiverPhone,
    receiverAddress: h.receiverAddress,
    remark: h.remark,
    cancelReason: h.cancelReason,
    qtyTotal: h.qtyTotal,
    skuTotal: h.skuTotal,
    deliveredQtyTotal: h.deliveredQtyTotal,
    createdByName: r.createdByName,
    createdAt: h.createdAt.toISOString(),
    verifiedAt: isoTime(h.verifiedAt),
    deliveredAt: isoTime(h.deliveredAt),
    cancelledAt: isoTime(h.cancelledAt),
    cancelRequestedAt: isoTime(h.cancelRequestedAt),
    expressCompanyCode: h.expressCompanyCode,
    expressNo: h.expressNo,
    updatedAt: h.updatedAt.toISOString(),
    version: h.version,
  };
}

function baseSelect(tx: Tx) {
  return tx
    .select(rowColumns)
    .from(wdoHeaders)
    .innerJoin(warehouses, and(eq(warehouses.id, wdoHeaders.warehouseId), eq(warehouses.domainId, wdoHeaders.domainId)))
    .leftJoin(users, eq(users.id, wdoHeaders.createdBy));
}

export async function wdoRowById(tx: Tx, domainId: number, id: number): Promise<WdoRow | undefined> {
  const [row] = await baseSelect(tx).where(and(eq(wdoHeaders.domainId, domainId), eq(wdoHeaders.id, id)));
  return row ? toRow(row) : undefined;
}

export async function wdoDetailRows(tx: Tx, domainId: number, wdoId: number): Promise<WdoDetailRow[]> {
  const rows = await tx
    .select({ d: wdoDetails, skuCode: skus.code, skuName: skus.name, specifications: skus.specifications, barCode: skus.barCode })
    .from(wdoDetails)
    .innerJoin(skus, and(eq(skus.id, wdoDetails.skuId), eq(skus.domainId, wdoDetails.domainId)))
    .where(and(eq(wdoDetails.domainId, domainId), eq(wdoDetails.wdoId, wdoId)))
    .orderBy(asc(wdoDetails.id));
  return rows.map((r) => ({
    id: r.d.id,
    skuId: r.d.skuId,
    skuCode: r.skuCode,
    skuName: r.skuName,
    specifications: r.specifications,
    barCode: r.barCode,
    qty: r.d.qty,
    deliveredQty: r.d.deliveredQty,
    remark: r.d.remark,
  }));
}

/** The header, locked for the command that reads it. */
export async function lockWdo(tx: Tx, domainId: number, id: number): Promise<WdoRecord | undefined> {
  const [row] = await tx
    .select()
    .from(wdoHeaders)
    .where(and(eq(wdoHeaders.domainId, domainId), eq(wdoHeaders.id, id)))
    .for('update');
  return row;
}

export async function lockWdoByCode(tx: Tx, domainId: number, code: string): Promise<WdoRecord | undefined> {
  const [row] = await tx
    .select()
    .from(wdoHeaders)
    .where(and(eq(wdoHeaders.domainId, domainId), eq(wdoHeaders.code, code)))
    .for('update');
  return row;
}

export async function detailsOf(tx: Tx, domainId: number, wdoId: number): Promise<WdoDetailRecord[]> {
  return tx
    .select()
    .from(wdoDetails)
    .where(and(eq(wdoDetails.domainId, domainId), eq(wdoDetails.wdoId, wdoId)))
    .orderBy(asc(wdoDetails.id));
}

export async function wdoCodesTaken(tx: Tx, domainId: number, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await tx.execute<{ code: string }>(sql`select code from wdo_headers where domain_id = ${domainId} and code = any(${textArray(codes)})`);
  return new Set(rows.rows.map((r) => r.code));
}

function searchWhere(domainId: number, input: WdoSearchInput): SQL {
  const conditions: SQL[] = [eq(wdoHeaders.domainId, domainId)];
  const whId = warehouseFilterId(input.whId);
  if (whId !== undefined) conditions.push(eq(wdoHeaders.warehouseId, whId));
  if (input.status) conditions.push(eq(wdoHeaders.status, input.status));
  if (input.wdoType) conditions.push(eq(wdoHeaders.wdoType, input.wdoType));
  const codes = splitKeywords(input.code, ORDER_CODE_KEYWORD_CAP).items;
  if (codes.length) conditions.push(sql`(${wdoHeaders.code} = any(${textArray(codes)}) or ${wdoHeaders.relatedCode} = any(${textArray(codes)}))`);
  if (input.skuKeyword) {
    const pattern = likePattern(input.skuKeyword);
    conditions.push(sql`exists (select 1 from wdo_details d join skus s on s.id = d.sku_id and s.domain_id = d.domain_id
      where d.domain_id = ${domainId} and d.wdo_id = "wdo_headers"."id" and (s.code ilike ${pattern} or s.name ilike ${pattern}))`);
  }
  if (input.timeFrom) conditions.push(gte(wdoHeaders.createdAt, parseDateTimeText(input.timeFrom)));
  if (input.timeTo) conditions.push(lte(wdoHeaders.createdAt, parseDateTimeText(input.timeTo)));
  return and(...conditions)!;
}

export async function searchWdos(tx: Tx, domainId: number, input: WdoSearchInput): Promise<{ rows: WdoRow[]; total: number }> {
  const where = searchWhere(domainId, input);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(wdoHeaders).where(where);
  const rows = await baseSelect(tx)
    .where(where)
    .orderBy(desc(wdoHeaders.createdAt), desc(wdoHeaders.id))
    .limit(input.pageSize)
    .offset(pageWindow(input).offset);
  return { rows: rows.map(toRow), total: Number(count?.n ?? 0) };
}

export async function countWdosWaiting(tx: Tx, domainId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(wdoHeaders)
    .where(and(eq(wdoHeaders.domainId, domainId), eq(wdoHeaders.status, 'CI_WDO_STATUS_CREATED')));
  return Number(row?.n ?? 0);
}
