// Query keys and hooks of the after-sale pages; every command refreshes the area's lists.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../app/request';
import { toast } from '../../app/toast';
import { afterSalesApi, type AfterSaleFilter } from './api';

export const afterSalesKeys = {
  all: ['aftersales'] as const,
  list: (filter: AfterSaleFilter, view: AfterSaleView = 'all') => [...afterSalesKeys.all, 'list', view, filter] as const,
};

/** The whole list, the archive (completed and closed) or the abnormal documents (refund or write-back failed). */
export type AfterSaleView = 'all' | 'archive' | 'abnormal';
const searchOf = { all: afterSalesApi.search, archive: afterSalesApi.searchArchive, abnormal: afterSalesApi.searchAbnormal };

/** Paging or narrowing a view keeps its rows on screen while the next page loads; another view never shows this one's rows. */
export const useAfterSaleList = (filter: AfterSaleFilter, view: AfterSaleView = 'all', enabled = true) =>
  useQuery({
    queryKey: afterSalesKeys.list(filter, view),
    queryFn: () => searchOf[view](filter),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === view ? previous : undefined),
    enabled,
  });

/** A refusal in words: field problems by field, the rest as the server words them. */
export function afterSalesErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return errorMessage(error);
}

export function useAfterSalesMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: afterSalesKeys.all });
    },
    onError: (error) => toast.error(afterSalesErrorMessage(error)),
  });
}
