// Query keys and hooks of the express rules, stop-shipping templates and the region tree.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpressRuleType } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';
import { addressApi, expressRulesApi, stopTemplatesApi, type StopTemplateFilter } from './api';

export const expressRuleKeys = {
  all: ['express-rules'] as const,
  list: (type: ExpressRuleType) => [...expressRuleKeys.all, 'list', type] as const,
  priority: () => [...expressRuleKeys.all, 'priority'] as const,
  stops: (filter: StopTemplateFilter) => [...expressRuleKeys.all, 'stops', filter] as const,
  stop: (id: number) => [...expressRuleKeys.all, 'stop', id] as const,
  tree: ['address-tree'] as const,
};

const keep = <T,>(previous: T | undefined) => previous;

export const useRuleList = (type: ExpressRuleType) => useQuery({ queryKey: expressRuleKeys.list(type), queryFn: () => expressRulesApi.list(type) });
export const useRulePriority = () => useQuery({ queryKey: expressRuleKeys.priority(), queryFn: expressRulesApi.priority });
export const useStopTemplates = (filter: StopTemplateFilter) =>
  useQuery({ queryKey: expressRuleKeys.stops(filter), queryFn: () => stopTemplatesApi.search(filter), placeholderData: keep });
export const useStopTemplate = (id: number | null) => useQuery({ queryKey: expressRuleKeys.stop(id ?? 0), queryFn: () => stopTemplatesApi.get(id!), enabled: !!id });
export const useRegionTree = () => useQuery({ queryKey: expressRuleKeys.tree, queryFn: addressApi.tree, staleTime: Infinity });

/** A refusal in words: the area's nouns for not-found and version conflicts. */
export function expressRuleErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const what = error.params.what;
  if (typeof what === 'string' && (error.code === 'ERR_NOT_FOUND' || error.code === 'ERR_VERSION_CONFLICT'))
    return i18next.t(`expressrules:${error.code === 'ERR_NOT_FOUND' ? 'notFound' : 'changedMeanwhile'}`, { what: i18next.t(`expressrules:nouns.${what}`, { defaultValue: what }) });
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return errorMessage(error);
}

/** A change: refreshes the area's queries when it succeeds. */
export function useExpressRuleMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: expressRuleKeys.all }) });
}
