// The stores' query keys, apart from their calls: the shell's store-expiry notice uses them
// without loading the stores area's call client (features/stores/api.ts).
import type { StoreSearchInput } from '@openseller/core';

export const storesKeys = {
  all: ['stores'] as const,
  list: (filter: Partial<StoreSearchInput>) => [...storesKeys.all, 'list', filter] as const,
  options: () => [...storesKeys.all, 'options'] as const,
  store: (id: number) => [...storesKeys.all, 'store', id] as const,
  platforms: (includeSelfBuild: boolean) => ['stores-platforms', includeSelfBuild] as const,
  syncRuns: (storeId: number, page: number) => [...storesKeys.all, 'sync-runs', storeId, page] as const,
  expiringCount: () => [...storesKeys.all, 'expiring-count'] as const,
  sandbox: (storeId: number) => [...storesKeys.all, 'sandbox', storeId] as const,
  sandboxList: (storeId: number, kind: string, page: number, extra?: unknown) => [...storesKeys.all, 'sandbox', storeId, kind, page, extra] as const,
};
