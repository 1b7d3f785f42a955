// Query keys and hooks of the outbound part (outbound orders, sales outbound) and the wording of
// its refusals, shared with the transfer pages. Commands refresh every outbound list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import type { CallInput, OutboundCalls } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { outboundApi } from './api';

export type WdoFilter = CallInput<typeof OutboundCalls.search>;
export type SalesOutboundFilter = CallInput<typeof OutboundCalls.salesOutbound>;

export const outboundKeys = {
  all: ['stock-outbound'] as const,
  list: (filter: WdoFilter) => [...outboundKeys.all, 'list', filter] as const,
  one: (id: number) => [...outboundKeys.all, 'one', id] as const,
  sales: (filter: SalesOutboundFilter) => [...outboundKeys.all, 'sales', filter] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const useWdoList = (filter: WdoFilter) => useQuery({ queryKey: outboundKeys.list(filter), queryFn: () => outboundApi.search(filter), placeholderData: keep });
export const useWdo = (id: number | null) => useQuery({ queryKey: outboundKeys.one(id ?? 0), queryFn: () => outboundApi.get(id!), enabled: !!id });
export const useSalesOutbound = (filter: SalesOutboundFilter) =>
  useQuery({ queryKey: outboundKeys.sales(filter), queryFn: () => outboundApi.salesOutbound(filter), placeholderData: keep });

const NOUNS = ['wdo', 'wdoDetail', 'transfer', 'transferDetail'];

/** A refusal in words: the part's nouns, statuses and actions inside its messages. */
export function outboundErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const what = error.params.what;
  if (typeof what === 'string' && NOUNS.includes(what)) {
    if (error.code === 'ERR_NOT_FOUND') return i18next.t(`outbound:notFound.${what}`);
    if (error.code === 'ERR_VERSION_CONFLICT') return i18next.t('outbound:changedMeanwhile', { what: i18next.t(`outbound:nouns.${what}`) });
  }
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${fieldLabel(f.field)}: ${f.message}`).join('; ');
  const params = { ...error.params };
  if (error.code === 'ERR_WDO_STATUS') {
    params.status = i18next.t(`outbound:status.${String(params.status)}`);
    params.action = i18next.t(`outbound:actionVerbs.${String(params.action)}`);
  }
  if (error.code === 'ERR_TRANSFER_STATUS') {
    params.status = i18next.t(`outbound:transfer.status.${String(params.status)}`);
    params.action = i18next.t(`outbound:transfer.actionVerbs.${String(params.action)}`);
  }
  return errorMessage({ code: error.code, message: error.message, params });
}

/** 'wdoDetails.1.qty' → 'Line 2: Quantity'. */
function fieldLabel(field: string): string {
  const parts = field.split('.');
  const name = parts[parts.length - 1]!;
  const label = i18next.t(`outbound:fields.${name}`, { defaultValue: name });
  const line = parts.find((p) => /^\d+$/.test(p));
  return line !== undefined ? i18next.t('outbound:lineField', { line: Number(line) + 1, field: label }) : label;
}

/**
 * Puts a refusal's field problems next to their fields ('wdoDetails.1.qty' → ['wdoDetails', 1,
 * 'qty']) when the form has them; answers false otherwise, so the caller shows it another way.
 */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const path = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const values = form.getFieldsValue(true) as Record<string, unknown>;
  const inForm = (parts: (string | number)[]) => {
    let node: unknown = values;
    for (const part of parts.slice(0, -1)) {
      if (node === null || typeof node !== 'object') return false;
      node = (node as Record<string | number, unknown>)[part];
    }
    return node !== null && typeof node === 'object' && (parts.length > 1 || String(parts[0]) in (node as object));
  };
  const problems = error.fields.length ? error.fields : typeof error.params.field === 'string' ? [{ field: error.params.field, message: outboundErrorMessage(error) }] : [];
  const known = problems.map((p) => ({ name: path(p.field), message: p.message })).filter((p) => inForm(p.name));
  if (!known.length) return false;
  form.setFields(known.map((p) => ({ name: p.name as never, errors: [p.message] })));
  return true;
}

/** An outbound command: refreshes the part's lists when it succeeds, shows the refusal when it fails. */
export function useOutboundMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: outboundKeys.all }),
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(outboundErrorMessage(error));
    },
  });
}
