// Queries of courier tracking: the statistics, the tracking of chosen orders or of one state, and
// the commands (refresh, ignore, unignore) that refresh every order query after they run.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackingSearch, TrackingStatisticsInput } from '@openseller/core';
import { trackingApi } from './api';

export const TRACKING_KEY = ['orders', 'tracking'] as const;

export function useTrackingStatistics(input: TrackingStatisticsInput = {}) {
  return useQuery({ queryKey: [...TRACKING_KEY, 'statistics', input], queryFn: () => trackingApi.statistics(input) });
}

export function useTrackingSearch(input: TrackingSearch, enabled = true) {
  return useQuery({ queryKey: [...TRACKING_KEY, 'search', input], queryFn: () => trackingApi.search(input), enabled, placeholderData: keepPreviousData });
}

export function useTrackingCommand<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: ['orders'] }) });
}
