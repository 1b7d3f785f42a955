// Query keys and hooks of purchase returns; every command refreshes the purchasing lists (an
// order's detail shows its returns and returned counts) and the outbound lists (verify makes one).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18next } from '../../app/i18n';
import { ApiError, errorMessage } from '../../app/request';
import { toast } from '../../app/toast';
import { purchaseReturnApi, type PurchaseReturnAsnFilter, type PurchaseReturnFilter } from './return-api';
import { purchaseKeys } from './queries';

export const purchaseReturnKeys = {
  all: [...purchaseKeys.all, 'returns'] as const,
  list: (filter: PurchaseReturnFilter) => [...purchaseReturnKeys.all, 'list', filter] as const,
  extra: (filter: PurchaseReturnFilter) => [...purchaseReturnKeys.all, 'extra', filter] as const,
  one: (id: number) => [...purchaseReturnKeys.all, 'one', id] as const,
  asn: (filter: PurchaseReturnAsnFilter) => [...purchaseReturnKeys.all, 'asn', filter] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const usePurchaseReturnList = (filter: PurchaseReturnFilter, enabled = true) =>
  useQuery({ queryKey: purchaseReturnKeys.list(filter), queryFn: () => purchaseReturnApi.search(filter), placeholderData: keep, enabled });
export const usePurchaseReturnExtra = (filter: PurchaseReturnFilter) => useQuery({ queryKey: purchaseReturnKeys.extra(filter), queryFn: () => purchaseReturnApi.extraInfo(filter), placeholderData: keep });
export const usePurchaseReturn = (id: number | null) => useQuery({ queryKey: purchaseReturnKeys.one(id ?? 0), queryFn: () => purchaseReturnApi.get(id!), enabled: id !== null && id > 0 });
export const useReturnableAsnLines = (filter: PurchaseReturnAsnFilter | null) =>
  useQuery({ queryKey: purchaseReturnKeys.asn(filter ?? { supplierId: 0 }), queryFn: () => purchaseReturnApi.asnSearch(filter!), enabled: !!filter, placeholderData: keep });

/** A refusal in words: the returns' codes from the purchasereturn pack, the shell's from errors. */
export function purchaseReturnErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_NOT_FOUND' && error.params.what === 'purchaseReturn') return i18next.t('purchasereturn:notFound');
  if (error.code === 'ERR_VERSION_CONFLICT' && error.params.what === 'purchaseReturn') return i18next.t('purchasereturn:changedMeanwhile');
  if (error.code.startsWith('ERR_PURCHASE_RETURN_')) {
    const params = {
      ...error.params,
      status: i18next.t(`purchasereturn:statuses.${String(error.params.status)}`, { defaultValue: String(error.params.status ?? '') }),
      action: i18next.t(`purchasereturn:actions.${String(error.params.action)}`, { defaultValue: String(error.params.action ?? '') }),
    };
    return i18next.t(`purchasereturn:errors.${error.code}`, { ...params, defaultValue: error.message });
  }
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return errorMessage(error);
}

export function usePurchaseReturnMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: purchaseKeys.all });
      await client.invalidateQueries({ queryKey: ['stock-outbound'] });
    },
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(purchaseReturnErrorMessage(error));
    },
  });
}
