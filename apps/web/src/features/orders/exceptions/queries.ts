// Queries of tab 5's exception actions. The sync-failure list lives under the order list's key
// root, so every order command (and useOrderCommand's invalidation) refreshes it too.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SyncFailSearchInput } from '@openseller/core';
import { orderListKeys } from '../list/queries';
import { orderExceptionsApi } from './api';

export const orderExceptionKeys = {
  syncFails: (filter: SyncFailSearchInput) => [...orderListKeys.all, 'sync-fails', filter] as const,
  syncFailCount: [...orderListKeys.all, 'sync-fail-count'] as const,
};

export const useSyncFails = (filter: SyncFailSearchInput, enabled = true) =>
  useQuery({ queryKey: orderExceptionKeys.syncFails(filter), queryFn: () => orderExceptionsApi.searchSyncFails(filter), placeholderData: keepPreviousData, enabled });
