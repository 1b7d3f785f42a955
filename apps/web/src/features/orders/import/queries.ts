import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderImportTemplateCreate, OrderImportTemplateUpdate } from '@openseller/core';
import { orderImportApi } from './api';

export const orderImportKeys = {
  all: ['orderimport'] as const,
  templates: () => [...orderImportKeys.all, 'templates'] as const,
  template: (id: number) => [...orderImportKeys.all, 'template', id] as const,
  defaults: () => [...orderImportKeys.all, 'defaults'] as const,
};

/** Every template of the domain (a seller keeps a handful). */
export const useImportTemplates = (enabled = true) =>
  useQuery({ queryKey: orderImportKeys.templates(), queryFn: () => orderImportApi.searchTemplates({ currentPage: 1, pageSize: 1000 }), enabled });

export const useImportTemplate = (id: number | null) =>
  useQuery({ queryKey: orderImportKeys.template(id ?? 0), queryFn: () => orderImportApi.getTemplate(id!), enabled: id != null });

export const useDefaultFields = () => useQuery({ queryKey: orderImportKeys.defaults(), queryFn: orderImportApi.defaultFields, staleTime: Infinity });

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderImportTemplateCreate | OrderImportTemplateUpdate) =>
      'id' in input ? orderImportApi.updateTemplate(input) : orderImportApi.createTemplate(input),
    onSuccess: () => void client.invalidateQueries({ queryKey: orderImportKeys.all }),
  });
}

export function useRemoveTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: orderImportApi.removeTemplate, onSuccess: () => void client.invalidateQueries({ queryKey: orderImportKeys.all }) });
}
