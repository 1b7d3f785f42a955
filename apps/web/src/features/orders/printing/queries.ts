// Query keys and hooks of print templates and the print log.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';
import { printApi, printTemplatesApi, type PrintLogFilter, type PrintTemplateFilter } from './api';

export const printKeys = {
  all: ['printing'] as const,
  templates: (filter: PrintTemplateFilter) => [...printKeys.all, 'templates', filter] as const,
  log: (filter: PrintLogFilter) => [...printKeys.all, 'log', filter] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const usePrintTemplates = (filter: PrintTemplateFilter, enabled = true) =>
  useQuery({ queryKey: printKeys.templates(filter), queryFn: () => printTemplatesApi.search(filter), placeholderData: keep, enabled });
export const usePrintLog = (filter: PrintLogFilter) => useQuery({ queryKey: printKeys.log(filter), queryFn: () => printApi.searchLog(filter), placeholderData: keep });

export function usePrintMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => void client.invalidateQueries({ queryKey: printKeys.all }) });
}

/** A refusal in words. */
export function printErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  if (i18next.exists(`printing:errors.${error.code}`)) {
    const element = typeof error.params.element === 'string' ? i18next.t(`printing:fields.${error.params.element}`) : '';
    return i18next.t(`printing:errors.${error.code}`, { ...error.params, element });
  }
  return errorMessage(error);
}
