// The archive's export (exportArchiveSoh) for the download centre: the archive's filters, 500 orders
// a batch in id order (keyset, so the file is streamed), receivers masked unless the requesting
// account holds the reveal permission — then each revealed order is logged (scene EXPORT).
import { findPlatform, type ArchiveExportInput, type Language } from '@openseller/core';
import type { ExportContext, Exporter } from '../../../platform/exports.js';
import { say } from '../../../platform/import-problems.js';
import { loadOrderRows } from '../orders.model.js';
import { canRevealReceivers, logReveals } from '../reveal/index.js';
import { actorOf } from '../session-helpers.js';
import { archivePage } from './archive.service.js';

export const ARCHIVE_EXPORT_TYPE = 'ORDER_ARCHIVE';
export const archiveExportTitle = (language: Language, exportType: ArchiveExportInput['exportType'] = 'BY_CODE') =>
  exportType === 'BY_SKU' ? say(language, '历史数据导出（按商品明细）', 'History data export (by item detail)') : say(language, '归档订单导出', 'Archived orders export');
const BATCH = 500;

const COLUMNS: [key: string, zh: string, en: string][] = [
  ['code', '订单号', 'Order'],
  ['platformNos', '平台单号', 'Platform order numbers'],
  ['platformName', '平台', 'Platform'],
  ['storeName', '店铺', 'Store'],
  ['statusCode', '状态', 'Status'],
  ['buyerNick', '买家昵称', 'Buyer'],
  ['receiverName', '收件人', 'Receiver'],
  ['receiverPhone', '收件人电话', 'Receiver phone'],
  ['receiverArea', '省市区', 'Province, city, district'],
  ['receiverAddress', '收件地址', 'Address'],
  ['amountTotal', '订单金额', 'Amount'],
  ['qtyTotal', '商品数量', 'Quantity'],
  ['goods', '商品', 'Goods'],
  ['expressCompanyCode', '快递公司', 'Courier'],
  ['expressNo', '快递单号', 'Express number'],
  ['warehouseName', '仓库', 'Warehouse'],
  ['createdAt', '创建时间', 'Created'],
  ['deliveryTime', '发货时间', 'Shipped'],
  ['buyerMessage', '买家留言', 'Buyer message'],
  ['sellerRemark', '卖家备注', 'Seller remark'],
];
// History data (BY_SKU): one row per order line, the order's columns before the line's.
const LINE_COLUMNS: [key: string, zh: string, en: string][] = [
  ...COLUMNS.filter(([key]) => key !== 'goods' && key !== 'qtyTotal'),
  ['skuCode', '商品编码', 'SKU code'],
  ['skuName', '商品名称', 'SKU name'],
  ['outerSkuId', '平台商家编码', 'Outer SKU code'],
  ['qty', '数量', 'Quantity'],
  ['price', '单价', 'Unit price'],
  ['amount', '金额', 'Line amount'],
];

export function archiveExporter(now: () => Date): Exporter {
  return {
    type: ARCHIVE_EXPORT_TYPE,
    access: { menu: 'MENU_ERPSO' },
    sheetName: (language) => say(language, '归档订单', 'Archived orders'),
    columns: (ctx: ExportContext) => ((ctx.params as ArchiveExportInput).exportType === 'BY_SKU' ? LINE_COLUMNS : COLUMNS).map(([key, zh, en]) => ({ key, header: say(ctx.language, zh, en) })),
    async *rows(ctx: ExportContext) {
      // The filters as the call parsed them (keywords already split), kept with the export.
      const filter = ctx.params as ArchiveExportInput;
      const byLine = filter.exportType === 'BY_SKU';
      const reveal = canRevealReceivers(ctx.session);
      const at = now();
      let beforeId: number | undefined;
      for (;;) {
        const { ids } = await archivePage(ctx.db, ctx.domainId, filter, at, { limit: BATCH, ...(beforeId !== undefined ? { beforeId } : {}) });
        if (!ids.length) return;
        const rows = await loadOrderRows(ctx.db, ctx.domainId, ids, { reveal });
        if (reveal) await ctx.db.transaction((tx) => logReveals(tx, actorOf(ctx.session), ids, 'EXPORT'));
        const orderRows = rows.map((o) => ({
          code: o.code,
          platformNos: o.platformNos.join(','),
          platformName: o.platformName ?? findPlatform(o.platformCode)?.nameZh ?? o.platformCode,
          storeName: o.storeName ?? '',
          statusCode: o.statusCode,
          buyerNick: o.buyerNick ?? '',
          receiverName: o.receiverName ?? '',
          receiverPhone: o.receiverPhone ?? '',
          receiverArea: [o.receiverProvince, o.receiverCity, o.receiverDistrict].filter(Boolean).join(' '),
          receiverAddress: o.receiverAddress ?? '',
          amountTotal: o.amountTotal,
          qtyTotal: o.qtyTotal,
          goods: o.lines.filter((l) => !l.cancelTag).map((l) => `${l.skuCode ?? l.outerSkuId ?? l.title ?? ''}×${l.qty}`).join(', '),
          expressCompanyCode: o.expressCompanyCode ?? '',
          expressNo: o.expressNo ?? '',
          warehouseName: o.warehouseName ?? '',
          createdAt: o.createdAt,
          deliveryTime: o.deliveryTime ?? '',
          buyerMessage: o.buyerMessage ?? '',
          sellerRemark: o.sellerRemark ?? '',
        }));
        yield byLine
          ? rows.flatMap((o, i) =>
              o.lines
                .filter((l) => !l.cancelTag)
                .map((l) => ({ ...orderRows[i], skuCode: l.skuCode ?? '', skuName: l.skuName ?? '', outerSkuId: l.outerSkuId ?? '', qty: l.qty, price: l.price, amount: l.amount })),
            )
          : orderRows;
        if (ids.length < BATCH) return;
        beforeId = ids[ids.length - 1];
      }
    },
  };
}
