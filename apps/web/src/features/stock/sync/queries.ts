import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput, StockSyncCalls } from '@openseller/core';
import { stockSyncApi } from './api';

export type SyncPreviewFilter = CallInput<typeof StockSyncCalls.preview>;
export type SyncFailuresFilter = CallInput<typeof StockSyncCalls.failures>;
export type SyncLogFilter = CallInput<typeof StockSyncCalls.log>;

export const stockSyncKeys = {
  all: ['stocksync'] as const,
  stores: () => [...stockSyncKeys.all, 'stores'] as const,
  preview: (input: SyncPreviewFilter) => [...stockSyncKeys.all, 'preview', input] as const,
  log: (input: SyncLogFilter) => [...stockSyncKeys.all, 'log', input] as const,
  failures: (input: SyncFailuresFilter) => [...stockSyncKeys.all, 'failures', input] as const,
};

/** While a push waits or is being sent, lists refresh every 2 s so results appear by themselves. */
const POLL_MS = 2000;

/** The marketplace stores with their rules; refreshes while any store has pushes in flight. */
export const useSyncStores = () =>
  useQuery({
    queryKey: stockSyncKeys.stores(),
    queryFn: stockSyncApi.stores,
    refetchInterval: (query) => (query.state.data?.some((s) => s.pendingCount > 0) ? POLL_MS : false),
  });

/** The preview; refreshes while the store has pushes in flight or a row shows one waiting. */
export const useSyncPreview = (input: SyncPreviewFilter, polling: boolean) =>
  useQuery({
    queryKey: stockSyncKeys.preview(input),
    queryFn: () => stockSyncApi.preview(input),
    placeholderData: (prev) => prev,
    refetchInterval: (query) => (polling || query.state.data?.voList.some((r) => r.lastStatus === 'REQUEST' || r.lastStatus === 'SENDING') ? POLL_MS : false),
  });

/** Refreshes the store's preview and failures once its pushes in flight are all done. */
export function useRefreshWhenSettled(storeId: number, pendingCount: number) {
  const client = useQueryClient();
  const previous = useRef(pendingCount);
  useEffect(() => {
    if (previous.current > 0 && pendingCount === 0) {
      void client.invalidateQueries({ queryKey: [...stockSyncKeys.all, 'preview'] });
      void client.invalidateQueries({ queryKey: [...stockSyncKeys.all, 'failures'] });
    }
    previous.current = pendingCount;
  }, [client, storeId, pendingCount]);
}

export const useSyncLog = (input: SyncLogFilter, polling = false) =>
  useQuery({
    queryKey: stockSyncKeys.log(input),
    queryFn: () => stockSyncApi.log(input),
    placeholderData: (prev) => prev,
    refetchInterval: (query) => (polling || query.state.data?.voList.some((r) => r.status === 'REQUEST' || r.status === 'SENDING') ? POLL_MS : false),
  });

export const useSyncFailures = (input: SyncFailuresFilter, polling: boolean) =>
  useQuery({ queryKey: stockSyncKeys.failures(input), queryFn: () => stockSyncApi.failures(input), placeholderData: (prev) => prev, refetchInterval: polling ? POLL_MS : false });

/** A mutation that refreshes every stock sync query when it succeeds. */
export function useStockSyncMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: stockSyncKeys.all }) });
}
