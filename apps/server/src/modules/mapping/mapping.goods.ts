// Create system goods from an online item: one SPU (with one SKU per live online SKU, or a single
// SKU for an item without variants) made by the goods area's createSpuByHand, and every online
// SKU of the item confirmed to the SKU that carries its code.
import { and, eq } from 'drizzle-orm';
import { ErrorCodes, MappingErrors, type CreateSpuFromTbSpuInput, type CreateSpuFromTbSpuResult, type Language, type SpuCreateInputRaw } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { tbSkus } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { ServiceRegistry } from '../../platform/module.js';
import type { Session } from '../../platform/sessions.js';
import type { GoodsRegistryService } from '../goods/index.js';
import type { MappingLogEntry, MappingService } from './mapping.service.js';

/** The part of the goods service this area uses (ctx.registry.get('goods')). */
export type GoodsServiceForMapping = Pick<GoodsRegistryService, 'createSpuByHand'>;

export type CreateSpuFromOnlineItem = (session: Session, input: CreateSpuFromTbSpuInput, language: Language) => Promise<CreateSpuFromTbSpuResult>;

/** A picture the goods area accepts: an uploaded file or an http(s) address. */
const usablePicture = (url: string | null | undefined) => (url && (url.startsWith('/erp/pub/file/') || /^https?:\/\//i.test(url)) && url.length <= 500 ? url : null);

/** Codes lose their whitespace in goods (spec 01 §5); compare them the same way. */
const codeKey = (code: string) => code.replace(/\s+/g, '').toLowerCase();

export function createSpuFromOnlineItem(deps: { database: Database; registry: ServiceRegistry; mapping: MappingService; now?: () => Date }): CreateSpuFromOnlineItem {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const { itemsOrFail, lockTbSkusOfItems, log } = deps.mapping.internals;

  // One transaction: the goods area makes the SPU with its own rules and log inside it, so a
  // refusal from either side leaves neither goods nor mappings behind.
  return async (session, input, language) => {
    const domainId = session.domainId;
    if (domainId === null) throw new AppError(ErrorCodes.NO_PERMISSION, 403);
    const goods = deps.registry.find<GoodsServiceForMapping>('goods');
    if (!goods) throw new AppError(MappingErrors.GOODS_UNAVAILABLE, 503);
    return db.transaction(async (tx) => {
      const [item] = await itemsOrFail(tx, domainId, [input.id]);
      const live = (await lockTbSkusOfItems(tx, domainId, [item!.id])).filter((r) => !r.deleted);
      if (!live.length) throw new AppError(MappingErrors.IN_RECYCLE_BIN, 409, { field: 'id', tbSkuId: item!.tbSpuId, title: item!.title });
      const mapped = live.find((r) => r.mappingStatus === 'already');
      if (mapped) throw new AppError(MappingErrors.ITEM_ALREADY_MAPPED, 409, { field: 'id', tbSkuId: mapped.tbSkuId, title: mapped.title });
      const code = input.code ?? item!.outerId ?? item!.tbSpuId;
      const name = input.name ?? item!.title;
      // An item without variants has one online SKU carrying the item's own id.
      const single = live.length === 1 && live[0]!.tbSkuId === item!.tbSpuId;
      const skuCode = (r: (typeof live)[number]) => (single ? code : (r.outerSkuId ?? r.tbSkuId));
      const raw: SpuCreateInputRaw = single
        ? { code, name, picUrl: usablePicture(item!.picUrl ?? live[0]!.skuPicUrl), price: live[0]!.salePrice, hasSku: false }
        : {
            code,
            name,
            picUrl: usablePicture(item!.picUrl),
            hasSku: true,
            skus: live.map((r) => ({
              code: skuCode(r),
              name,
              specifications: r.properties ?? null,
              price: r.salePrice,
              picUrl: usablePicture(r.skuPicUrl ?? item!.picUrl),
            })),
          };
      const spu = await goods.createSpuByHand(session, raw, { tx, language });

      const byCode = new Map(spu.skus.map((s) => [codeKey(s.code), s.id]));
      const at = now();
      const entries: MappingLogEntry[] = [];
      for (const r of live) {
        const skuId = byCode.get(codeKey(skuCode(r)));
        if (!skuId) continue;
        await tx
          .update(tbSkus)
          .set({ skuId, mappingStatus: 'already', confirmedAt: at, confirmedBy: session.userId, version: r.version + 1, updatedAt: at })
          .where(and(eq(tbSkus.id, r.id), eq(tbSkus.domainId, domainId)));
        entries.push({
          entityId: r.id,
          action: 'createSpuFromOnline',
          before: { skuId: r.skuId, mappingStatus: r.mappingStatus },
          after: { skuId, mappingStatus: 'already', spuId: spu.id },
        });
      }
      await log(tx, { userId: session.userId, loginName: session.loginName, domainId }, entries);
      return { spuId: spu.id, mapped: entries.length };
    });
  };
}
