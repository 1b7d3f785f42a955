// Sales outbound (/stocks activeKey 5): what shipped orders took out of the warehouses, read from
// the stock ledger's SHIP movements of documents of type ORDER (the orders area writes them when
// an order ships). A list with filters and an export for the download centre.
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { ORDER_CODE_KEYWORD_CAP, OutboundCalls, parseDateTimeText, splitKeywords, warehouseFilterId, type Language, type PageResult, type SalesOutboundRow, type SalesOutboundSearchInput } from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { skus, stockLedger, warehouseLocations, warehouses } from '../../../db/schema/index.js';
import type { ExportContext, Exporter } from '../../../platform/exports.js';
import { pageAnswer, pageWindow } from '../../../platform/paging.js';
import { likePattern, textArray } from '../../../platform/sql.js';

/** The ledger's document type of a sales order's movements. */
export const ORDER_DOC_TYPE = 'ORDER';
export const SALES_OUTBOUND_EXPORT = 'SALES_OUTBOUND';
/** Who reads the list and its export: the catalogue's access of the list. */
export const SALES_OUTBOUND_ACCESS = OutboundCalls.salesOutbound.access;

type Filter = Omit<SalesOutboundSearchInput, 'currentPage' | 'pageSize'>;

function salesOutboundWhere(domainId: number, input: Filter): SQL {
  const conditions: SQL[] = [eq(stockLedger.domainId, domainId), eq(stockLedger.movement, 'SHIP'), eq(stockLedger.docType, ORDER_DOC_TYPE)];
  const whId = warehouseFilterId(input.whId);
  if (whId !== undefined) conditions.push(eq(stockLedger.warehouseId, whId));
  const codes = splitKeywords(input.orderCode, ORDER_CODE_KEYWORD_CAP).items;
  if (codes.length) conditions.push(sql`${stockLedger.docCode} = any(${textArray(codes)})`);
  if (input.skuKeyword) {
    const pattern = likePattern(input.skuKeyword);
    conditions.push(sql`(${skus.code} ilike ${pattern} or ${skus.name} ilike ${pattern})`);
  }
  if (input.timeFrom) conditions.push(gte(stockLedger.createdAt, parseDateTimeText(input.timeFrom)));
  if (input.timeTo) conditions.push(lte(stockLedger.createdAt, parseDateTimeText(input.timeTo)));
  return and(...conditions)!;
}

const columns = {
  id: stockLedger.id,
  createdAt: stockLedger.createdAt,
  orderId: stockLedger.docId,
  orderCode: stockLedger.docCode,
  whId: stockLedger.warehouseId,
  warehouseName: warehouses.name,
  locationId: stockLedger.locationId,
  locationCode: warehouseLocations.code,
  skuId: stockLedger.skuId,
  skuCode: skus.code,
  skuName: skus.name,
  specifications: skus.specifications,
  onHandDelta: stockLedger.onHandDelta,
  onHandAfter: stockLedger.onHandAfter,
};

function select(tx: Tx, where: SQL) {
  return tx
    .select(columns)
    .from(stockLedger)
    .innerJoin(skus, and(eq(skus.id, stockLedger.skuId), eq(skus.domainId, stockLedger.domainId)))
    .innerJoin(warehouses, and(eq(warehouses.id, stockLedger.warehouseId), eq(warehouses.domainId, stockLedger.domainId)))
    .leftJoin(warehouseLocations, and(eq(warehouseLocations.id, stockLedger.locationId), eq(warehouseLocations.domainId, stockLedger.domainId)))
    .where(where);
}

function toRow(r: Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]): SalesOutboundRow {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    orderId: r.orderId,
    orderCode: r.orderCode,
    whId: r.whId,
    warehouseName: r.warehouseName,
    locationId: r.locationId,
    locationCode: r.locationCode,
    skuId: r.skuId,
    skuCode: r.skuCode,
    skuName: r.skuName,
    specifications: r.specifications,
    qty: -r.onHandDelta,
    onHandAfter: r.onHandAfter,
  };
}

export async function searchSalesOutbound(tx: Tx, domainId: number, input: SalesOutboundSearchInput): Promise<PageResult<SalesOutboundRow>> {
  const where = salesOutboundWhere(domainId, input);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(stockLedger)
    .innerJoin(skus, and(eq(skus.id, stockLedger.skuId), eq(skus.domainId, stockLedger.domainId)))
    .where(where);
  const rows = await select(tx, where)
    .orderBy(desc(stockLedger.createdAt), desc(stockLedger.id))
    .limit(input.pageSize)
    .offset(pageWindow(input).offset);
  return pageAnswer(rows.map(toRow), Number(count?.n ?? 0), input);
}

const zh = (language: Language) => language.startsWith('zh');

export function salesOutboundTitle(language: Language): string {
  return zh(language) ? '销售出库导出' : 'Sales outbound export';
}

const COLUMNS: [key: keyof SalesOutboundRow, zh: string, en: string, width?: number][] = [
  ['createdAt', '出库时间', 'Time', 20],
  ['orderCode', '订单编号', 'Order code'],
  ['warehouseName', '仓库', 'Warehouse'],
  ['locationCode', '库位', 'Location'],
  ['skuCode', '商品编码', 'SKU code'],
  ['skuName', '商品名称', 'Goods name'],
  ['specifications', '规格', 'Specifications'],
  ['qty', '出库数量', 'Quantity'],
  ['onHandAfter', '出库后库存', 'On hand after'],
];

const BATCH = 1000;

export const salesOutboundExporter: Exporter = {
  type: SALES_OUTBOUND_EXPORT,
  access: SALES_OUTBOUND_ACCESS,
  sheetName: (language) => (zh(language) ? '销售出库' : 'Sales outbound'),
  columns: (ctx: ExportContext) => COLUMNS.map(([key, zhHeader, enHeader, width]) => ({ key, header: zh(ctx.language) ? zhHeader : enHeader, ...(width ? { width } : {}) })),
  async *rows(ctx: ExportContext) {
    const filter = ctx.params as Filter;
    let lastId: number | null = null;
    for (;;) {
      const where = salesOutboundWhere(ctx.domainId, filter);
      const page = await select(ctx.db, lastId === null ? where : and(where, lt(stockLedger.id, lastId))!)
        .orderBy(desc(stockLedger.id))
        .limit(BATCH);
      if (!page.length) return;
      lastId = page[page.length - 1]!.id;
      yield page.map((r) => {
        const row = toRow(r);
        return { ...row, createdAt: r.createdAt, locationCode: row.locationCode ?? '' };
      });
    }
  },
};
