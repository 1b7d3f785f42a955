import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@openseller/core';
import { ExpressReconciliationCalls, FreightTemplateCalls } from '@openseller/core';
import { errorMessage, ApiError } from '../../app/request';
import { toast } from '../../app/toast';
import { freightApi } from './api';

export const freightKeys = {
  all: ['freight'] as const,
  templates: (input: object) => [...freightKeys.all, 'templates', input] as const,
  billTemplates: () => [...freightKeys.all, 'bill-templates'] as const,
  billLines: (input: object) => [...freightKeys.all, 'bill-lines', input] as const,
  summary: (month?: string) => [...freightKeys.all, 'summary', month ?? ''] as const,
  whExpress: () => [...freightKeys.all, 'wh-express'] as const,
};

export const useFreightTemplates = (input: CallInput<typeof FreightTemplateCalls.search>) => useQuery({ queryKey: freightKeys.templates(input), queryFn: () => freightApi.searchTemplates(input) });
export const useBillTemplates = () => useQuery({ queryKey: freightKeys.billTemplates(), queryFn: () => freightApi.searchBillTemplates({ pageSize: 100 }) });
export const useBillLines = (input: CallInput<typeof ExpressReconciliationCalls.billLines>) => useQuery({ queryKey: freightKeys.billLines(input), queryFn: () => freightApi.billLines(input) });
export const useBillSummary = (month?: string) => useQuery({ queryKey: freightKeys.summary(month), queryFn: () => freightApi.billSummary(month) });
export const useWhExpress = () => useQuery({ queryKey: freightKeys.whExpress(), queryFn: freightApi.whExpress });

export function freightErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error);
  return error instanceof Error ? error.message : String(error);
}

/** A change: the area's lists are read again; a failure is said in words. */
export function useFreightMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: freightKeys.all }),
    onError: (error) => toast.error(freightErrorMessage(error)),
  });
}

/** Fen as yuan text with two decimals, without floats. */
export const yuanOfFen = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
