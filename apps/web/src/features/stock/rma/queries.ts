// Query keys and hooks of the return-inbound page; every command refreshes its lists and the stock lists.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, ApiError } from '../../../app/request';
import { toast } from '../../../app/toast';
import { rmaApi, type RmaFilter, type RmaParcelFilter } from './api';

export const rmaKeys = {
  all: ['stock-rma'] as const,
  list: (filter: RmaFilter) => [...rmaKeys.all, 'list', filter] as const,
  one: (id: number) => [...rmaKeys.all, 'one', id] as const,
  statuses: () => [...rmaKeys.all, 'statuses'] as const,
  reasons: () => [...rmaKeys.all, 'reasons'] as const,
  parcels: (filter: RmaParcelFilter) => [...rmaKeys.all, 'parcels', filter] as const,
};

export const useRmaList = (filter: RmaFilter) => useQuery({ queryKey: rmaKeys.list(filter), queryFn: () => rmaApi.search(filter), placeholderData: (p) => p });
export const useRma = (id: number | null) => useQuery({ queryKey: rmaKeys.one(id ?? 0), queryFn: () => rmaApi.get(id!), enabled: !!id });
export const useRmaStatuses = () => useQuery({ queryKey: rmaKeys.statuses(), queryFn: rmaApi.statusList });
export const useRmaReasons = () => useQuery({ queryKey: rmaKeys.reasons(), queryFn: rmaApi.reasons });

/** A refusal in words: field problems by field, the rest as the server or the errors pack words them. */
export function rmaErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return errorMessage(error);
}

export function useRmaMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: rmaKeys.all });
      await client.invalidateQueries({ queryKey: ['stock-inventory'] });
    },
    onError: (error) => toast.error(rmaErrorMessage(error)),
  });
}
