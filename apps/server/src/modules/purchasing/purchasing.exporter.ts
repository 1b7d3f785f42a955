// The purchase-order export for the download centre: the list's rows with its filters (or the
// chosen orders), one row per order, states by name. The amount column only for accounts that may
// see purchase prices (PURCHASE_PRICE): it is neither a header nor a value for the others.
import { PURCHASE_ORDERS_EXPORT_TYPE, PurchaseExportInput, type Language, type PurchaseOrderStatus, type PurchaseReceiveStatus } from '@openseller/core';
import type { ExportContext, Exporter } from '../../platform/exports.js';
import { fieldVisibility, redactFields } from '../../platform/field-permissions.js';
import { say } from '../../platform/import-problems.js';
import { searchOrders } from './purchasing.queries.js';
import { ORDER_PRICE_FIELDS } from './purchasing.service.js';

const BATCH = 500;

export const purchaseExportTitle = (language: Language) => say(language, '采购单导出', 'Purchase orders export');

const STATUS_NAMES: Record<PurchaseOrderStatus, [string, string]> = {
  INVALID: ['已作废', 'Invalid'],
  DRAFT: ['草稿', 'Draft'],
  SUBMIT: ['待审核', 'Submitted'],
  VERIFY: ['已审核', 'Verified'],
  COMPLETE: ['已完成', 'Complete'],
};
const RECEIVE_NAMES: Record<PurchaseReceiveStatus, [string, string]> = {
  UNRECEIVE: ['未到货', 'Not received'],
  PART_RECEIVE: ['部分到货', 'Partly received'],
  COMPLETE_RECEIVE: ['全部到货', 'Fully received'],
  CLOSED_SHORT: ['短缺关闭', 'Closed short'],
};

const COLUMNS: [key: string, zh: string, en: string, priced?: true][] = [
  ['code', '采购单号', 'Purchase order'],
  ['statusName', '单据状态', 'State'],
  ['receiveStatusName', '到货状态', 'Receipt'],
  ['supplierCode', '供应商编码', 'Supplier code'],
  ['supplierName', '供应商', 'Supplier'],
  ['warehouseName', '仓库', 'Warehouse'],
  ['skuTotal', '商品种数', 'SKUs'],
  ['qtyTotal', '采购数量', 'Ordered'],
  ['receivedQtyTotal', '已入库', 'Received'],
  ['closedShortQtyTotal', '短缺关闭', 'Closed short'],
  ['amountTotal', '采购金额', 'Amount', true],
  ['asnCode', '采购入库单', 'Inbound notice'],
  ['createdAt', '创建时间', 'Created'],
  ['remark', '备注', 'Remark'],
];

export const purchaseOrdersExporter: Exporter = {
  type: PURCHASE_ORDERS_EXPORT_TYPE,
  access: { menu: 'MENU_PURCHASE' },
  sheetName: (language) => say(language, '采购单', 'Purchase orders'),
  columns: (ctx: ExportContext) => {
    const seesPrice = fieldVisibility(ctx.session)('PURCHASE_PRICE');
    return COLUMNS.filter(([, , , priced]) => !priced || seesPrice).map(([key, zh, en]) => ({ key, header: say(ctx.language, zh, en) }));
  },
  async *rows(ctx: ExportContext) {
    const filter = PurchaseExportInput.parse(ctx.params);
    for (let page = 1; ; page++) {
      const { rows } = await searchOrders(ctx.db, ctx.domainId, { ...filter, currentPage: page, pageSize: BATCH });
      if (!rows.length) return;
      yield redactFields(rows, ORDER_PRICE_FIELDS, ctx.session).map((r) => ({
        ...r,
        statusName: say(ctx.language, ...STATUS_NAMES[r.status]),
        receiveStatusName: say(ctx.language, ...RECEIVE_NAMES[r.receiveStatus]),
        asnCode: r.asnCode ?? '',
        remark: r.remark ?? '',
      }));
      if (rows.length < BATCH) return;
    }
  },
};
