// Query keys and hooks of the purchasing area; every command refreshes the area's lists and the
// inbound lists (verify makes a notice).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { i18next } from '../../app/i18n';
import { ApiError, errorMessage } from '../../app/request';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { purchaseApi, type PurchaseFilter } from './api';

export const purchaseKeys = {
  all: ['purchasing'] as const,
  list: (filter: PurchaseFilter) => [...purchaseKeys.all, 'list', filter] as const,
  extra: (filter: PurchaseFilter) => [...purchaseKeys.all, 'extra', filter] as const,
  one: (id: number) => [...purchaseKeys.all, 'one', id] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const usePurchaseList = (filter: PurchaseFilter) => useQuery({ queryKey: purchaseKeys.list(filter), queryFn: () => purchaseApi.search(filter), placeholderData: keep });
export const usePurchaseExtra = (filter: PurchaseFilter) => useQuery({ queryKey: purchaseKeys.extra(filter), queryFn: () => purchaseApi.extraInfo(filter), placeholderData: keep });
export const usePurchase = (id: number | null) => useQuery({ queryKey: purchaseKeys.one(id ?? 0), queryFn: () => purchaseApi.get(id!), enabled: id !== null && id > 0 });

/** Whether the account may see (and so set) purchase prices (PURCHASE_PRICE, level-gated). */
export function useSeesPurchasePrice(): boolean {
  return useSession().fields.includes('PURCHASE_PRICE');
}

/** A refusal in words: the area's codes from the purchase pack, the shell's from errors. */
export function purchaseErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_NOT_FOUND' && error.params.what === 'purchaseOrder') return i18next.t('purchase:notFound');
  if (error.code === 'ERR_VERSION_CONFLICT' && error.params.what === 'purchaseOrder') return i18next.t('purchase:changedMeanwhile');
  if (error.code.startsWith('ERR_PURCHASE_')) {
    const params = {
      ...error.params,
      status: i18next.t(`purchase:statuses.${String(error.params.status)}`, { defaultValue: String(error.params.status ?? '') }),
      action: i18next.t(`purchase:actions.${String(error.params.action)}`, { defaultValue: String(error.params.action ?? '') }),
    };
    return i18next.t(`purchase:errors.${error.code}`, { ...params, defaultValue: error.message });
  }
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return errorMessage(error);
}

export function usePurchaseMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: purchaseKeys.all });
      await client.invalidateQueries({ queryKey: ['stock-inbound'] });
    },
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(purchaseErrorMessage(error));
    },
  });
}

/** Puts a refusal next to the field it names ('purchaseDetailDtoList.1.qty' → the second line's quantity). */
export function showPurchaseFieldErrors(form: FormInstance, error: unknown, topFields: readonly string[], linesField = 'purchaseDetailDtoList'): boolean {
  if (!(error instanceof ApiError)) return false;
  const problems = error.fields.length ? error.fields : typeof error.params.field === 'string' ? [{ field: error.params.field, message: purchaseErrorMessage(error) }] : [];
  const named = problems
    .map((p) => ({ name: p.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message: p.message }))
    .filter((p) => (p.name[0] === linesField && p.name.length === 3) || (p.name.length === 1 && topFields.includes(String(p.name[0]))));
  if (!named.length) return false;
  form.setFields(named.map((p) => ({ name: p.name as never, errors: [p.message] })));
  return true;
}
