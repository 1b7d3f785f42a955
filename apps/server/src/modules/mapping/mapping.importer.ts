// Import of online items from a spreadsheet (kind ONLINE_ITEMS): one row per online SKU. Rows of
// the same store and platform item id form one online item; a row without a platform SKU id is
// an item without variants. Loading goes through upsertOnlineItems, so an import never touches
// an existing mapping, and all rows load or none.
import { rowProblem, rowProblems } from '../../platform/import-problems.js';
import { and, eq, or, sql } from 'drizzle-orm';
import { OnlinePrice, type Language, type OnlineItemInput, type OnlineItemsUpsertResult } from '@openseller/core';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { stores, tbSkus } from '../../db/schema/index.js';
import type { Importer, RowProblem } from '../../platform/imports.js';
import type { SheetColumn } from '../../platform/xlsx.js';
import type { MappingService } from './mapping.service.js';
import { textsIn } from '../../platform/sql.js';

export const ONLINE_ITEMS_IMPORT = 'ONLINE_ITEMS';

export interface OnlineItemRow {
  store: string;
  tbSpuId: string;
  title: string;
  tbSkuId?: string | undefined;
  properties?: string | undefined;
  outerSkuId?: string | undefined;
  price?: string | undefined;
  picUrl?: string | undefined;
}

const HEADERS: Record<keyof OnlineItemRow, { zh: string; en: string; required?: boolean; width?: number; noteZh?: string; noteEn?: string }> = {
  store: { zh: '店铺', en: 'Store', required: true, width: 20, noteZh: '店铺名称，须与店铺管理中的名称一致', noteEn: 'The store name as in store management' },
  tbSpuId: { zh: '平台商品ID', en: 'Platform item ID', required: true, width: 20 },
  title: { zh: '商品标题', en: 'Item title', required: true, width: 36 },
  tbSkuId: { zh: '平台SKU ID', en: 'Platform SKU ID', width: 20, noteZh: '没有规格的商品可留空', noteEn: 'Leave empty for an item without variants' },
  properties: { zh: 'SKU属性', en: 'SKU properties', width: 24, noteZh: '例如 颜色:红色;尺码:M', noteEn: 'e.g. Colour:Red;Size:M' },
  outerSkuId: { zh: '商家SKU编码', en: 'Outer SKU code', width: 20, noteZh: '与系统SKU编码相同时可一键匹配', noteEn: 'Auto-matching compares it with the system SKU code' },
  price: { zh: '价格', en: 'Price', width: 12, noteZh: '最多4位小数', noteEn: 'Up to 4 decimals' },
  picUrl: { zh: '图片地址', en: 'Picture URL', width: 30 },
};

function columns(language: Language): SheetColumn[] {
  const zh = language === 'zh' || language === 'zh_TW';
  return (Object.keys(HEADERS) as (keyof OnlineItemRow)[]).map((key) => {
    const h = HEADERS[key];
    return {
      key,
      header: zh ? h.zh : h.en,
      aliases: [h.zh, h.en],
      ...(h.required ? { required: true } : {}),
      ...(h.width ? { width: h.width } : {}),
      note: zh ? h.noteZh : h.noteEn,
    };
  });
}

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || undefined)
    .optional();

const RowContract = z.object({
  store: z.string().trim().min(1).max(100),
  tbSpuId: z.string().trim().min(1).max(64),
  title: z.string().trim().min(1).max(300),
  tbSkuId: optional(64),
  properties: optional(500),
  outerSkuId: optional(100),
  price: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return undefined;
      const parsed = OnlinePrice.safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }),
  picUrl: optional(1000),
});

type StoreMatch = { id: number; name: string; platformCode: string } | 'ambiguous';

/** Stores of the domain by name or short name; a name two stores share is ambiguous. */
async function storesByName(tx: Tx, domainId: number, names: string[]): Promise<Map<string, StoreMatch>> {
  const unique = [...new Set(names)];
  const found = new Map<string, StoreMatch>();
  if (!unique.length) return found;
  const rows = await tx
    .select({ id: stores.id, name: stores.name, shortName: stores.shortName, platformCode: stores.platformCode })
    .from(stores)
    .where(and(eq(stores.domainId, domainId), or(textsIn(stores.name, unique), textsIn(stores.shortName, unique))));
  for (const name of unique) {
    const byName = rows.filter((r) => r.name === name);
    const candidates = byName.length ? byName : rows.filter((r) => r.shortName === name);
    if (candidates.length === 1) found.set(name, { id: candidates[0]!.id, name: candidates[0]!.name, platformCode: candidates[0]!.platformCode });
    else if (candidates.length > 1) found.set(name, 'ambiguous');
  }
  return found;
}

const skuKeyOf = (row: OnlineItemRow) => row.tbSkuId ?? row.tbSpuId;

/** The rows as online items per store; rows naming one store differently (name, short name) join. */
function groupItems(rows: OnlineItemRow[], found: Map<string, StoreMatch>): Map<number, { store: { id: number; platformCode: string }; items: OnlineItemInput[] }> {
  const byStore = new Map<number, { store: { id: number; platformCode: string }; items: Map<string, OnlineItemInput & { skus: NonNullable<OnlineItemInput['skus']> }> }>();
  for (const row of rows) {
    const store = found.get(row.store);
    // The check ran before; a store renamed or deleted since then fails the whole load.
    if (!store || store === 'ambiguous') throw new Error(`the store "${row.store}" is not one store of this domain`);
    let group = byStore.get(store.id);
    if (!group) byStore.set(store.id, (group = { store, items: new Map() }));
    let item = group.items.get(row.tbSpuId);
    if (!item) {
      item = { tbSpuId: row.tbSpuId, title: row.title, picUrl: row.picUrl, skus: [] };
      group.items.set(row.tbSpuId, item);
    }
    item.skus.push({
      tbSkuId: skuKeyOf(row),
      title: row.title,
      properties: row.properties,
      outerSkuId: row.outerSkuId,
      price: row.price,
      skuPicUrl: row.picUrl,
    });
    if (!item.picUrl && row.picUrl) item.picUrl = row.picUrl;
  }
  return new Map([...byStore].map(([id, g]) => [id, { store: g.store, items: [...g.items.values()] }]));
}

export function onlineItemsImporter(mapping: MappingService): Importer<OnlineItemRow> {
  return {
    kind: ONLINE_ITEMS_IMPORT,
    access: { menu: 'MENU_TBSKU_RELATION' },
    maxRows: 20_000,
    sheetName: (language) => (language === 'zh' || language === 'zh_TW' ? '线上商品' : 'Online items'),
    columns,
    parseRow(values, language) {
      const parsed = RowContract.safeParse(values);
      if (parsed.success) return { row: parsed.data };
      return { problems: rowProblems(parsed.error, language, values) };
    },
    async check(rows, ctx) {
      const found = await storesByName(
        ctx.tx,
        ctx.domainId,
        rows.map((r) => r.row.store),
      );
      const problems: RowProblem[] = [];
      const seen = new Map<string, number>();
      for (const { rowNumber, row } of rows) {
        const store = found.get(row.store);
        if (!store) problems.push(rowProblem(ctx.language, rowNumber, 'store', 'STORE_NOT_FOUND', { value: row.store }));
        else if (store === 'ambiguous')
          problems.push(rowProblem(ctx.language, rowNumber, 'store', 'STORE_AMBIGUOUS', { value: row.store }));
        const key = `${store && store !== 'ambiguous' ? store.id : row.store}\u0000${skuKeyOf(row)}`;
        const first = seen.get(key);
        if (first !== undefined) {
          problems.push(rowProblem(ctx.language, rowNumber, row.tbSkuId ? 'tbSkuId' : 'tbSpuId', 'DUPLICATE_ROW', { row: first }));
        } else seen.set(key, rowNumber);
      }
      return problems;
    },
    async summarize(rows, ctx) {
      const found = await storesByName(
        ctx.tx,
        ctx.domainId,
        rows.map((r) => r.store),
      );
      let existing = 0;
      let itemCount = 0;
      for (const { store, items } of groupItems(rows, found).values()) {
        itemCount += items.length;
        const ids = items.flatMap((i) => (i.skus ?? []).map((s) => s.tbSkuId));
        for (let i = 0; i < ids.length; i += 1000) {
          const [n] = await ctx.tx
            .select({ n: sql<number>`count(*)::int` })
            .from(tbSkus)
            .where(and(eq(tbSkus.domainId, ctx.domainId), eq(tbSkus.storeId, store.id), textsIn(tbSkus.tbSkuId, ids.slice(i, i + 1000))));
          existing += n?.n ?? 0;
        }
      }
      return { items: itemCount, skus: rows.length, newSkus: rows.length - existing, existingSkus: existing };
    },
    async load(rows, ctx, progress) {
      const found = await storesByName(
        ctx.tx,
        ctx.domainId,
        rows.map((r) => r.store),
      );
      const total: OnlineItemsUpsertResult = { itemsCreated: 0, itemsUpdated: 0, skusCreated: 0, skusUpdated: 0, skusProposed: 0 };
      let done = 0;
      for (const { store, items } of groupItems(rows, found).values()) {
        for (let i = 0; i < items.length; i += 2000) {
          const part = items.slice(i, i + 2000);
          const result = await mapping.upsertOnlineItems(ctx.tx, ctx.domainId, store.id, store.platformCode, part, {
            source: 'IMPORT',
            actor: { userId: ctx.session.userId, loginName: ctx.session.loginName, domainId: ctx.domainId },
          });
          for (const k of Object.keys(total) as (keyof OnlineItemsUpsertResult)[]) total[k] += result[k];
          done += part.reduce((n, item) => n + (item.skus?.length ?? 0), 0);
          await progress(done);
        }
      }
      return { ...total };
    },
  };
}
