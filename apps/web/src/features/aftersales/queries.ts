// Query keys and hooks of the after-sale pages; every command refreshes the area's lists.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../app/request';
import { toast } from '../../app/toast';
import { afterSalesApi, type AfterSaleFilter } from './api';

export const afterSalesKeys = {
  all: ['aftersales'] as const,
  list: (filter: AfterSaleFilter) => [...afterSalesKeys.all, 'list', filter] as const,
};

export const useAfterSaleList = (filter: AfterSaleFilter) => useQuery({ queryKey: afterSalesKeys.list(filter), queryFn: () => afterSalesApi.search(filter), placeholderData: (p) => p });

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
