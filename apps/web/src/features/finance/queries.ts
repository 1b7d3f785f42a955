// Query keys and hooks of the finance area; every command refreshes the area's lists (a payment
// moves payables, a payable moves bills) and the purchase orders (settled quantities).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18next } from '../../app/i18n';
import { ApiError, errorMessage } from '../../app/request';
import { toast } from '../../app/toast';
import { billApi, payableApi, paymentApi, type BillFilter, type PayableFilter, type PaymentFilter } from './api';

export const financeKeys = {
  all: ['finance'] as const,
  bills: (filter: BillFilter) => [...financeKeys.all, 'bills', filter] as const,
  payables: (filter: PayableFilter) => [...financeKeys.all, 'payables', filter] as const,
  payable: (id: number) => [...financeKeys.all, 'payable', id] as const,
  payments: (filter: PaymentFilter) => [...financeKeys.all, 'payments', filter] as const,
  payment: (id: number) => [...financeKeys.all, 'payment', id] as const,
  prepaid: (supplierId: number) => [...financeKeys.all, 'prepaid', supplierId] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const useBills = (filter: BillFilter, enabled = true) => useQuery({ queryKey: financeKeys.bills(filter), queryFn: () => billApi.search(filter), placeholderData: keep, enabled });
export const usePayables = (filter: PayableFilter, enabled = true) => useQuery({ queryKey: financeKeys.payables(filter), queryFn: () => payableApi.search(filter), placeholderData: keep, enabled });
export const usePayable = (id: number | null) => useQuery({ queryKey: financeKeys.payable(id ?? 0), queryFn: () => payableApi.get(id!), enabled: id !== null && id > 0 });
export const usePayments = (filter: PaymentFilter) => useQuery({ queryKey: financeKeys.payments(filter), queryFn: () => paymentApi.search(filter), placeholderData: keep });
export const usePayment = (id: number | null) => useQuery({ queryKey: financeKeys.payment(id ?? 0), queryFn: () => paymentApi.get(id!), enabled: id !== null && id > 0 });
export const usePrepaidBalance = (supplierId: number | undefined) =>
  useQuery({ queryKey: financeKeys.prepaid(supplierId ?? 0), queryFn: () => paymentApi.prepaidBalance(supplierId!), enabled: !!supplierId });

/** A refusal in words: the area's codes from the finance pack, the shell's from errors. */
export function financeErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const what = String(error.params.what ?? '');
  if (error.code === 'ERR_NOT_FOUND' && (what === 'payable' || what === 'payment')) return i18next.t(`finance:notFound.${what}`);
  if (error.code === 'ERR_VERSION_CONFLICT' && (what === 'payable' || what === 'payment')) return i18next.t('finance:changedMeanwhile');
  if (error.code.startsWith('ERR_FINANCE_') || error.code.startsWith('ERR_PAYABLE_') || error.code.startsWith('ERR_PAYMENT_')) {
    const params = {
      ...error.params,
      status: i18next.t(`finance:statuses.${String(error.params.status)}`, { defaultValue: String(error.params.status ?? '') }),
      action: i18next.t(`finance:actions.${String(error.params.action)}`, { defaultValue: String(error.params.action ?? '') }),
    };
    return i18next.t(`finance:errors.${error.code}`, { ...params, defaultValue: error.message });
  }
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return errorMessage(error);
}

export function useFinanceMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: financeKeys.all });
      await client.invalidateQueries({ queryKey: ['purchasing'] });
    },
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(financeErrorMessage(error));
    },
  });
}
