import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupplierSearchInput, SupplyGoodsSearchInput } from '@openseller/core';
import { i18next } from '../../app/i18n';
import { ApiError, errorMessage } from '../../app/request';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { suppliersApi } from './api';

export const suppliersKeys = {
  all: ['suppliers'] as const,
  list: (filter: Partial<SupplierSearchInput>) => [...suppliersKeys.all, 'list', filter] as const,
  options: (includeDisabled: boolean) => [...suppliersKeys.all, 'options', includeDisabled] as const,
  goods: (filter: Partial<SupplyGoodsSearchInput>) => [...suppliersKeys.all, 'goods', filter] as const,
};

export const useSupplierList = (filter: Partial<SupplierSearchInput>) =>
  useQuery({ queryKey: suppliersKeys.list(filter), queryFn: () => suppliersApi.search(filter), placeholderData: (prev) => prev });

export const useSupplierOptions = (includeDisabled = false) =>
  useQuery({ queryKey: suppliersKeys.options(includeDisabled), queryFn: () => suppliersApi.listAll(includeDisabled), staleTime: 60_000 });

export const useSupplyGoods = (filter: Partial<SupplyGoodsSearchInput>) =>
  useQuery({ queryKey: suppliersKeys.goods(filter), queryFn: () => suppliersApi.searchGoods(filter), placeholderData: (prev) => prev });

/** Whether the account may see (and so set) purchase prices (PURCHASE_PRICE, level-gated). */
export function useSeesPurchasePrice(): boolean {
  return useSession().fields.includes('PURCHASE_PRICE');
}

const AREA_NOUNS = ['supplier', 'supplyGoods'];

export function supplierErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const what = error.params.what;
  if (error.code === 'ERR_NOT_FOUND' && typeof what === 'string' && AREA_NOUNS.includes(what)) return i18next.t(`suppliers:notFound.${what}`);
  const reason = error.params.reason;
  if (typeof reason === 'string') return errorMessage({ code: error.code, message: error.message, params: { ...error.params, reason: i18next.t(`suppliers:reasons.${reason}`, { defaultValue: reason }) } });
  return errorMessage(error);
}

export function useSuppliersMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: suppliersKeys.all }),
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(supplierErrorMessage(error));
    },
  });
}
