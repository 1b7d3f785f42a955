import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput, GoodsCalls } from '@openseller/core';
import { goodsApi, type SpuSearchParams } from './api';

export const goodsKeys = {
  all: ['goods'] as const,
  spus: (filter: SpuSearchParams) => [...goodsKeys.all, 'spus', filter] as const,
  spu: (id: number) => [...goodsKeys.all, 'spu', id] as const,
  counts: () => [...goodsKeys.all, 'counts'] as const,
  skus: (filter: CallInput<typeof GoodsCalls.searchSkus>) => [...goodsKeys.all, 'skus', filter] as const,
  classes: () => [...goodsKeys.all, 'classes'] as const,
  productDates: (skuId: number) => [...goodsKeys.all, 'product-dates', skuId] as const,
};

export const useSpuList = (filter: SpuSearchParams) =>
  useQuery({ queryKey: goodsKeys.spus(filter), queryFn: () => goodsApi.searchSpus(filter), placeholderData: keepPreviousData, retry: false });

export const useSpu = (id: number | null) => useQuery({ queryKey: goodsKeys.spu(id ?? 0), queryFn: () => goodsApi.getSpu(id!), enabled: !!id });

export const useGoodsCounts = () => useQuery({ queryKey: goodsKeys.counts(), queryFn: goodsApi.counts });

export const useSkuSearch = (filter: CallInput<typeof GoodsCalls.searchSkus>, enabled = true) =>
  useQuery({ queryKey: goodsKeys.skus(filter), queryFn: () => goodsApi.searchSkus(filter), placeholderData: keepPreviousData, enabled });

export const useClassTree = () => useQuery({ queryKey: goodsKeys.classes(), queryFn: () => goodsApi.classTree(true) });

export const useProductDates = (skuId: number | null) =>
  useQuery({ queryKey: goodsKeys.productDates(skuId ?? 0), queryFn: () => goodsApi.productDates(skuId!), enabled: !!skuId });

/** A mutation that refreshes every goods query when it succeeds. */
export function useGoodsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: goodsKeys.all }) });
}

export function useInvalidateGoods() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: goodsKeys.all });
}
