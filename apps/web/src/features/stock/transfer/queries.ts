// Query keys and hooks of transfers; commands refresh every transfer list. Refusals are worded by
// the outbound part's helper (the two share their codes and namespace).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput, TransferCalls } from '@openseller/core';
import { toast } from '../../../app/toast';
import { outboundErrorMessage } from '../outbound/queries';
import { transferApi } from './api';

export type TransferFilter = CallInput<typeof TransferCalls.search>;

export const transferKeys = {
  all: ['stock-transfer'] as const,
  list: (filter: TransferFilter) => [...transferKeys.all, 'list', filter] as const,
  one: (id: number) => [...transferKeys.all, 'one', id] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const useTransferList = (filter: TransferFilter) => useQuery({ queryKey: transferKeys.list(filter), queryFn: () => transferApi.search(filter), placeholderData: keep });
export const useTransfer = (id: number | null) => useQuery({ queryKey: transferKeys.one(id ?? 0), queryFn: () => transferApi.get(id!), enabled: !!id });

/** A transfer command: refreshes the lists when it succeeds, shows the refusal when it fails. */
export function useTransferMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: transferKeys.all }),
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(outboundErrorMessage(error));
    },
  });
}
