import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderSyncRunSearchInput } from '@openseller/core';
import { orderIngestApi } from './api';

export const orderIngestKeys = {
  all: ['orderingest'] as const,
  runs: (input: OrderSyncRunSearchInput) => [...orderIngestKeys.all, 'runs', input] as const,
};

export const useSyncRuns = (input: OrderSyncRunSearchInput) =>
  useQuery({ queryKey: orderIngestKeys.runs(input), queryFn: () => orderIngestApi.searchSyncRuns(input), placeholderData: (prev) => prev });

/** Pulls a store's orders now; the order lists and the sync log refresh afterwards. */
export function usePullNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (storeId: number) => orderIngestApi.syncStoreOrders(storeId),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: orderIngestKeys.all });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useCreateOrderByHand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: orderIngestApi.createByHand,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
