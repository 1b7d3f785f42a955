import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput, PromotionCalls } from '@openseller/core';
import { promotionsApi } from './api';

export const promotionsKeys = {
  all: ['promotions'] as const,
  list: (filter: CallInput<typeof PromotionCalls.search>) => [...promotionsKeys.all, 'list', filter] as const,
  detail: (id: number) => [...promotionsKeys.all, 'detail', id] as const,
  open: (filter: CallInput<typeof PromotionCalls.searchOpen>) => [...promotionsKeys.all, 'open', filter] as const,
  stores: () => [...promotionsKeys.all, 'stores'] as const,
  onlineSkus: (filter: CallInput<typeof PromotionCalls.onlineSkuOptions>) => [...promotionsKeys.all, 'online-skus', filter] as const,
};

export const usePromotions = (filter: CallInput<typeof PromotionCalls.search>) =>
  useQuery({ queryKey: promotionsKeys.list(filter), queryFn: () => promotionsApi.search(filter), placeholderData: (prev) => prev });

export const usePromotion = (id: number | null) => useQuery({ queryKey: promotionsKeys.detail(id ?? 0), queryFn: () => promotionsApi.get(id!), enabled: !!id });

export const useOpenPromotions = (filter: CallInput<typeof PromotionCalls.searchOpen>, enabled: boolean) =>
  useQuery({ queryKey: promotionsKeys.open(filter), queryFn: () => promotionsApi.searchOpen(filter), enabled });

export const usePromotionStores = () => useQuery({ queryKey: promotionsKeys.stores(), queryFn: promotionsApi.stores, staleTime: 60_000 });

export const useOnlineSkuOptions = (filter: CallInput<typeof PromotionCalls.onlineSkuOptions>, enabled: boolean) =>
  useQuery({ queryKey: promotionsKeys.onlineSkus(filter), queryFn: () => promotionsApi.onlineSkuOptions(filter), enabled, placeholderData: (prev) => prev });

/** A mutation that refreshes every promotions list when it succeeds. */
export function usePromotionsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: promotionsKeys.all }) });
}
