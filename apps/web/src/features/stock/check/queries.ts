import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput, StockCheckCalls } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { stockCheckApi } from './api';

export type StockCheckFilter = CallInput<typeof StockCheckCalls.search>;
export type StockCheckLinesFilter = CallInput<typeof StockCheckCalls.lines>;

export const stockCheckKeys = {
  all: ['stockcheck'] as const,
  list: (filter: StockCheckFilter) => [...stockCheckKeys.all, 'list', filter] as const,
  one: (id: number) => [...stockCheckKeys.all, 'one', id] as const,
  lines: (filter: StockCheckLinesFilter) => [...stockCheckKeys.all, 'lines', filter] as const,
  differences: (id: number, page: number, size: number) => [...stockCheckKeys.all, 'differences', id, page, size] as const,
};

export const useStockCheckList = (filter: StockCheckFilter) =>
  useQuery({ queryKey: stockCheckKeys.list(filter), queryFn: () => stockCheckApi.search(filter), placeholderData: (prev) => prev });

export const useStockCheck = (id: number | null) => useQuery({ queryKey: stockCheckKeys.one(id ?? 0), queryFn: () => stockCheckApi.get(id!), enabled: !!id });

export const useStockCheckLines = (filter: StockCheckLinesFilter) =>
  useQuery({ queryKey: stockCheckKeys.lines(filter), queryFn: () => stockCheckApi.lines(filter), placeholderData: (prev) => prev });

export const useStockCheckDifferences = (id: number, page: number, size: number) =>
  useQuery({ queryKey: stockCheckKeys.differences(id, page, size), queryFn: () => stockCheckApi.differences({ id, currentPage: page, pageSize: size }), placeholderData: (prev) => prev });

const NOUNS = ['stockCheck', 'stockCheckLine', 'warehouse', 'location'];

/** A refusal in words: the area's nouns for "not found" and "changed by someone else". */
export function stockCheckErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const what = error.params.what;
  if (typeof what === 'string' && NOUNS.includes(what) && (error.code === 'ERR_NOT_FOUND' || error.code === 'ERR_VERSION_CONFLICT')) {
    return i18next.t(`stockcheck:${error.code === 'ERR_NOT_FOUND' ? 'notFound' : 'changed'}.${what}`);
  }
  if (error.code === 'ERR_STOCK_CHECK_BELOW_ALLOCATED' || error.code === 'ERR_STOCK_CHECK_OUT_OF_SCOPE') {
    const location = error.params.locationCode ? i18next.t('stockcheck:lines.atLocation', { code: error.params.locationCode }) : '';
    return i18next.t(`stockcheck:errors.${error.code}`, { ...error.params, at: location });
  }
  return errorMessage(error);
}

/** A stock-check command: refreshes the area's queries when it succeeds, shows the refusal when it fails. */
export function useStockCheckMutation<I, O>(fn: (input: I) => Promise<O>, options: { toastErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: stockCheckKeys.all }),
    onError: (error) => {
      if (options.toastErrors !== false) toast.error(stockCheckErrorMessage(error));
    },
  });
}
