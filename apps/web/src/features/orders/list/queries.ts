// Query keys and hooks of the order list; saved-tab changes refresh the tabs. The row tags
// (待合, 缺) are fetched once per visible page and kept (spec 01 §4.8).
import { hashKey, keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { OrderSearchParams } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { orderListApi } from './api';

export type OrderCountParams = Omit<OrderSearchParams, 'currentPage' | 'pageSize'>;

export const orderListKeys = {
  all: ['orders'] as const,
  list: (filter: OrderSearchParams) => [...orderListKeys.all, 'list', filter] as const,
  counts: (filter: OrderCountParams) => [...orderListKeys.all, 'counts', filter] as const,
  one: (id: number) => [...orderListKeys.all, 'one', id] as const,
  tags: (ids: number[]) => [...orderListKeys.all, 'tags', ids] as const,
  searchTabs: ['orders-search-tabs'] as const,
};

// The first page and counts the route asked for before the page rendered (prefetch.ts): the
// page's first mount takes an answer of the last 10 s as it is instead of asking again (one still
// coming is shared anyway); any other mount refetches as before.
const prefetched = new Set<string>();
export function markPrefetched(...keys: QueryKey[]): void {
  for (const key of keys) prefetched.add(hashKey(key));
}
const unlessJustPrefetched = (query: { queryHash: string; state: { dataUpdatedAt: number } }) =>
  !(prefetched.delete(query.queryHash) && Date.now() - query.state.dataUpdatedAt < 10_000);

export const useOrderList = (filter: OrderSearchParams) =>
  useQuery({ queryKey: orderListKeys.list(filter), queryFn: () => orderListApi.search(filter), placeholderData: keepPreviousData, refetchOnMount: unlessJustPrefetched });
/**
 * Asks for a list page now, before the page draws the state that shows it (a tab switch): the call
 * runs while React draws, and useOrderList then shares it instead of asking after the redraw.
 */
export function askOrderList(client: QueryClient, filter: OrderSearchParams): void {
  void client.prefetchQuery({ queryKey: orderListKeys.list(filter), queryFn: () => orderListApi.search(filter) });
}
export const useOrderCounts = (filter: OrderCountParams) =>
  useQuery({ queryKey: orderListKeys.counts(filter), queryFn: () => orderListApi.counts(filter), placeholderData: keepPreviousData, refetchOnMount: unlessJustPrefetched });
export const useOrderDetail = (id: number | null) => useQuery({ queryKey: orderListKeys.one(id ?? 0), queryFn: () => orderListApi.get(id!), enabled: !!id });

/** The 待合 and 缺 tags of the visible rows, fetched once per page of ids. */
export function useOrderRowTags(ids: number[]) {
  return useQuery({
    queryKey: orderListKeys.tags(ids),
    enabled: ids.length > 0,
    staleTime: Infinity,
    queryFn: async () => {
      const [merge, stockOut] = await Promise.all([orderListApi.mergeFlags(ids), orderListApi.stockOutFlags(ids)]);
      return { merge: new Set(merge.voList.filter((r) => r.canbeMergedTag).map((r) => r.id)), stockOut: new Set(stockOut.voList) };
    },
  });
}

export const useSearchTabs = () => useQuery({ queryKey: orderListKeys.searchTabs, queryFn: orderListApi.searchTabs });

export function useSearchTabMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: orderListKeys.searchTabs }),
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(ordersErrorMessage(error));
    },
  });
}

const NOUNS = ['order', 'orderSearchTab'];

/** A refusal of the order list in words. */
export function ordersErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const what = error.params.what;
  if (error.code === 'ERR_NOT_FOUND' && typeof what === 'string' && NOUNS.includes(what)) return i18next.t(`orders:notFound.${what}`);
  if (error.code === 'ERR_VALIDATION' && error.fields.length)
    return error.fields.map((f) => `${i18next.t(`orders:filters.${f.field}`, { defaultValue: f.field })}: ${f.message}`).join('; ');
  return errorMessage({ code: error.code, message: error.message, params: error.params });
}
