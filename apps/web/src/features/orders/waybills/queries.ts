// Query keys and hooks of the waybill accounts, paper counters and the sandbox carrier.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';
import { sandboxCarrierApi, waybillAccountsApi, waybillNumbersApi, waybillSharesApi, type WaybillAccountFilter } from './api';

export const waybillKeys = {
  all: ['waybills'] as const,
  accounts: (filter: WaybillAccountFilter) => [...waybillKeys.all, 'accounts', filter] as const,
  lastNo: (code: string) => [...waybillKeys.all, 'last-no', code] as const,
  sandbox: () => [...waybillKeys.all, 'sandbox'] as const,
  shares: () => [...waybillKeys.all, 'shares'] as const,
  shareLog: (id: number, page: number, size: number) => [...waybillKeys.all, 'share-log', id, page, size] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const useWaybillAccounts = (filter: WaybillAccountFilter) =>
  useQuery({ queryKey: waybillKeys.accounts(filter), queryFn: () => waybillAccountsApi.search(filter), placeholderData: keep });
export const useLastExpressNo = (code: string | undefined) =>
  useQuery({ queryKey: waybillKeys.lastNo(code ?? ''), queryFn: () => waybillNumbersApi.lastNo(code!), enabled: !!code });
export const useWaybillShares = () => useQuery({ queryKey: waybillKeys.shares(), queryFn: waybillSharesApi.list });
export const useWaybillShareLog = (id: number | null, page: number, size: number) =>
  useQuery({ queryKey: waybillKeys.shareLog(id ?? 0, page, size), queryFn: () => waybillSharesApi.log(id!, page, size), enabled: !!id, placeholderData: keep });
export const useSandboxCarrier = () => useQuery({ queryKey: waybillKeys.sandbox(), queryFn: sandboxCarrierApi.view });

/** A change: refreshes the area's queries (and the orders, whose numbers may have changed). */
export function useWaybillMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: waybillKeys.all });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** A refusal in words. */
export function waybillErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  if (error.code === 'ERR_WAYBILL_FIELD_REQUIRED' && typeof error.params.field === 'string')
    return i18next.t('waybills:errors.ERR_WAYBILL_FIELD_REQUIRED', { field: i18next.t(`waybills:fields.${error.params.field}`) });
  return errorMessage(error);
}
