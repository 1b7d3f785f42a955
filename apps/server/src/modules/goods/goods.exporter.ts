// The goods export for the download centre: one row per SKU with its goods' values, filtered as
// the list was. The cost price column is there only for an account with the COST_PRICE field.
import { and, desc, lt } from 'drizzle-orm';
import { formatMoney, formatWeight, type Language } from '@openseller/core';
import { spus } from '../../db/schema/index.js';
import type { ExportContext, Exporter } from '../../platform/exports.js';
import type { SheetColumn } from '../../platform/xlsx.js';
import { spuRowsByIds, spuWhere, type SpuFilter } from './goods.queries.js';
import { canSeeCost } from './goods.service.js';

export const GOODS_EXPORT = 'GOODS';
const BATCH = 500;

const zh = (language: Language) => language.startsWith('zh');

export function exportTitle(language: Language): string {
  return zh(language) ? '商品导出' : 'Goods export';
}

const COLUMNS: [key: string, zh: string, en: string][] = [
  ['spuCode', '商品编码', 'Goods code'],
  ['skuCode', '规格编码', 'SKU code'],
  ['name', '商品名称', 'Goods name'],
  ['specifications', '规格', 'Specifications'],
  ['color', '颜色', 'Color'],
  ['size', '尺码', 'Size'],
  ['barCode', '条码', 'Bar code'],
  ['price', '售价', 'Price'],
  ['costPrice', '成本价', 'Cost price'],
  ['distributionPrice', '分销价', 'Distribution price'],
  ['weight', '重量(kg)', 'Weight (kg)'],
  ['length', '长(cm)', 'Length (cm)'],
  ['width', '宽(cm)', 'Width (cm)'],
  ['height', '高(cm)', 'Height (cm)'],
  ['volume', '体积(m³)', 'Volume (m³)'],
  ['className', '分类', 'Class'],
  ['status', '状态', 'Status'],
  ['isCombination', '组合商品', 'Combination'],
  ['components', '子商品', 'Components'],
  ['shortName', '简称', 'Short name'],
  ['goodsNo', '货号', 'Goods no.'],
  ['brand', '品牌', 'Brand'],
  ['category', '类目', 'Category'],
  ['unit', '单位', 'Unit'],
  ['labels', '标签', 'Labels'],
  ['marks', '标记', 'Marks'],
  ['remark', '备注', 'Remark'],
];

export const goodsExporter: Exporter = {
  type: GOODS_EXPORT,
  access: { menu: 'MENU_SKU' },
  sheetName: (language) => (zh(language) ? '商品' : 'Goods'),
  columns(ctx: ExportContext): SheetColumn[] {
    const seesCost = canSeeCost(ctx.session);
    return COLUMNS.filter(([key]) => key !== 'costPrice' || seesCost).map(([key, zhHeader, enHeader]) => ({ key, header: zh(ctx.language) ? zhHeader : enHeader }));
  },
  async *rows(ctx: ExportContext) {
    const filter = { codeKeywords: [], nameKeywords: [], barCodeKeywords: [], ...(ctx.params as Partial<SpuFilter>) } as SpuFilter;
    const seesCost = canSeeCost(ctx.session);
    const yes = zh(ctx.language) ? '是' : 'Yes';
    const statusText = (s: string) => (s === 'onsale' ? (zh(ctx.language) ? '在售' : 'On sale') : zh(ctx.language) ? '下架' : 'Taken down');
    let lastId: number | null = null;
    for (;;) {
      const where = spuWhere(ctx.domainId, filter);
      const page: { id: number }[] = await ctx.db
        .select({ id: spus.id })
        .from(spus)
        .where(lastId === null ? where : and(where, lt(spus.id, lastId)))
        .orderBy(desc(spus.id))
        .limit(BATCH);
      if (!page.length) return;
      lastId = page[page.length - 1]!.id;
      const rows = await spuRowsByIds(
        ctx.db,
        ctx.domainId,
        page.map((p) => p.id),
      );
      yield rows.flatMap((spu) =>
        spu.skus.map((sku) => ({
          spuCode: spu.code,
          skuCode: sku.code,
          name: sku.name || spu.name,
          specifications: sku.specifications,
          color: sku.color,
          size: sku.size,
          barCode: sku.barCode,
          price: sku.price ? formatMoney(sku.price, '') : '',
          ...(seesCost ? { costPrice: sku.costPrice ? formatMoney(sku.costPrice, '') : '' } : {}),
          distributionPrice: sku.distributionPrice ? formatMoney(sku.distributionPrice, '') : '',
          weight: formatWeight(sku.weight),
          length: sku.length,
          width: sku.width,
          height: sku.height,
          volume: sku.volume,
          className: spu.skuSysClassifyName,
          status: statusText(sku.status),
          isCombination: spu.isCombination ? yes : '',
          components: spu.components.map((c) => `${c.code}×${c.qty}`).join('; '),
          shortName: spu.shortName,
          goodsNo: spu.goodsNo,
          brand: spu.brand,
          category: spu.category,
          unit: spu.unit,
          labels: spu.labels.join(', '),
          marks: spu.skuMarks.join(', '),
          remark: spu.remark,
        })),
      );
      if (page.length < BATCH) return;
    }
  },
};
