// The only place naming the server paths of courier tracking (/myhome/expressTracking, spec 02
// §4.1 express tracking states; spec 01 §2.2 /order tab 7).
import type { PageResult, TrackingIgnoreResult, TrackingRefreshInput, TrackingRefreshResult, TrackingRow, TrackingSearch, TrackingStatistics, TrackingStatisticsInput } from '@openseller/core';
import { request } from '../../../app/request';

const BASE = '/myhome/expressTracking';

export const trackingApi = {
  search: (input: TrackingSearch) => request<PageResult<TrackingRow>>(`${BASE}/search`, input),
  statistics: (input: TrackingStatisticsInput) => request<TrackingStatistics>(`${BASE}/statistics`, input),
  refresh: (input: TrackingRefreshInput) => request<TrackingRefreshResult>(`${BASE}/refresh`, input),
  ignore: (idList: number[]) => request<TrackingIgnoreResult>(`${BASE}/ignore`, { idList }),
  unignore: (idList: number[]) => request<TrackingIgnoreResult>(`${BASE}/unignore`, { idList }),
};
