// What the browser keeps of a sign-in: the tokens and the account (spec 01 §9: local storage
// holds the auth string, refresh token and account).
import type { Account, OAuthToken } from '@openseller/core';

export const STORAGE_KEYS = {
  auth: 'openseller.auth',
  refresh: 'openseller.refresh',
  account: 'openseller.account',
  language: 'openseller.language',
  device: 'openseller.device',
  rememberedUser: 'openseller.rememberedUser',
  hiddenColumns: 'openseller.hiddenColumns',
  reloadGuard: 'openseller.lazyReloaded',
  bannerClosedUntil: 'openseller.bannerClosedUntil',
} as const;

export function accessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.auth);
}

export function refreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refresh);
}

export function storeTokens(token: Pick<OAuthToken, 'access_token' | 'refresh_token'>): void {
  localStorage.setItem(STORAGE_KEYS.auth, token.access_token);
  localStorage.setItem(STORAGE_KEYS.refresh, token.refresh_token);
}

export function clearAuth(): void {
  localStorage.removeItem(STORAGE_KEYS.auth);
  localStorage.removeItem(STORAGE_KEYS.refresh);
  localStorage.removeItem(STORAGE_KEYS.account);
}

export function storeAccount(account: Account): void {
  localStorage.setItem(STORAGE_KEYS.account, JSON.stringify(account));
}

export function storedAccount(): Account | null {
  const raw = localStorage.getItem(STORAGE_KEYS.account);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Account;
  } catch {
    return null;
  }
}

/** A device id kept per browser, and a client id per tab: the two device identifiers. */
export function deviceId(): string {
  let id = localStorage.getItem(STORAGE_KEYS.device);
  if (!id) {
    id = crypto.randomUUID?.() ?? Math.random().toString(36).slice(2) + Date.now().toString(36);
    localStorage.setItem(STORAGE_KEYS.device, id);
  }
  return id;
}

export const tabId = Math.random().toString(36).slice(2) + Date.now().toString(36);

/** A change of the stored auth value in another tab reloads this one (spec 01 §4.1 step 6). */
export function reloadWhenAuthChangesElsewhere(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.auth && event.oldValue !== event.newValue) window.location.reload();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
