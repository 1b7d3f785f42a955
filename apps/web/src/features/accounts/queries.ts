import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsApi, type LoginLogFilter, type SubUserFilter } from './api';

export const accountsKeys = {
  all: ['accounts'] as const,
  subUsers: (filter: SubUserFilter) => [...accountsKeys.all, 'sub-users', filter] as const,
  subUser: (id: number) => [...accountsKeys.all, 'sub-user', id] as const,
  roles: () => [...accountsKeys.all, 'roles'] as const,
  grantable: () => [...accountsKeys.all, 'grantable'] as const,
  loginLog: (filter: LoginLogFilter) => [...accountsKeys.all, 'login-log', filter] as const,
};

export const useSubUsers = (filter: SubUserFilter) =>
  useQuery({ queryKey: accountsKeys.subUsers(filter), queryFn: () => accountsApi.searchSubUsers(filter), placeholderData: (prev) => prev });

export const useSubUser = (id: number | null) =>
  useQuery({ queryKey: accountsKeys.subUser(id ?? 0), queryFn: () => accountsApi.getSubUser(id!), enabled: !!id });

export const useRoles = () => useQuery({ queryKey: accountsKeys.roles(), queryFn: accountsApi.listRoles });

export const useGrantable = () =>
  useQuery({
    queryKey: accountsKeys.grantable(),
    queryFn: async () => ({ groups: await accountsApi.grantableMenus(), fields: await accountsApi.grantableFields() }),
    staleTime: 60_000,
  });

export const useLoginLog = (filter: LoginLogFilter) =>
  useQuery({ queryKey: accountsKeys.loginLog(filter), queryFn: () => accountsApi.searchLoginLog(filter), placeholderData: (prev) => prev });

/** A mutation that refreshes every accounts list when it succeeds. */
export function useAccountsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: accountsKeys.all }) });
}
