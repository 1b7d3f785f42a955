// Query keys and hooks of the business rule settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReloadSession } from '../../app/session';
import { settingsApi } from './api';

export const settingsKeys = {
  all: ['settings'] as const,
  domain: () => [...settingsKeys.all, 'domain'] as const,
};

export const useDomainSettings = () => useQuery({ queryKey: settingsKeys.domain(), queryFn: settingsApi.get });

/**
 * Saves a batch. The session's domainConfig is reloaded afterwards so the pages that read it (the
 * order list's 'about to time out' warning) use the new values at once.
 */
export function useSaveDomainSettings() {
  const client = useQueryClient();
  const reloadSession = useReloadSession();
  return useMutation({
    mutationFn: settingsApi.save,
    onSuccess: (result) => {
      client.setQueryData(settingsKeys.domain(), result.items);
      void reloadSession();
    },
  });
}
