import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformName, type PlatformRow, type StoreSearchInput } from '@openseller/core';
import { currentLanguage } from '../../app/i18n';
import { storesApi } from './api';
import { storesKeys } from './keys';

export { storesKeys };

/** The store list; while a goods sync of a listed store is queued or running it refreshes every 2 s. */
export const useStores = (filter: Partial<StoreSearchInput>) =>
  useQuery({
    queryKey: storesKeys.list(filter),
    queryFn: () => storesApi.search(filter),
    placeholderData: (prev) => prev,
    refetchInterval: (query) => (query.state.data?.voList.some((s) => s.lastSync?.status === 'QUEUED' || s.lastSync?.status === 'RUNNING') ? 2000 : false),
  });

/** Every store of the domain, for pickers. */
export const useStoreOptions = () => useQuery({ queryKey: storesKeys.options(), queryFn: storesApi.findAll, staleTime: 60_000 });

export const useStore = (id: number | null) => useQuery({ queryKey: storesKeys.store(id ?? 0), queryFn: () => storesApi.get(id!), enabled: !!id });

export const usePlatforms = (includeSelfBuild = false) =>
  useQuery({ queryKey: storesKeys.platforms(includeSelfBuild), queryFn: () => storesApi.platforms(includeSelfBuild), staleTime: 10 * 60_000 });

export const useSyncRuns = (storeId: number | null, page = 1) =>
  useQuery({ queryKey: storesKeys.syncRuns(storeId ?? 0, page), queryFn: () => storesApi.syncRuns(storeId!, { currentPage: page, pageSize: 10 }), enabled: !!storeId });

/** A mutation that refreshes every stores query when it succeeds. */
export function useStoresMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: storesKeys.all }) });
}

/** The platform's name in the user's language. */
export function platformLabel(code: string, platforms?: PlatformRow[]): string {
  const language = currentLanguage();
  const found = platforms?.find((p) => p.key === code);
  if (found) return language === 'zh' || language === 'zh_TW' ? found.nameZh : found.nameEn;
  return platformName(code, language);
}
