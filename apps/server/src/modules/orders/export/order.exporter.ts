// The order list's exports for the download centre (spec 01 §3 export codes, §4.5; 02 §7.2; issue
// 21 must-have 10): by order (BY_CODE), by express number (BY_EXPRESSNO), by item detail (BY_SKU)
// and by item detail with combination goods as their components (BY_COMSKU), under the list's
// filters and tab (or the chosen orders). Streamed: ids are read by keyset, BATCH orders at a time
// (the list's own filter SQL, list.queries exportOrderIdsQuery), their rows by loadOrderRows, and
// written as they come (platform/xlsx writeSheetToFile, ExcelJS's streaming writer). Receivers are
// masked unless the requesting account holds the reveal permission; then each revealed order is
// logged (scene EXPORT), and the marketplaces that make their own files of the orders (the
// decryption flow) are asked for them: getPlatformFile fetches those.
import { sql } from 'drizzle-orm';
import { findPlatform, type Language, type OrderExportInput, type OrderExportType, type OrderLineRow, type OrderRow } from '@openseller/core';
import type { ConnectorRegistry } from '../../../connectors/marketplace/registry.js';
import type { ExportContext, Exporter } from '../../../platform/exports.js';
import { say } from '../../../platform/import-problems.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { SheetColumn } from '../../../platform/xlsx.js';
import { bigintArray } from '../../../platform/sql.js';
import type { StoresAreaService } from '../../stores/index.js';
import { exportOrderIdsQuery } from '../list/list.queries.js';
import { loadOrderRows } from '../orders.model.js';
import { canRevealReceivers, logReveals } from '../reveal/index.js';
import { actorOf } from '../session-helpers.js';

export const ORDER_EXPORT_TYPE = 'ORDER_LIST';
/** Orders read per batch (ids by keyset, then their rows). */
export const ORDER_EXPORT_BATCH = 1000;

const TITLES: Record<OrderExportType, [string, string]> = {
  BY_CODE: ['订单导出（按订单）', 'Orders export (by order)'],
  BY_EXPRESSNO: ['订单导出（按快递单号）', 'Orders export (by express number)'],
  BY_SKU: ['订单导出（按商品明细）', 'Orders export (by item detail)'],
  BY_COMSKU: ['订单导出（按商品明细，组合商品拆为子商品）', 'Orders export (by item detail, combinations as components)'],
};
export const orderExportTitle = (language: Language, type: OrderExportType) => say(language, ...TITLES[type]);

const STATUS_NAMES: Record<string, [string, string]> = {
  CI_ERPSOH_STATUS_NORMAL: ['待审核', 'Pending review'],
  CI_ERPSOH_STATUS_VERIFIED: ['已审核', 'Reviewed'],
  CI_ERPSOH_STATUS_SEND: ['已发货', 'Shipped'],
  CI_ERPSOH_STATUS_SYNCED: ['已同步仓库', 'Issued to warehouse'],
  CI_ERPSOH_STATUS_CANCEL: ['已作废', 'Replaced'],
  CI_ERPSOH_STATUS_CLOSE: ['已关闭', 'Closed'],
};

type Col = [key: string, zh: string, en: string, width?: number];
const ORDER_COLS: Col[] = [
  ['code', '订单号', 'Order', 20],
  ['platformNos', '平台单号', 'Platform order numbers', 24],
  ['platformName', '平台', 'Platform'],
  ['storeName', '店铺', 'Store'],
  ['status', '状态', 'Status'],
  ['buyerNick', '买家昵称', 'Buyer'],
];
const RECEIVER_COLS: Col[] = [
  ['receiverName', '收件人', 'Receiver'],
  ['receiverPhone', '收件人电话', 'Receiver phone', 16],
  ['receiverArea', '省市区', 'Province, city, district', 20],
  ['receiverAddress', '收件地址', 'Address', 30],
];
const SHIP_COLS: Col[] = [
  ['expressCompanyCode', '快递公司', 'Courier'],
  ['expressNo', '快递单号', 'Express number', 20],
  ['warehouseName', '仓库', 'Warehouse'],
];
const LINE_COLS: Col[] = [
  ['skuCode', '商品编码', 'SKU code', 18],
  ['skuName', '商品名称', 'SKU name', 24],
  ['skuSpecifications', '规格', 'Specifications'],
  ['outerSkuId', '平台商家编码', 'Outer SKU code'],
  ['title', '平台商品标题', 'Online title', 24],
  ['qty', '数量', 'Quantity'],
  ['price', '单价', 'Unit price'],
  ['amount', '金额', 'Amount'],
  ['gift', '赠品', 'Gift'],
];

const COLUMNS: Record<OrderExportType, Col[]> = {
  BY_CODE: [
    ...ORDER_COLS,
    ...RECEIVER_COLS,
    ['amountTotal', '订单金额', 'Amount'],
    ['postFee', '运费', 'Postage'],
    ['qtyTotal', '商品数量', 'Quantity'],
    ['goods', '商品', 'Goods', 30],
    ...SHIP_COLS,
    ['payTime', '付款时间', 'Paid', 20],
    ['createdAt', '创建时间', 'Created', 20],
    ['deliveryTime', '发货时间', 'Shipped', 20],
    ['buyerMessage', '买家留言', 'Buyer message'],
    ['sellerRemark', '卖家备注', 'Seller remark'],
  ],
  BY_EXPRESSNO: [
    ['expressCompanyCode', '快递公司', 'Courier'],
    ['expressNo', '快递单号', 'Express number', 20],
    ['codes', '订单号', 'Orders', 24],
    ['platformNos', '平台单号', 'Platform order numbers', 24],
    ['storeName', '店铺', 'Store'],
    ...RECEIVER_COLS,
    ['qtyTotal', '商品数量', 'Quantity'],
    ['weightTotal', '重量(kg)', 'Weight (kg)'],
    ['goods', '商品', 'Goods', 30],
    ['deliveryTime', '发货时间', 'Shipped', 20],
  ],
  BY_SKU: [...ORDER_COLS, ...RECEIVER_COLS, ...LINE_COLS, ['combination', '组合商品', 'Combination'], ...SHIP_COLS, ['payTime', '付款时间', 'Paid', 20]],
  BY_COMSKU: [...ORDER_COLS, ...RECEIVER_COLS, ...LINE_COLS, ['combination', '所属组合商品', 'Part of combination', 18], ...SHIP_COLS, ['payTime', '付款时间', 'Paid', 20]],
};

const liveLines = (o: OrderRow) => o.lines.filter((l) => !l.cancelTag);
const goodsText = (o: OrderRow) => liveLines(o).map((l) => `${l.skuCode ?? l.outerSkuId ?? l.title ?? ''}×${l.qty}`).join(', ');

function orderCells(o: OrderRow, language: Language): Record<string, unknown> {
  const status = STATUS_NAMES[o.statusCode];
  return {
    code: o.code,
    platformNos: o.platformNos.join(','),
    platformName: o.platformName ?? findPlatform(o.platformCode)?.nameZh ?? o.platformCode,
    storeName: o.storeName ?? '',
    status: status ? say(language, ...status) : o.statusCode,
    buyerNick: o.buyerNick ?? '',
    receiverName: o.receiverName ?? '',
    receiverPhone: o.receiverPhone ?? '',
    receiverArea: [o.receiverProvince, o.receiverCity, o.receiverDistrict].filter(Boolean).join(' '),
    receiverAddress: o.receiverAddress ?? '',
    expressCompanyCode: o.expressCompanyCode ?? '',
    expressNo: o.expressNo ?? '',
    warehouseName: o.warehouseName ?? '',
    payTime: o.payTime ?? '',
  };
}

function lineCells(l: OrderLineRow, language: Language): Record<string, unknown> {
  return {
    skuCode: l.skuCode ?? '',
    skuName: l.skuName ?? '',
    skuSpecifications: l.skuSpecifications ?? '',
    outerSkuId: l.outerSkuId ?? '',
    title: l.title ?? '',
    qty: l.qty,
    price: l.price,
    amount: l.amount,
    gift: l.isGift ? say(language, '是', 'yes') : '',
    combination: l.isCombination ? say(language, '是', 'yes') : '',
  };
}

interface Component {
  skuCode: string;
  skuName: string | null;
  skuSpecifications: string | null;
  qty: number;
}

/** The components of the combination SKUs (one query per batch). */
async function componentsOf(ctx: ExportContext, comboSkuIds: number[]): Promise<Map<number, Component[]>> {
  const byCombo = new Map<number, Component[]>();
  if (!comboSkuIds.length) return byCombo;
  const rows = await ctx.db.execute<{ combo_sku_id: number; code: string; name: string | null; specifications: string | null; qty: number }>(sql`
    select c.combo_sku_id, k.code, k.name, k.specifications, c.qty
    from combination_components c join skus k on k.domain_id = c.domain_id and k.id = c.component_sku_id
    where c.domain_id = ${ctx.domainId} and c.combo_sku_id = any(${bigintArray(comboSkuIds)})
    order by c.combo_sku_id, c.sort_index, c.id`);
  for (const r of rows.rows) {
    const id = Number(r.combo_sku_id);
    const list = byCombo.get(id) ?? [];
    list.push({ skuCode: r.code, skuName: r.name, skuSpecifications: r.specifications, qty: Number(r.qty) });
    byCombo.set(id, list);
  }
  return byCombo;
}

export function orderExporter(deps: { registry: ServiceRegistry }): Exporter {
  /** Asks each marketplace that makes its own files for the file of its store's exported orders. */
  async function requestPlatformFiles(ctx: ExportContext, type: OrderExportType, byStore: Map<number, { platformCode: string; nos: Set<string> }>) {
    const stores = deps.registry.find<StoresAreaService>('stores');
    if (!stores) return;
    for (const [storeId, { platformCode, nos }] of byStore) {
      try {
        const connection = await stores.connectorFor(ctx.domainId, storeId);
        const file = await connection.requestExportFile({ exportType: type, platformNos: [...nos] });
        if (file) ctx.platformFiles.push({ platformCode, storeId, ...file });
      } catch {
        // The marketplace could not make its file (unauthorized store, a failure): the export
        // itself is complete; the download centre's own file stays the one to download.
      }
    }
  }

  return {
    type: ORDER_EXPORT_TYPE,
    access: { menu: 'MENU_ERPSO' },
    sheetName: (language) => say(language, '订单', 'Orders'),
    columns: (ctx: ExportContext): SheetColumn[] =>
      COLUMNS[(ctx.params as OrderExportInput).exportType].map(([key, zh, en, width]) => ({ key, header: say(ctx.language, zh, en), ...(width ? { width } : {}) })),
    async *rows(ctx: ExportContext) {
      // The filters as the call parsed them (keywords already split), kept with the export.
      const input = ctx.params as OrderExportInput;
      const type = input.exportType;
      const reveal = canRevealReceivers(ctx.session);
      const connectors = deps.registry.find<ConnectorRegistry>('marketplace-connectors');
      const byStore = new Map<number, { platformCode: string; nos: Set<string> }>();
      const byExpressNo = type === 'BY_EXPRESSNO';
      let after: { beforeId?: number; expressNo?: string; id?: number } = {};
      // BY_EXPRESSNO: orders sharing a parcel are one row; a parcel's orders may span two batches.
      let pending: OrderRow[] = [];
      const parcelRow = (orders: OrderRow[]) => {
        const first = orders[0]!;
        return {
          ...orderCells(first, ctx.language),
          codes: orders.map((o) => o.code).join(','),
          platformNos: orders.flatMap((o) => o.platformNos).join(','),
          qtyTotal: orders.reduce((s, o) => s + o.qtyTotal, 0),
          weightTotal: orders.map((o) => o.weightTotal).reduce((a, b) => addDecimal(a, b), '0'),
          goods: orders.map(goodsText).filter(Boolean).join(', '),
          deliveryTime: first.deliveryTime ?? '',
        };
      };
      // One batch read ahead: the next ids and rows are read while this batch is logged and written.
      const read = async (from: typeof after): Promise<{ ids: number[]; orders: OrderRow[]; next: typeof after } | null> => {
        const page = await ctx.db.execute<{ id: number; express_no?: string }>(exportOrderIdsQuery(ctx.domainId, input, ORDER_EXPORT_BATCH, from, byExpressNo));
        const ids = page.rows.map((r) => Number(r.id));
        if (!ids.length) return null;
        const last = page.rows[page.rows.length - 1]!;
        const next = byExpressNo ? { expressNo: String(last.express_no), id: Number(last.id) } : { beforeId: Number(last.id) };
        return { ids, orders: await loadOrderRows(ctx.db, ctx.domainId, ids, { reveal }), next };
      };
      let ahead = read(after);
      // A stopped export leaves the read ahead unawaited: its failure is not an unhandled rejection.
      ahead.catch(() => undefined);
      for (;;) {
        const batch = await ahead;
        if (!batch) break;
        const { ids, orders } = batch;
        after = batch.next;
        ahead = ids.length < ORDER_EXPORT_BATCH ? Promise.resolve(null) : read(after);
        ahead.catch(() => undefined);
        if (reveal) {
          await ctx.db.transaction((tx) => logReveals(tx, actorOf(ctx.session), ids, 'EXPORT'));
          for (const o of orders) {
            if (!connectors?.has(o.platformCode) || !o.platformNos.length) continue;
            const entry = byStore.get(o.storeId) ?? { platformCode: o.platformCode, nos: new Set<string>() };
            for (const no of o.platformNos) entry.nos.add(no);
            byStore.set(o.storeId, entry);
          }
        }
        if (type === 'BY_CODE') {
          yield orders.map((o) => ({
            ...orderCells(o, ctx.language),
            amountTotal: o.amountTotal,
            postFee: o.postFee,
            qtyTotal: o.qtyTotal,
            goods: goodsText(o),
            createdAt: o.createdAt,
            deliveryTime: o.deliveryTime ?? '',
            buyerMessage: o.buyerMessage ?? '',
            sellerRemark: o.sellerRemark ?? '',
          }));
        } else if (byExpressNo) {
          const rows: Record<string, unknown>[] = [];
          for (const o of orders) {
            if (pending.length && pending[0]!.expressNo !== o.expressNo) {
              rows.push(parcelRow(pending));
              pending = [];
            }
            pending.push(o);
          }
          yield rows;
        } else {
          const components = type === 'BY_COMSKU' ? await componentsOf(ctx, [...new Set(orders.flatMap((o) => liveLines(o).filter((l) => l.isCombination && l.skuId !== null).map((l) => l.skuId!)))]) : null;
          const rows: Record<string, unknown>[] = [];
          for (const o of orders) {
            const head = orderCells(o, ctx.language);
            for (const l of liveLines(o)) {
              const parts = components && l.isCombination && l.skuId !== null ? components.get(l.skuId) : undefined;
              if (!parts?.length) {
                rows.push({ ...head, ...lineCells(l, ctx.language) });
                continue;
              }
              // A combination as its components: the quantity each line of it ships; price and
              // amount stay on the combination (the order was sold by it).
              for (const part of parts) {
                rows.push({ ...head, ...lineCells(l, ctx.language), skuCode: part.skuCode, skuName: part.skuName ?? '', skuSpecifications: part.skuSpecifications ?? '', qty: part.qty * l.qty, price: '', amount: '', combination: l.skuCode ?? '' });
              }
            }
          }
          yield rows;
        }
      }
      if (pending.length) yield [parcelRow(pending)];
      if (reveal && byStore.size) await requestPlatformFiles(ctx, type, byStore);
    },
  };
}

/** Adds two exact decimals written as text (weights, 3 decimals), without floating point. */
function addDecimal(a: string, b: string): string {
  const scale = 1000n;
  const toUnits = (x: string) => {
    const negative = x.trim().startsWith('-');
    const [whole = '0', fraction = ''] = x.trim().replace('-', '').split('.');
    const units = BigInt(whole || '0') * scale + BigInt((fraction + '000').slice(0, 3));
    return negative ? -units : units;
  };
  const sum = toUnits(a) + toUnits(b);
  const negative = sum < 0n;
  const abs = negative ? -sum : sum;
  return `${negative ? '-' : ''}${abs / scale}.${String(abs % scale).padStart(3, '0')}`;
}
