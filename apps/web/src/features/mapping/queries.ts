import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18next } from '../../app/i18n';
import { ApiError, errorMessage } from '../../app/request';
import { toast } from '../../app/toast';
import { mappingApi, type TbSkuFilter, type TbSkuScope } from './api';

export const mappingKeys = {
  all: ['mapping'] as const,
  list: (scope: TbSkuScope, filter: TbSkuFilter) => [...mappingKeys.all, 'list', scope, filter] as const,
  stores: () => [...mappingKeys.all, 'stores'] as const,
};

export const useTbSkuList = (scope: TbSkuScope, filter: TbSkuFilter) =>
  useQuery({ queryKey: mappingKeys.list(scope, filter), queryFn: () => mappingApi.search(scope, filter), placeholderData: (prev) => prev });

export const useMappingStores = () => useQuery({ queryKey: mappingKeys.stores(), queryFn: mappingApi.storeOptions, staleTime: 60_000 });

const AREA_NOUNS = ['onlineSku', 'onlineItem'];

/** A failure in words: the area's own nouns for ERR_NOT_FOUND, else the shared wording. */
export function mappingErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const what = error.params.what;
  if (error.code === 'ERR_NOT_FOUND' && typeof what === 'string' && AREA_NOUNS.includes(what)) return i18next.t(`mapping:notFound.${what}`);
  return errorMessage(error);
}

/**
 * A mapping command: refreshes every mapping list and the home counters when it succeeds, and
 * shows the refusal when it fails (unless the caller handles it).
 */
export function useMappingMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: mappingKeys.all });
      void client.invalidateQueries({ queryKey: ['home-page-data'] });
    },
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(mappingErrorMessage(error));
    },
  });
}
