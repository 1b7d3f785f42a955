// The business inventory export for the download centre: the list's rows with its filters, as
// the requesting account may see them (average cost and stock value only with COST_PRICE).
import { InventoryExportInput, type Language } from '@openseller/core';
import type { ExportContext, Exporter } from '../../../platform/exports.js';
import type { SheetColumn } from '../../../platform/xlsx.js';
import { bizInventoryPage } from './inventory.queries.js';
import { canSeeCost, say } from './inventory.service.js';

export const INVENTORY_EXPORT = 'INVENTORY';
const BATCH = 1000;

export const inventoryExportTitle = (language: Language) => say(language, '库存导出', 'Inventory export');

const COLUMNS: [key: string, zh: string, en: string, cost?: boolean][] = [
  ['whName', '仓库', 'Warehouse'],
  ['skuCode', '商品编码', 'SKU code'],
  ['skuName', '商品名称', 'Goods name'],
  ['specifications', '规格', 'Specifications'],
  ['barCode', '条码', 'Bar code'],
  ['kind', '类型', 'Kind'],
  ['onHand', '实际库存', 'On hand'],
  ['allocated', '占用库存', 'Allocated'],
  ['available', '可用库存', 'Available'],
  ['warningQty', '预警数量', 'Warning level'],
  ['belowWarning', '低于预警', 'Below warning'],
  ['productDateQty', '已登记生产日期数量', 'Pieces with a production date'],
  ['averageCost', '平均成本', 'Average cost', true],
  ['stockValue', '库存金额', 'Stock value', true],
];

export const inventoryExporter: Exporter = {
  type: INVENTORY_EXPORT,
  access: { menu: 'MENU_INV' },
  sheetName: (language) => say(language, '库存', 'Inventory'),
  columns(ctx: ExportContext): SheetColumn[] {
    const seesCost = canSeeCost(ctx.session);
    return COLUMNS.filter(([, , , cost]) => !cost || seesCost).map(([key, zh, en]) => ({ key, header: say(ctx.language, zh, en) }));
  },
  async *rows(ctx: ExportContext) {
    const filter = InventoryExportInput.parse(ctx.params);
    const seesCost = canSeeCost(ctx.session);
    const yes = say(ctx.language, '是', 'Yes');
    const combination = say(ctx.language, '组合商品', 'Combination');
    for (let offset = 0; ; offset += BATCH) {
      const rows = await bizInventoryPage(ctx.db, ctx.domainId, filter, { limit: BATCH, offset });
      if (!rows.length) return;
      yield rows.map((r) => ({
        whName: r.whName,
        skuCode: r.skuCode,
        skuName: r.skuName,
        specifications: r.specifications ?? '',
        barCode: r.barCode ?? '',
        kind: r.isCombination ? combination : '',
        onHand: r.onHand ?? '',
        allocated: r.allocated ?? '',
        available: r.available,
        warningQty: r.warningQty ?? '',
        belowWarning: r.belowWarning ? yes : '',
        productDateQty: r.productDateQty,
        ...(seesCost ? { averageCost: r.averageCost ?? '', stockValue: r.stockValue ?? '' } : {}),
      }));
      if (rows.length < BATCH) return;
    }
  },
};
