import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { decoratedWarehouseName, type LocationSearchInput, type WarehouseAssignmentsInput, type WarehouseSearchInput, type WarehouseType } from '@openseller/core';
import { i18next } from '../../app/i18n';
import { ApiError, errorMessage } from '../../app/request';
import { toast } from '../../app/toast';
import { warehousesApi } from './api';

export const warehousesKeys = {
  all: ['warehouses'] as const,
  list: (filter: Partial<WarehouseSearchInput>) => [...warehousesKeys.all, 'list', filter] as const,
  one: (id: number) => [...warehousesKeys.all, 'one', id] as const,
  options: (includeStopped: boolean) => [...warehousesKeys.all, 'options', includeStopped] as const,
  assignments: (filter: Partial<WarehouseAssignmentsInput>) => [...warehousesKeys.all, 'assignments', filter] as const,
  locations: (filter: Partial<LocationSearchInput>) => [...warehousesKeys.all, 'locations', filter] as const,
};

export const useWarehouseList = (filter: Partial<WarehouseSearchInput>) =>
  useQuery({ queryKey: warehousesKeys.list(filter), queryFn: () => warehousesApi.search(filter), placeholderData: (prev) => prev });

export const useWarehouse = (id: number | null) => useQuery({ queryKey: warehousesKeys.one(id ?? 0), queryFn: () => warehousesApi.get(id!), enabled: !!id });

/** The warehouses a select offers (in use only, unless asked). */
export const useWarehouseOptions = (includeStopped = false) =>
  useQuery({ queryKey: warehousesKeys.options(includeStopped), queryFn: () => warehousesApi.listAll(includeStopped), staleTime: 60_000 });

export const useAssignments = (filter: Partial<WarehouseAssignmentsInput>) =>
  useQuery({ queryKey: warehousesKeys.assignments(filter), queryFn: () => warehousesApi.assignments(filter), placeholderData: (prev) => prev });

export const useLocations = (filter: Partial<LocationSearchInput>, enabled = true) =>
  useQuery({ queryKey: warehousesKeys.locations(filter), queryFn: () => warehousesApi.searchLocations(filter), placeholderData: (prev) => prev, enabled });

/** The warehouse name with its type's decoration ([SP box] Main, Main (Qimen)). */
export function warehouseLabel(name: string, type: WarehouseType): string {
  return decoratedWarehouseName(name, type, (tag) => i18next.t(`warehouses:tags.${tag}`));
}

const AREA_NOUNS = ['warehouse', 'location', 'binding'];

/** A failure in words: the area's nouns for ERR_NOT_FOUND and its reasons for "in use". */
export function warehouseErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const what = error.params.what;
  if (error.code === 'ERR_NOT_FOUND' && typeof what === 'string' && AREA_NOUNS.includes(what)) return i18next.t(`warehouses:notFound.${what}`);
  const reason = error.params.reason;
  if (typeof reason === 'string') {
    const params = { ...error.params, reason: i18next.t(`warehouses:reasons.${reason}`, { defaultValue: reason }) };
    return errorMessage({ code: error.code, message: error.message, params });
  }
  return errorMessage(error);
}

/** A warehouses command: refreshes the area's lists when it succeeds, shows the refusal when it fails. */
export function useWarehousesMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: warehousesKeys.all }),
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(warehouseErrorMessage(error));
    },
  });
}
