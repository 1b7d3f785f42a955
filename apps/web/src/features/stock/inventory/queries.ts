// Query keys and hooks of the inventory part; commands refresh every inventory list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import type { AverageCostCalls, CallInput, InventoryCalls } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { inventoryApi } from './api';

export type InventoryFilter = CallInput<typeof InventoryCalls.search>;
export type BalanceFilter = CallInput<typeof InventoryCalls.searchByPage>;
export type LedgerFilter = CallInput<typeof InventoryCalls.ledger>;
export type LogFilter = CallInput<typeof InventoryCalls.inventoryLog>;
export type AverageCostFilter = CallInput<typeof AverageCostCalls.search>;

export const inventoryKeys = {
  all: ['stock-inventory'] as const,
  list: (filter: InventoryFilter) => [...inventoryKeys.all, 'list', filter] as const,
  balances: (filter: BalanceFilter) => [...inventoryKeys.all, 'balances', filter] as const,
  ledger: (filter: LedgerFilter | null) => [...inventoryKeys.all, 'ledger', filter] as const,
  log: (filter: LogFilter) => [...inventoryKeys.all, 'log', filter] as const,
  lots: (id: number) => [...inventoryKeys.all, 'lots', id] as const,
  averageCosts: (filter: AverageCostFilter) => [...inventoryKeys.all, 'average-costs', filter] as const,
  averageCost: (id: number) => [...inventoryKeys.all, 'average-cost', id] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const useInventoryList = (filter: InventoryFilter) => useQuery({ queryKey: inventoryKeys.list(filter), queryFn: () => inventoryApi.search(filter), placeholderData: keep });
export const useBalances = (filter: BalanceFilter, enabled = true) =>
  useQuery({ queryKey: inventoryKeys.balances(filter), queryFn: () => inventoryApi.balances(filter), placeholderData: keep, enabled });
/** One balance's ledger; nothing while no balance is chosen (null). */
export const useLedger = (filter: LedgerFilter | null) =>
  useQuery({ queryKey: inventoryKeys.ledger(filter), queryFn: () => inventoryApi.ledger(filter!), placeholderData: keep, enabled: filter !== null });
export const useInventoryLog = (filter: LogFilter) => useQuery({ queryKey: inventoryKeys.log(filter), queryFn: () => inventoryApi.inventoryLog(filter), placeholderData: keep });
export const useProductDates = (id: number | null) => useQuery({ queryKey: inventoryKeys.lots(id ?? 0), queryFn: () => inventoryApi.productDates(id!), enabled: id !== null });
export const useAverageCosts = (filter: AverageCostFilter) =>
  useQuery({ queryKey: inventoryKeys.averageCosts(filter), queryFn: () => inventoryApi.averageCosts(filter), placeholderData: keep });
export const useAverageCost = (id: number | null) => useQuery({ queryKey: inventoryKeys.averageCost(id ?? 0), queryFn: () => inventoryApi.averageCost(id!), enabled: id !== null });

const NOUNS = ['sku', 'warehouse', 'location', 'balance', 'warning', 'productDate', 'averageCostAdjustment'];

/** A refusal in words: the part's own nouns for "not found" and "changed by someone else". */
export function stockErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const what = error.params.what;
  if (typeof what === 'string' && NOUNS.includes(what)) {
    if (error.code === 'ERR_NOT_FOUND') return i18next.t(`stock:notFound.${what}`);
    if (error.code === 'ERR_VERSION_CONFLICT') return i18next.t('stock:changedMeanwhile', { what: i18next.t(`stock:nouns.${what}`) });
  }
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return errorMessage(error);
}

/** Puts a refusal's field problems next to their fields ('details.1.skuCode' → ['details', 1, 'skuCode']). */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const path = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const values = form.getFieldsValue(true) as Record<string, unknown>;
  // A field of the form: its parent holds a value (a row of a list, or the form itself).
  const inForm = (parts: (string | number)[]) => {
    let node: unknown = values;
    for (const part of parts.slice(0, -1)) {
      if (node === null || typeof node !== 'object') return false;
      node = (node as Record<string | number, unknown>)[part];
    }
    return node !== null && typeof node === 'object' && (parts.length > 1 || String(parts[0]) in (node as object));
  };
  const problems = error.fields.length
    ? error.fields
    : typeof error.params.field === 'string'
      ? [{ field: error.params.field, message: stockErrorMessage(error) }]
      : [];
  const known = problems.map((p) => ({ name: path(p.field), message: p.message })).filter((p) => inForm(p.name));
  if (!known.length) return false;
  form.setFields(known.map((p) => ({ name: p.name as never, errors: [p.message] })));
  return true;
}

/** An inventory command: refreshes the part's lists when it succeeds, shows the refusal when it fails. */
export function useInventoryMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: inventoryKeys.all }),
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(stockErrorMessage(error));
    },
  });
}
