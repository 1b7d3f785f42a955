import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderSyncRunSearchInput } from '@openseller/core';
import { errorMessage, type ApiError } from '../../../app/request';
import { toast } from '../../../app/toast';
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

/** What the rules would choose for an order typed in by hand (nothing is created). */
export const useDryRunByHand = () => useMutation({ mutationFn: orderIngestApi.dryRunByHand });

/** usePullNow with the toasts a person sees: how many orders came, or why the pull failed. */
export function usePullNowWithToasts() {
  const { t } = useTranslation();
  const pull = usePullNow();
  const pullNow = (storeId: number) =>
    pull.mutate(storeId, {
      onSuccess: (run) =>
        run.status === 'SUCCESS'
          ? toast.success(t('orderingest:log.pulled', { pulled: run.pulled, created: run.created, updated: run.updated }))
          : toast.error(t('orderingest:log.pullFailed', { error: run.errorMsg ?? '' })),
      onError: (error) => toast.error(errorMessage(error as ApiError)),
    });
  return { pull, pullNow };
}
