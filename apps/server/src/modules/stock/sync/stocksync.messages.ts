// Server wording of the stock sync codes (the web app words them itself from the code).
import { StockSyncErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const store = (p: Record<string, string | number>, zh: boolean) => (p.name ? (zh ? `店铺「${p.name}」` : `The store "${p.name}"`) : zh ? '该店铺' : 'The store');

export function registerStockSyncMessages(): void {
  registerServerMessages({
    zh: {
      [StockSyncErrors.STORE_NOT_FOUND]: '店铺不存在',
      [StockSyncErrors.STORE_NOT_ONLINE]: (p) => `${store(p, true)}不是平台店铺，无法同步库存`,
      [StockSyncErrors.STORE_DISABLED]: (p) => `${store(p, true)}已停用，不能同步库存，请先启用店铺`,
      [StockSyncErrors.STORE_NOT_AUTHORIZED]: (p) => `${store(p, true)}尚未授权，请先完成店铺授权`,
      [StockSyncErrors.STORE_AUTH_EXPIRED]: (p) => `${store(p, true)}授权已过期，请重新授权`,
      [StockSyncErrors.WAREHOUSE_NOT_FOUND]: '仓库不存在',
      [StockSyncErrors.WAREHOUSE_STOPPED]: (p) => `仓库「${p.name}」已停用，不能用于库存同步`,
      [StockSyncErrors.RULE_EXISTS]: (p) => `该店铺已设置仓库「${p.name}」的同步规则`,
      [StockSyncErrors.RULE_NOT_FOUND]: '同步规则不存在',
      [StockSyncErrors.RULE_CHANGED]: '同步规则已被他人修改，请刷新后重试',
      [StockSyncErrors.NO_RULES]: (p) => `${store(p, true)}还没有同步规则，请先添加仓库`,
      [StockSyncErrors.NOTHING_TO_SYNC]: '该店铺没有已对应系统商品的线上SKU',
      [StockSyncErrors.TB_SKU_NOT_MAPPED]: (p) => `线上SKU（id ${p.tbSkuRowId}）不是该店铺已对应系统商品的线上SKU`,
      [StockSyncErrors.RECORD_NOT_FOUND]: (p) => `同步记录 ${p.id} 不存在`,
      [StockSyncErrors.NOT_RETRYABLE]: (p) => `同步记录 ${p.id} 不是失败状态，不能重试`,
      [StockSyncErrors.REJECTED]: '平台拒绝了该SKU的库存',
      [StockSyncErrors.INTERRUPTED]: '同步被中断，平台未返回结果',
      [StockSyncErrors.UNMAPPED]: '线上SKU已不再对应系统商品',
    },
    en: {
      [StockSyncErrors.STORE_NOT_FOUND]: 'The store does not exist',
      [StockSyncErrors.STORE_NOT_ONLINE]: (p) => `${store(p, false)} is not a marketplace store; its stock cannot be synced`,
      [StockSyncErrors.STORE_DISABLED]: (p) => `${store(p, false)} is disabled; enable it before syncing stock`,
      [StockSyncErrors.STORE_NOT_AUTHORIZED]: (p) => `${store(p, false)} is not authorized yet; authorize it first`,
      [StockSyncErrors.STORE_AUTH_EXPIRED]: (p) => `${store(p, false)}'s authorization has ended; authorize it again`,
      [StockSyncErrors.WAREHOUSE_NOT_FOUND]: 'The warehouse does not exist',
      [StockSyncErrors.WAREHOUSE_STOPPED]: (p) => `The warehouse "${p.name}" is stopped and cannot be used for stock sync`,
      [StockSyncErrors.RULE_EXISTS]: (p) => `The store already has a sync rule for the warehouse "${p.name}"`,
      [StockSyncErrors.RULE_NOT_FOUND]: 'The sync rule does not exist',
      [StockSyncErrors.RULE_CHANGED]: 'The sync rule was changed by someone else; refresh and try again',
      [StockSyncErrors.NO_RULES]: (p) => `${store(p, false)} has no sync rule yet; add a warehouse first`,
      [StockSyncErrors.NOTHING_TO_SYNC]: 'The store has no online SKU mapped to a system SKU',
      [StockSyncErrors.TB_SKU_NOT_MAPPED]: (p) => `The online SKU (id ${p.tbSkuRowId}) is not a mapped online SKU of this store`,
      [StockSyncErrors.RECORD_NOT_FOUND]: (p) => `The sync record ${p.id} does not exist`,
      [StockSyncErrors.NOT_RETRYABLE]: (p) => `The sync record ${p.id} has not failed and cannot be retried`,
      [StockSyncErrors.REJECTED]: 'The marketplace refused the quantity of this SKU',
      [StockSyncErrors.INTERRUPTED]: 'The push was interrupted before the marketplace answered',
      [StockSyncErrors.UNMAPPED]: 'The online SKU is no longer mapped to a system SKU',
    },
  });
}
