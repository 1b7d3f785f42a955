// Queries of the suppliers area. Each takes the domain first: no query here can read or change
// another domain's rows. SKUs are read from the goods area's table, never written.
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { tolerancePercentOfRatio, type SupplierOption, type SupplierRow, type SupplierStatus, type SupplyGoodsRow } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { qualified } from '../../db/columns.js';
import { skus, suppliers, supplyGoods } from '../../db/schema/index.js';
import { isoTimeOf as iso } from '../../platform/time.js';
import { idsIn, likePattern, textsIn } from '../../platform/sql.js';
import { pageOffset } from '../../platform/paging.js';

type SupplierRecord = typeof suppliers.$inferSelect;

export function toSupplierRow(s: SupplierRecord, skuCount: number): SupplierRow {
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    contact: s.contact,
    phone: s.phone,
    address: s.address,
    remark: s.remark,
    status: s.status as SupplierStatus,
    receiptTolerancePercent: tolerancePercentOfRatio(s.receiptTolerance),
    skuCount,
    version: s.version,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
  };
}

export const toSupplierOption = (s: SupplierRecord): SupplierOption => ({ id: s.id, code: s.code, name: s.name, status: s.status as SupplierStatus });

const skuCountSql = sql<number>`(select count(*)::int from supply_goods g where g.supplier_id = ${qualified(suppliers.id)} and g.domain_id = ${qualified(suppliers.domainId)})`;

export async function findSupplier(tx: Tx, domainId: number, id: number, forUpdate = false): Promise<SupplierRecord | undefined> {
  const query = tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.domainId, domainId), eq(suppliers.id, id)))
    .limit(1);
  return (forUpdate ? await query.for('update') : await query)[0];
}

export async function findSuppliersByIds(tx: Tx, domainId: number, ids: number[]): Promise<SupplierRecord[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.domainId, domainId), idsIn(suppliers.id, ids)));
}

export async function findSuppliersByCodes(tx: Tx, domainId: number, codes: string[]): Promise<SupplierRecord[]> {
  if (!codes.length) return [];
  return tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.domainId, domainId), textsIn(suppliers.code, codes)));
}

export async function supplierHoldingCode(tx: Tx, domainId: number, code: string, exceptId?: number) {
  const conditions = [eq(suppliers.domainId, domainId), eq(suppliers.code, code)];
  if (exceptId) conditions.push(ne(suppliers.id, exceptId));
  const [row] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(...conditions))
    .limit(1);
  return row;
}

export async function supplierRowById(tx: Tx, domainId: number, id: number): Promise<SupplierRow | undefined> {
  const [row] = await tx
    .select({ s: suppliers, skuCount: skuCountSql })
    .from(suppliers)
    .where(and(eq(suppliers.domainId, domainId), eq(suppliers.id, id)));
  return row ? toSupplierRow(row.s, row.skuCount) : undefined;
}

export async function searchSuppliers(
  tx: Tx,
  domainId: number,
  filter: { keyword?: string | undefined; status?: SupplierStatus | undefined; currentPage: number; pageSize: number },
): Promise<{ rows: SupplierRow[]; total: number }> {
  const conditions: SQL[] = [eq(suppliers.domainId, domainId)];
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(sql`(${suppliers.code} ilike ${p} or ${suppliers.name} ilike ${p} or ${suppliers.contact} ilike ${p} or ${suppliers.phone} ilike ${p})`);
  }
  if (filter.status) conditions.push(eq(suppliers.status, filter.status));
  const where = and(...conditions);
  const [total] = await tx.select({ n: count() }).from(suppliers).where(where);
  const rows = await tx
    .select({ s: suppliers, skuCount: skuCountSql })
    .from(suppliers)
    .where(where)
    .orderBy(desc(suppliers.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { total: total?.n ?? 0, rows: rows.map((r) => toSupplierRow(r.s, r.skuCount)) };
}

export async function listSupplierOptions(tx: Tx, domainId: number, includeDisabled: boolean): Promise<SupplierOption[]> {
  const conditions = [eq(suppliers.domainId, domainId)];
  if (!includeDisabled) conditions.push(eq(suppliers.status, 'ENABLED'));
  const rows = await tx
    .select()
    .from(suppliers)
    .where(and(...conditions))
    .orderBy(asc(suppliers.code));
  return rows.map(toSupplierOption);
}

// ---- SKUs (read only) --------------------------------------------------------------------

export async function skusOfDomain(tx: Tx, domainId: number, filter: { ids?: number[]; codes?: string[] }) {
  const conditions = [eq(skus.domainId, domainId), eq(skus.delFlag, false)];
  if (filter.ids) {
    if (!filter.ids.length) return [];
    conditions.push(idsIn(skus.id, filter.ids));
  }
  if (filter.codes) {
    if (!filter.codes.length) return [];
    conditions.push(textsIn(skus.code, filter.codes));
  }
  return tx
    .select({ id: skus.id, code: skus.code, name: skus.name, isCombination: skus.isCombination })
    .from(skus)
    .where(and(...conditions));
}

// ---- supply goods ------------------------------------------------------------------------

const supplyGoodsSelection = {
  g: supplyGoods,
  supplierCode: suppliers.code,
  supplierName: suppliers.name,
  skuCode: skus.code,
  skuName: skus.name,
  specifications: skus.specifications,
  barCode: skus.barCode,
};

type SupplyGoodsJoined = { g: typeof supplyGoods.$inferSelect; supplierCode: string; supplierName: string; skuCode: string; skuName: string | null; specifications: string | null; barCode: string | null };

export function toSupplyGoodsRow(r: SupplyGoodsJoined): SupplyGoodsRow {
  return {
    id: r.g.id,
    supplierId: r.g.supplierId,
    supplierCode: r.supplierCode,
    supplierName: r.supplierName,
    skuId: r.g.skuId,
    skuCode: r.skuCode,
    skuName: r.skuName,
    specifications: r.specifications,
    barCode: r.barCode,
    purchasePrice: r.g.purchasePrice,
    remark: r.g.remark,
    version: r.g.version,
    createdAt: iso(r.g.createdAt),
    updatedAt: iso(r.g.updatedAt),
  };
}

function supplyGoodsQuery(tx: Tx, where: SQL | undefined) {
  return tx
    .select(supplyGoodsSelection)
    .from(supplyGoods)
    .innerJoin(suppliers, and(eq(suppliers.id, supplyGoods.supplierId), eq(suppliers.domainId, supplyGoods.domainId)))
    .innerJoin(skus, and(eq(skus.id, supplyGoods.skuId), eq(skus.domainId, supplyGoods.domainId)))
    .where(where);
}

export async function searchSupplyGoods(
  tx: Tx,
  domainId: number,
  filter: { supplierId?: number | undefined; skuId?: number | undefined; keyword?: string | undefined; currentPage: number; pageSize: number },
): Promise<{ rows: SupplyGoodsRow[]; total: number }> {
  const conditions: SQL[] = [eq(supplyGoods.domainId, domainId)];
  if (filter.supplierId) conditions.push(eq(supplyGoods.supplierId, filter.supplierId));
  if (filter.skuId) conditions.push(eq(supplyGoods.skuId, filter.skuId));
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(sql`(${skus.code} ilike ${p} or ${skus.name} ilike ${p} or ${skus.barCode} ilike ${p})`);
  }
  const where = and(...conditions);
  const [total] = await tx
    .select({ n: count() })
    .from(supplyGoods)
    .innerJoin(skus, and(eq(skus.id, supplyGoods.skuId), eq(skus.domainId, supplyGoods.domainId)))
    .where(where);
  const rows = await supplyGoodsQuery(tx, where)
    .orderBy(desc(supplyGoods.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { total: total?.n ?? 0, rows: rows.map(toSupplyGoodsRow) };
}

/** The supply goods of ids, in the order of ids (the query itself has no order). */
export async function supplyGoodsByIds(tx: Tx, domainId: number, ids: number[]): Promise<SupplyGoodsRow[]> {
  if (!ids.length) return [];
  const rows = await supplyGoodsQuery(tx, and(eq(supplyGoods.domainId, domainId), idsIn(supplyGoods.id, ids)));
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.map(toSupplyGoodsRow).sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

export async function supplyGoodsOfSupplier(tx: Tx, domainId: number, supplierId: number, skuIds?: number[]): Promise<SupplyGoodsRow[]> {
  const conditions = [eq(supplyGoods.domainId, domainId), eq(supplyGoods.supplierId, supplierId)];
  if (skuIds) {
    if (!skuIds.length) return [];
    conditions.push(idsIn(supplyGoods.skuId, skuIds));
  }
  const rows = await supplyGoodsQuery(tx, and(...conditions)).orderBy(asc(supplyGoods.id));
  return rows.map(toSupplyGoodsRow);
}

export async function supplyGoodsCountOfSkus(tx: Tx, domainId: number, skuIds: number[]): Promise<number> {
  if (!skuIds.length) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(supplyGoods)
    .where(and(eq(supplyGoods.domainId, domainId), idsIn(supplyGoods.skuId, skuIds)));
  return row?.n ?? 0;
}
