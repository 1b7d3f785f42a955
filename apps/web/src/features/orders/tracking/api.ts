// The courier tracking calls (/myhome/expressTracking, spec 02 §4.1, §7.13; spec 01 §2.2 /order
// tab 7), from the route catalogue (api/print.ts TrackingCalls).
import { TrackingCalls, type CallInput } from '@openseller/core';
import { callApi } from '../../../app/request';

export const trackingApi = {
  search: (input: CallInput<typeof TrackingCalls.query>) => callApi(TrackingCalls.query, input),
  statistics: (input: CallInput<typeof TrackingCalls.statistics>) => callApi(TrackingCalls.statistics, input),
  refresh: (input: CallInput<typeof TrackingCalls.refresh>) => callApi(TrackingCalls.refresh, input),
  ignore: (idList: number[]) => callApi(TrackingCalls.igore, { idList }),
  unignore: (idList: number[]) => callApi(TrackingCalls.unignore, { idList }),
  config: () => callApi(TrackingCalls.getConfig, undefined),
  updateConfig: (input: CallInput<typeof TrackingCalls.updateConfig>) => callApi(TrackingCalls.updateConfig, input),
};
