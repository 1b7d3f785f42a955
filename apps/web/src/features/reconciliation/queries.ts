// Query keys and hooks of platform reconciliation; every command refreshes the area's lists (a
// bill import or pull reconciles its store, a manual success moves the list's residual).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, ApiError } from '../../app/request';
import { toast } from '../../app/toast';
import { billSummaryApi, platformBillApi, reconciliationApi, type BillLineFilter, type BillSummaryFilter, type ReconciliationFilter } from './api';

export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  list: (filter: ReconciliationFilter) => [...reconciliationKeys.all, 'list', filter] as const,
  bills: (filter: BillLineFilter) => [...reconciliationKeys.all, 'bills', filter] as const,
  summary: (filter: BillSummaryFilter) => [...reconciliationKeys.all, 'summary', filter] as const,
  importTask: (id: number | null) => [...reconciliationKeys.all, 'importTask', id] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const useReconciliations = (filter: ReconciliationFilter) => useQuery({ queryKey: reconciliationKeys.list(filter), queryFn: () => reconciliationApi.search(filter), placeholderData: keep });
export const useBillLines = (filter: BillLineFilter) => useQuery({ queryKey: reconciliationKeys.bills(filter), queryFn: () => platformBillApi.search(filter), placeholderData: keep });
export const useBillSummary = (filter: BillSummaryFilter) => useQuery({ queryKey: reconciliationKeys.summary(filter), queryFn: () => billSummaryApi.calculatedSum(filter), placeholderData: keep });

/** A bill import task, polled every second while it waits or runs. */
export const useBillImportTask = (id: number | null) =>
  useQuery({
    queryKey: reconciliationKeys.importTask(id),
    queryFn: () => platformBillApi.importTask(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && ['QUEUED', 'RUNNING'].includes(query.state.data.status) ? 1000 : false),
  });

/** A refusal in words (the area's codes are under reconciliation:errors.*). */
export const reconciliationErrorMessage = (error: unknown) => (error instanceof ApiError ? errorMessage(error) : error instanceof Error ? error.message : String(error));

export function useReconciliationMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: reconciliationKeys.all }),
    onError: (error) => toast.error(reconciliationErrorMessage(error)),
  });
}
