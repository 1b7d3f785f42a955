// Query keys and hooks of the inbound part; every command refreshes the part's lists, the sandbox
// console and the stock lists (a receipt moves stock).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import type { CallInput, InboundCalls } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { inboundApi, sandboxWmsApi } from './api';

export type AsnFilter = CallInput<typeof InboundCalls.search>;

export const inboundKeys = {
  all: ['stock-inbound'] as const,
  list: (filter: AsnFilter) => [...inboundKeys.all, 'list', filter] as const,
  one: (id: number) => [...inboundKeys.all, 'one', id] as const,
  statuses: () => [...inboundKeys.all, 'statuses'] as const,
  suppliers: () => [...inboundKeys.all, 'suppliers'] as const,
  sandboxWarehouses: () => [...inboundKeys.all, 'sandbox-warehouses'] as const,
  sandbox: (warehouseId: number) => [...inboundKeys.all, 'sandbox', warehouseId] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const useAsnList = (filter: AsnFilter) => useQuery({ queryKey: inboundKeys.list(filter), queryFn: () => inboundApi.search(filter), placeholderData: keep });
export const useAsn = (id: number | null) => useQuery({ queryKey: inboundKeys.one(id ?? 0), queryFn: () => inboundApi.get(id!), enabled: id !== null && id > 0 });
export const useAsnStatuses = () => useQuery({ queryKey: inboundKeys.statuses(), queryFn: inboundApi.statusList });
export const useAsnSupplierOptions = () => useQuery({ queryKey: inboundKeys.suppliers(), queryFn: inboundApi.supplierOptions, staleTime: 60_000 });
export const useSandboxWarehouses = () => useQuery({ queryKey: inboundKeys.sandboxWarehouses(), queryFn: sandboxWmsApi.warehouses });
export const useSandboxView = (warehouseId: number | null) =>
  useQuery({ queryKey: inboundKeys.sandbox(warehouseId ?? 0), queryFn: () => sandboxWmsApi.view(warehouseId!), enabled: !!warehouseId, refetchInterval: 5_000 });

/** Whether the account may see (and so set) purchase prices. */
export function useSeesPrices(): boolean {
  return useSession().fields.includes('PURCHASE_PRICE');
}

/** A refusal in words: this part's codes from the inbound pack, the shell's from errors. */
export function inboundErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_NOT_FOUND' && error.params.what === 'asn') return i18next.t('inbound:notFound');
  if (error.code === 'ERR_VERSION_CONFLICT' && error.params.what === 'asn') return i18next.t('inbound:changedMeanwhile');
  if (error.code === 'ERR_INBOUND_WRONG_STATUS') {
    const params = {
      ...error.params,
      status: i18next.t(`inbound:statuses.${String(error.params.status)}`, { defaultValue: String(error.params.status) }),
      action: i18next.t(`inbound:actions.${String(error.params.action)}`, { defaultValue: String(error.params.action) }),
    };
    return i18next.t(error.params.sending ? 'inbound:errors.sending' : 'inbound:errors.ERR_INBOUND_WRONG_STATUS', params);
  }
  if (error.code === 'ERR_INBOUND_HAS_RECEIPTS' || error.code === 'ERR_INBOUND_MAY_BE_IN_WAREHOUSE') {
    return i18next.t(`inbound:errors.${error.code}`, { ...error.params, action: i18next.t(`inbound:actions.${String(error.params.action)}`) });
  }
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return errorMessage(error);
}

export function useInboundMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: inboundKeys.all });
      await client.invalidateQueries({ queryKey: ['stock-inventory'] });
    },
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(inboundErrorMessage(error));
    },
  });
}

/** Puts a refusal next to the field it names ('asnDetails.1.qty' → the second line's quantity); false when none of the form's. */
export function showAsnFieldErrors(form: FormInstance, error: unknown, topFields: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  const problems = error.fields.length ? error.fields : typeof error.params.field === 'string' ? [{ field: error.params.field, message: inboundErrorMessage(error) }] : [];
  const named = problems
    .map((p) => ({ name: p.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message: p.message }))
    .filter((p) => (p.name[0] === 'asnDetails' && p.name.length === 3) || (p.name.length === 1 && topFields.includes(String(p.name[0]))));
  if (!named.length) return false;
  form.setFields(named.map((p) => ({ name: p.name as never, errors: [p.message] })));
  return true;
}
