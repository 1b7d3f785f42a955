// Server wording of the mapping area's error codes (the web app words them itself from the code).
import { MappingErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

const which = (p: Record<string, string | number>, zh: boolean) => (p.tbSkuId ? (zh ? `线上SKU ${p.tbSkuId}` : `Online SKU ${p.tbSkuId}`) : zh ? '线上SKU' : 'The online SKU');

export function registerMappingMessages(): void {
  registerServerMessages({
    zh: {
      [MappingErrors.SKU_REQUIRED]: (p) => `${which(p, true)}还没有对应的系统SKU，请先选择系统SKU再确认`,
      [MappingErrors.SKU_NOT_FOUND]: (p) => `系统SKU（id ${p.skuId}）不存在`,
      [MappingErrors.SKU_DELETED]: (p) => `系统SKU ${p.code} 已删除，不能对应`,
      [MappingErrors.SKU_COMBINATION_EMPTY]: (p) => `组合商品 ${p.code} 没有子商品，不能对应`,
      [MappingErrors.ALREADY_CONFIRMED]: (p) => `${which(p, true)}已确认，如需更换请使用"更换商品"`,
      [MappingErrors.NOT_MAPPED]: (p) => `${which(p, true)}没有对应的系统商品`,
      [MappingErrors.IN_RECYCLE_BIN]: (p) => `${which(p, true)}已在回收站中，请先恢复`,
      [MappingErrors.NOT_DELETED]: (p) => `${which(p, true)}不在回收站中，无需恢复`,
      [MappingErrors.STORE_NOT_FOUND]: '店铺不存在',
      [MappingErrors.TB_SKU_EXISTS]: (p) => `该店铺已有平台SKU ID 为 ${p.tbSkuId} 的线上商品`,
      [MappingErrors.TB_SKU_AMBIGUOUS]: (p) => `多个店铺都有平台SKU ID 为 ${p.tbSkuId} 的线上商品，请指定店铺`,
      [MappingErrors.ITEM_ALREADY_MAPPED]: '该线上商品已有SKU对应了系统商品，请先解绑',
      [MappingErrors.NO_PICTURES]: '所选线上商品没有图片',
      [MappingErrors.GOODS_UNAVAILABLE]: '商品模块不可用，无法生成系统商品',
    },
    en: {
      [MappingErrors.SKU_REQUIRED]: (p) => `${which(p, false)} has no system SKU yet; choose a system SKU before confirming`,
      [MappingErrors.SKU_NOT_FOUND]: (p) => `The system SKU (id ${p.skuId}) does not exist`,
      [MappingErrors.SKU_DELETED]: (p) => `The system SKU ${p.code} has been deleted and cannot be mapped`,
      [MappingErrors.SKU_COMBINATION_EMPTY]: (p) => `The combination ${p.code} has no components and cannot be mapped`,
      [MappingErrors.ALREADY_CONFIRMED]: (p) => `${which(p, false)} is already confirmed; use "Replace SKU" to change it`,
      [MappingErrors.NOT_MAPPED]: (p) => `${which(p, false)} is not mapped to system goods`,
      [MappingErrors.IN_RECYCLE_BIN]: (p) => `${which(p, false)} is in the recycle bin; restore it first`,
      [MappingErrors.NOT_DELETED]: (p) => `${which(p, false)} is not in the recycle bin`,
      [MappingErrors.STORE_NOT_FOUND]: 'The store does not exist',
      [MappingErrors.TB_SKU_EXISTS]: (p) => `The store already has an online SKU with platform SKU id ${p.tbSkuId}`,
      [MappingErrors.TB_SKU_AMBIGUOUS]: (p) => `Several stores list an online SKU with platform SKU id ${p.tbSkuId}; name the store`,
      [MappingErrors.ITEM_ALREADY_MAPPED]: 'Some SKUs of this online item are already mapped to system goods; unbind them first',
      [MappingErrors.NO_PICTURES]: 'The chosen online items have no pictures',
      [MappingErrors.GOODS_UNAVAILABLE]: 'The goods area is not available, so system goods cannot be created',
    },
    nouns: {
      onlineSku: { zh: '线上SKU', en: 'The online SKU' },
      onlineItem: { zh: '线上商品', en: 'The online item' },
    },
  });
}
