// The after-sale export for the download centre (spec 02 §7.11 export): the list's rows with its
// filters (or the chosen documents), one row per document, states by name.
import { presentBuyer } from './aftersales.service.js';
import { AFTER_SALES_EXPORT_TYPE, AfterSaleExportInput, type Language } from '@openseller/core';
import type { ExportContext, Exporter } from '../../platform/exports.js';
import { say } from '../../platform/import-problems.js';
import { searchAfterSales } from './aftersales.queries.js';

const BATCH = 500;

export const afterSalesExportTitle = (language: Language) => say(language, '售后单导出', 'After-sales export');

const COLUMNS: [key: string, zh: string, en: string][] = [
  ['code', '售后单号', 'Document'],
  ['typeName', '售后类型', 'Type'],
  ['erpSoHCode', '订单编号', 'Order code'],
  ['tbSohCode', '平台单号', 'Platform order'],
  ['storeName', '店铺', 'Store'],
  ['buyerNick', '买家昵称', 'Buyer'],
  ['checkStatusName', '单据状态', 'Document state'],
  ['refundStatusName', '退款状态', 'Refund state'],
  ['receiptStatusName', '收货状态', 'Receipt state'],
  ['writeBackStatusName', '回传状态', 'Write-back state'],
  ['platformStatus', '平台状态', 'Platform state'],
  ['refundFee', '退款金额', 'Refund'],
  ['afterSalesReason', '售后原因', 'Reason'],
  ['goods', '商品', 'Goods'],
  ['returnWhName', '退货仓库', 'Return warehouse'],
  ['buyerExpressNo', '退货物流单号', 'Return tracking number'],
  ['applyTime', '申请时间', 'Applied at'],
  ['remark', '备注', 'Remark'],
];

export const afterSalesExporter: Exporter = {
  type: AFTER_SALES_EXPORT_TYPE,
  access: { menu: 'MENU_AFTER_SALES' },
  sheetName: (language) => say(language, '售后单', 'After-sales'),
  columns: (ctx: ExportContext) => COLUMNS.map(([key, zh, en]) => ({ key, header: say(ctx.language, zh, en) })),
  async *rows(ctx: ExportContext) {
    const filter = AfterSaleExportInput.parse(ctx.params);
    for (let offset = 0; ; offset += BATCH) {
      const { rows } = await searchAfterSales(ctx.db, ctx.domainId, filter, 'all', ctx.language, { limit: BATCH, offset });
      if (!rows.length) return;
      yield rows.map((r) => ({
        ...presentBuyer(ctx.session, r),
        refundStatusName: r.refundStatusName ?? '',
        writeBackStatusName: r.writeBackStatusName ?? '',
        goods: [...r.returnDetailDtos, ...r.exchangeDetailDtos].map((l) => `${l.kind === 'EXCHANGE' ? '+' : ''}${l.skuCode ?? ''}×${l.skuNum}`).join(', '),
      }));
      if (rows.length < BATCH) return;
    }
  },
};
