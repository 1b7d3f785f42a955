// Live-broadcast sessions and anchors (spec 02 §7.18, 03-calls: /cloud/core/live/*), page
// /order/liveBroadcastManagement (orders menu).
import { z } from 'zod';
import { LiveCreateInput, LiveDisableInput, LiverCreateInput, LiveRow, LiverRow, LiverSearchInput, LiverUpdateInput, LiveSearchInput, LiveUpdateInput } from '../contracts/live.js';
import { IdListInput } from '../contracts/common.js';
import { pageOf, post } from './define.js';

const LIVE = '/cloud/core/live';
const Deleted = z.object({ deleted: z.number().int() });
const liveAccess = { menu: 'MENU_ERPSO' } as const;

export const LiveCalls = {
  list: post(`${LIVE}/list`, liveAccess, LiveSearchInput, pageOf(LiveRow)),
  create: post(`${LIVE}/create`, liveAccess, LiveCreateInput, LiveRow),
  update: post(`${LIVE}/update`, liveAccess, LiveUpdateInput, LiveRow),
  delete: post(`${LIVE}/delete`, liveAccess, IdListInput, Deleted),
  disable: post(`${LIVE}/disable`, liveAccess, LiveDisableInput, z.object({ changed: z.number() })),
  liverCreate: post(`${LIVE}/liver/create`, liveAccess, LiverCreateInput, LiverRow),
  liverUpdate: post(`${LIVE}/liver/update`, liveAccess, LiverUpdateInput, LiverRow),
  /** The anchors to choose from and manage (not in the spec). */
  liverList: post(`${LIVE}/liver/list`, liveAccess, LiverSearchInput, z.array(LiverRow)),
};
