// Orders area, part "live": live-broadcast sessions and their anchors; an order paid in a store
// while one of its sessions was on air carries it (erpSoLiveList, read in ../orders.model.ts).
import type { ModuleContext } from '../../../platform/module.js';
import { registerServerMessages } from '../../../platform/messages.js';
import { LIVE_MAX_HOURS, LiveErrors } from '@openseller/core';
import { registerLiveRoutes } from './live.routes.js';
import { createLiveService } from './live.service.js';

export function registerLive(ctx: ModuleContext): void {
  registerServerMessages({
    zh: {
      [LiveErrors.END_BEFORE_START]: '直播结束时间必须晚于开始时间',
      [LiveErrors.TOO_LONG]: `一场直播最长 ${LIVE_MAX_HOURS} 小时，请检查开始和结束时间`,
      [LiveErrors.STORE_NOT_FOUND]: '店铺不存在',
      [LiveErrors.ANCHOR_NOT_FOUND]: '主播不存在',
      [LiveErrors.ANCHOR_DISABLED]: (p) => `主播 ${p.name} 已停用`,
      [LiveErrors.ANCHOR_NAME_TAKEN]: (p) => `主播 ${p.name} 已存在`,
    },
    en: {
      [LiveErrors.END_BEFORE_START]: 'The end of a live session must be after its start',
      [LiveErrors.TOO_LONG]: `A live session lasts at most ${LIVE_MAX_HOURS} hours: check its start and end`,
      [LiveErrors.STORE_NOT_FOUND]: 'The store does not exist',
      [LiveErrors.ANCHOR_NOT_FOUND]: 'The anchor does not exist',
      [LiveErrors.ANCHOR_DISABLED]: (p) => `The anchor ${p.name} is disabled`,
      [LiveErrors.ANCHOR_NAME_TAKEN]: (p) => `An anchor named ${p.name} already exists`,
    },
    nouns: {
      live: { zh: '直播场次', en: 'The live session' },
      liver: { zh: '主播', en: 'The anchor' },
    },
  });
  registerLiveRoutes(ctx.app, ctx.http, createLiveService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) }));
}
