// What the shell loads after a sign-in (spec 01 §4.1 step 8): account, domain info, extra
// menus, the menu and field lists, the domain configuration and the system configs.
import { createContext, useContext, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SessionCalls, SystemCalls, type Account, type DomainConfigItem, type DomainInfo } from '@openseller/core';
import { accessToken, storeAccount } from './auth-store';
import { queryClient } from './query-client';
import { callApi } from './request';

export interface SessionState {
  account: Account;
  menus: ReadonlySet<string>;
  fields: string[];
  extraMenus: string[];
  domain: DomainInfo | null;
  domainConfig: DomainConfigItem[];
  systemConfigs: DomainConfigItem[];
  isRoot: boolean;
  isMain: boolean;
}

export const sessionQueryKey = ['session'] as const;

export async function loadSession(): Promise<SessionState> {
  const [account, menus, fields, extraMenus, domain, domainConfig, systemConfigs] = await Promise.all([
    callApi(SessionCalls.currentUser),
    callApi(SessionCalls.userMenus),
    callApi(SessionCalls.userFields),
    callApi(SessionCalls.domainExtraMenus),
    callApi(SessionCalls.userDomain),
    callApi(SessionCalls.userDomainConfig),
    callApi(SystemCalls.allConfigs),
  ]);
  storeAccount(account);
  return {
    account,
    menus: new Set(menus.filter((m) => m.enable).map((m) => m.menuName)),
    fields,
    extraMenus,
    domain,
    domainConfig,
    systemConfigs,
    isRoot: account.accountType === 'ROOT_ACCOUNT_TYPE',
    isMain: account.accountType === 'MAIN_ACCOUNT_TYPE',
  };
}

const SessionContext = createContext<SessionState | null>(null);

const SESSION_STALE_MS = 5 * 60_000;

export function useSessionQuery() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: loadSession, enabled: !!accessToken(), staleTime: SESSION_STALE_MS, retry: false });
}

/**
 * Starts loading the session at once (a signed-in route being opened), beside the shell's and the
 * page's code, instead of after them when the shell first renders; the shell's query then finds it.
 */
export function prefetchSession(): void {
  if (!accessToken()) return;
  void queryClient.prefetchQuery({ queryKey: sessionQueryKey, queryFn: loadSession, staleTime: SESSION_STALE_MS, retry: false });
}

export function SessionProvider({ value, children }: { value: SessionState; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in session; only inside the layout, where one is guaranteed. */
export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in layout');
  return session;
}

export function useOptionalSession(): SessionState | null {
  return useContext(SessionContext);
}

export function useReloadSession() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sessionQueryKey });
}
