// The order list's first page and tab counts, asked for while the list's code still loads: the
// route opened is the order list (app/router.tsx preloadCurrentRoute), so its calls need not wait
// for the page to render first. The page's queries (queries.ts) then find them in the cache.
import { queryClient } from '../../../app/query-client';
import { parseListState } from '../../../ui/use-list-state';
import { orderListApi } from './api';
import { markPrefetched, orderListKeys } from './queries';
import { filtersToParams, ORDER_LIST_DEFAULTS, orderSearchOf } from './use-order-list-state';

/** `query` is the route's query string (the part of the hash after `?`). */
export function prefetchOrderList(query: string): void {
  const state = parseListState(ORDER_LIST_DEFAULTS, new URLSearchParams(query));
  const filters = filtersToParams(state);
  const search = orderSearchOf(state, filters);
  const listKey = orderListKeys.list(search);
  const countsKey = orderListKeys.counts(filters);
  markPrefetched(listKey, countsKey);
  void queryClient.prefetchQuery({ queryKey: listKey, queryFn: () => orderListApi.search(search) });
  void queryClient.prefetchQuery({ queryKey: countsKey, queryFn: () => orderListApi.counts(filters) });
}
