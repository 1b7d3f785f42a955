import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput, LiveCalls } from '@openseller/core';
import { errorMessage, ApiError } from '../../../app/request';
import { toast } from '../../../app/toast';
import { liveApi } from './api';

export const liveKeys = {
  all: ['live'] as const,
  list: (filter: CallInput<typeof LiveCalls.list>) => [...liveKeys.all, 'list', filter] as const,
  anchors: (includeDisabled: boolean) => [...liveKeys.all, 'anchors', includeDisabled] as const,
};

export const useLiveList = (filter: CallInput<typeof LiveCalls.list>) =>
  useQuery({ queryKey: liveKeys.list(filter), queryFn: () => liveApi.list(filter), placeholderData: (prev) => prev });

export const useAnchors = (includeDisabled = false) => useQuery({ queryKey: liveKeys.anchors(includeDisabled), queryFn: () => liveApi.anchors(includeDisabled) });

export function liveErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error);
  return error instanceof Error ? error.message : String(error);
}

export function useLiveMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: liveKeys.all });
    },
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(liveErrorMessage(error));
    },
  });
}
