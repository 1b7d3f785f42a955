// Transfer-order queries; every one takes the domain first and filters by it.
import { aliasedTable, and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_CODE_KEYWORD_CAP,
  parseDateTimeText,
  splitKeywords,
  warehouseFilterId,
  type TransferDetailRow,
  type TransferRow,
  type TransferSearchInput,
  type TransferStatus,
} from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { skus, transferDetails, transferOrders, users, warehouseLocations, warehouses } from '../../../db/schema/index.js';
import { pageWindow } from '../../../platform/paging.js';
import { isoTime } from '../../../platform/time.js';
import { idsIn, likePattern, textArray } from '../../../platform/sql.js';

export type TransferRecord = typeof transferOrders.$inferSelect;
export type TransferDetailRecord = typeof transferDetails.$inferSelect;

const outWarehouse = aliasedTable(warehouses, 'out_warehouse');
const inWarehouse = aliasedTable(warehouses, 'in_warehouse');
const outLocation = aliasedTable(warehouseLocations, 'out_location');
const inLocation = aliasedTable(warehouseLocations, 'in_location');

function baseSelect(tx: Tx) {
  return tx
    .select({
      t: transferOrders,
      outWarehouseCode: outWarehouse.code,
      outWarehouseName: outWarehouse.name,
      inWarehouseCode: inWarehouse.code,
      inWarehouseName: inWarehouse.name,
      createdByName: users.loginName,
    })
    .from(transferOrders)
    .innerJoin(outWarehouse, and(eq(outWarehouse.id, transferOrders.outWarehouseId), eq(outWarehouse.domainId, transferOrders.domainId)))
    .innerJoin(inWarehouse, and(eq(inWarehouse.id, transferOrders.inWarehouseId), eq(inWarehouse.domainId, transferOrders.domainId)))
    .leftJoin(users, eq(users.id, transferOrders.createdBy));
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

function toRow(r: BaseRow): TransferRow {
  const t = r.t;
  return {
    id: t.id,
    code: t.code,
    outWarehouseId: t.outWarehouseId,
    outWarehouseCode: r.outWarehouseCode,
    outWarehouseName: r.outWarehouseName,
    inWarehouseId: t.inWarehouseId,
    inWarehouseCode: r.inWarehouseCode,
    inWarehouseName: r.inWarehouseName,
    transferStatus: t.transferStatus as TransferStatus,
    remark: t.remark,
    qtyTotal: t.qtyTotal,
    skuTotal: t.skuTotal,
    createdByName: r.createdByName,
    createdAt: t.createdAt.toISOString(),
    shippedAt: isoTime(t.shippedAt),
    receivedAt: isoTime(t.receivedAt),
    cancelledAt: isoTime(t.cancelledAt),
    updatedAt: t.updatedAt.toISOString(),
    version: t.version,
  };
}

export async function transferRowById(tx: Tx, domainId: number, id: number): Promise<TransferRow | undefined> {
  const [row] = await baseSelect(tx).where(and(eq(transferOrders.domainId, domainId), eq(transferOrders.id, id)));
  return row ? toRow(row) : undefined;
}

export async function transferDetailRows(tx: Tx, domainId: number, transferId: number): Promise<TransferDetailRow[]> {
  const rows = await tx
    .select({ d: transferDetails, skuCode: skus.code, skuName: skus.name, specifications: skus.specifications, outLocationCode: outLocation.code, inLocationCode: inLocation.code })
    .from(transferDetails)
    .innerJoin(skus, and(eq(skus.id, transferDetails.skuId), eq(skus.domainId, transferDetails.domainId)))
    .leftJoin(outLocation, and(eq(outLocation.id, transferDetails.outLocationId), eq(outLocation.domainId, transferDetails.domainId)))
    .leftJoin(inLocation, and(eq(inLocation.id, transferDetails.inLocationId), eq(inLocation.domainId, transferDetails.domainId)))
    .where(and(eq(transferDetails.domainId, domainId), eq(transferDetails.transferId, transferId)))
    .orderBy(asc(transferDetails.id));
  return rows.map((r) => ({
    id: r.d.id,
    skuId: r.d.skuId,
    skuCode: r.skuCode,
    skuName: r.skuName,
    specifications: r.specifications,
    qty: r.d.qty,
    outLocationId: r.d.outLocationId,
    outLocationCode: r.outLocationCode,
    inLocationId: r.d.inLocationId,
    inLocationCode: r.inLocationCode,
  }));
}

export async function lockTransfer(tx: Tx, domainId: number, id: number): Promise<TransferRecord | undefined> {
  const [row] = await tx
    .select()
    .from(transferOrders)
    .where(and(eq(transferOrders.domainId, domainId), eq(transferOrders.id, id)))
    .for('update');
  return row;
}

export async function transferDetailsOf(tx: Tx, domainId: number, transferId: number): Promise<TransferDetailRecord[]> {
  return tx
    .select()
    .from(transferDetails)
    .where(and(eq(transferDetails.domainId, domainId), eq(transferDetails.transferId, transferId)))
    .orderBy(asc(transferDetails.id));
}

function searchWhere(domainId: number, input: TransferSearchInput): SQL {
  const conditions: SQL[] = [eq(transferOrders.domainId, domainId)];
  const outId = warehouseFilterId(input.outWarehouseId);
  if (outId !== undefined) conditions.push(eq(transferOrders.outWarehouseId, outId));
  const inId = warehouseFilterId(input.inWarehouseId);
  if (inId !== undefined) conditions.push(eq(transferOrders.inWarehouseId, inId));
  if (input.transferStatus) conditions.push(eq(transferOrders.transferStatus, input.transferStatus));
  const codes = splitKeywords(input.code, ORDER_CODE_KEYWORD_CAP).items;
  if (codes.length) conditions.push(sql`${transferOrders.code} = any(${textArray(codes)})`);
  if (input.skuKeyword) {
    const pattern = likePattern(input.skuKeyword);
    conditions.push(sql`exists (select 1 from transfer_details d join skus s on s.id = d.sku_id and s.domain_id = d.domain_id
      where d.domain_id = ${domainId} and d.transfer_id = "transfer_orders"."id" and (s.code ilike ${pattern} or s.name ilike ${pattern}))`);
  }
  if (input.timeFrom) conditions.push(gte(transferOrders.createdAt, parseDateTimeText(input.timeFrom)));
  if (input.timeTo) conditions.push(lte(transferOrders.createdAt, parseDateTimeText(input.timeTo)));
  return and(...conditions)!;
}

export async function searchTransfers(tx: Tx, domainId: number, input: TransferSearchInput): Promise<{ rows: TransferRow[]; total: number }> {
  const where = searchWhere(domainId, input);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(transferOrders).where(where);
  const rows = await baseSelect(tx)
    .where(where)
    .orderBy(desc(transferOrders.createdAt), desc(transferOrders.id))
    .limit(input.pageSize)
    .offset(pageWindow(input).offset);
  return { rows: rows.map(toRow), total: Number(count?.n ?? 0) };
}

/** Open transfers (CREATED or SHIPPED) naming any of these warehouses, as source or target. */
export async function openTransfersOfWarehouses(tx: Tx, domainId: number, warehouseIds: number[]): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(transferOrders)
    .where(
      and(
        eq(transferOrders.domainId, domainId),
        sql`${transferOrders.transferStatus} in ('CREATED', 'SHIPPED')`,
        or(idsIn(transferOrders.outWarehouseId, warehouseIds), idsIn(transferOrders.inWarehouseId, warehouseIds)),
      ),
    );
  return Number(row?.n ?? 0);
}
