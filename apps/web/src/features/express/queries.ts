import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18next } from '../../app/i18n';
import { ApiError, errorMessage } from '../../app/request';
import { toast } from '../../app/toast';
import { expressApi } from './api';

export const expressKeys = {
  all: ['express'] as const,
  mine: () => [...expressKeys.all, 'mine'] as const,
  mineWithNull: () => [...expressKeys.all, 'mine-with-null'] as const,
  catalogue: () => [...expressKeys.all, 'catalogue'] as const,
};

/** The domain's carriers, in their order. The language is part of the key: names are worded by the server. */
export const useUserExpressCompanies = () => useQuery({ queryKey: [...expressKeys.mine(), i18next.language], queryFn: expressApi.userCompanies, staleTime: 60_000 });
export const useUserExpressCompaniesWithNull = () =>
  useQuery({ queryKey: [...expressKeys.mineWithNull(), i18next.language], queryFn: expressApi.userCompaniesWithNull, staleTime: 60_000 });
export const useSystemExpressCompanies = () => useQuery({ queryKey: [...expressKeys.catalogue(), i18next.language], queryFn: expressApi.systemCompanies });

/** A failure in words: the area's noun for ERR_NOT_FOUND, the reason another area gave for "in use". */
export function expressErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_NOT_FOUND' && error.params.what === 'expressCompany') return i18next.t('express:notFound');
  const reason = error.params.reason;
  if (typeof reason === 'string') return errorMessage({ code: error.code, message: error.message, params: { ...error.params, reason: i18next.t(`express:reasons.${reason}`, { defaultValue: reason }) } });
  return errorMessage(error);
}

export function useExpressMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: expressKeys.all }),
    onError: (error) => toast.error(expressErrorMessage(error)),
  });
}
