// The request client's rules against a fake server: one refresh on 401 then a retry, tokens
// from data.oauthToken stored, error codes kept, and 504 treated as a timeout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, String(v));
  removeItem = (k: string) => void this.data.delete(k);
  clear = () => this.data.clear();
}

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };
let handler: Handler;
const calls: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  // A fresh client per test: its refresh-in-flight state must not leak between tests.
  vi.resetModules();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('window', { location: { hash: '#/goods' }, addEventListener() {}, removeEventListener() {} });
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const { status, body } = handler(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

// Each test loads the client afresh (with i18n and the core catalogue): seconds on a busy machine.
describe('request client', { timeout: 30_000 }, () => {
  it('sends the bearer token and the device identifiers', async () => {
    const { request } = await import('./request');
    localStorage.setItem('openseller.auth', 'A1');
    handler = () => ({ status: 200, body: { success: true, data: 42 } });
    expect(await request('/cloud/x', { a: 1 })).toBe(42);
    expect(header(calls[0]!.init, 'authorization')).toBe('Bearer A1');
    expect(header(calls[0]!.init, 'x-device-id')).toBeTruthy();
    expect(header(calls[0]!.init, 'x-client-id')).toBeTruthy();
    expect(calls[0]!.init.method).toBe('POST');
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    const { request } = await import('./request');
    localStorage.setItem('openseller.auth', 'OLD');
    localStorage.setItem('openseller.refresh', 'R1');
    handler = (url, init) => {
      if (url.endsWith('/tokenRefresh')) return { status: 200, body: { success: true, data: { oauthToken: { access_token: 'NEW', refresh_token: 'R2' } } } };
      if (header(init, 'authorization') === 'Bearer NEW') return { status: 200, body: { success: true, data: 'ok' } };
      return { status: 401, body: { success: false, errorCode: 'ERR_SECURITY_SESSION_INFO_NOT_EXIST', message: 'no' } };
    };
    expect(await request('/cloud/y')).toBe('ok');
    expect(calls.map((c) => c.url)).toEqual(['/cloud/y', '/cloud/domain/security/tokenRefresh', '/cloud/y']);
    expect(localStorage.getItem('openseller.auth')).toBe('NEW');
    expect(localStorage.getItem('openseller.refresh')).toBe('R2');
  });

  it('goes to sign-in, carrying the page, when the refresh fails', async () => {
    vi.useFakeTimers();
    const { request, ApiError } = await import('./request');
    localStorage.setItem('openseller.auth', 'OLD');
    localStorage.setItem('openseller.refresh', 'R1');
    handler = (url) =>
      url.endsWith('/tokenRefresh')
        ? { status: 401, body: { success: false, errorCode: 'ERR_SECURITY_REFRESH_TOKEN_INVALID', message: 'no' } }
        : { status: 401, body: { success: false, errorCode: 'ERR_SECURITY_SESSION_INFO_NOT_EXIST', message: 'no' } };
    await expect(request('/cloud/z', {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('openseller.auth')).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(window.location.hash).toBe('#/login?from=%2Fgoods');
    // Exactly one refresh was tried.
    expect(calls.filter((c) => c.url.endsWith('/tokenRefresh'))).toHaveLength(1);
  });

  it('stores the tokens of any answer that carries data.oauthToken', async () => {
    const { request } = await import('./request');
    handler = () => ({ status: 200, body: { success: true, data: { oauthToken: { access_token: 'T', refresh_token: 'U' }, userId: 1 } } });
    await request('/cloud/domain/security/login', {});
    expect(localStorage.getItem('openseller.auth')).toBe('T');
  });

  it('keeps the error code, params and field problems of a refusal', async () => {
    const { request } = await import('./request');
    handler = () => ({ status: 400, body: { success: false, errorCode: 'ERR_VALIDATION', message: 'bad', params: { field: 'x' }, fields: [{ field: 'x', message: 'm' }] } });
    await expect(request('/cloud/q', {}, { quiet: true })).rejects.toMatchObject({ code: 'ERR_VALIDATION', status: 400, params: { field: 'x' }, fields: [{ field: 'x', message: 'm' }] });
  });

  it('treats a 504 as a timeout', async () => {
    const { request } = await import('./request');
    vi.stubGlobal('fetch', async () => new Response('gateway', { status: 504 }));
    await expect(request('/cloud/slow', {}, { quiet: true })).rejects.toMatchObject({ code: 'ERR_TIMEOUT' });
  });

  it('words an error whose text has plural forms only, by its count', async () => {
    const { errorMessage } = await import('./request');
    const { default: i18next } = await import('i18next');
    await i18next.init({
      lng: 'en',
      resources: { en: { errors: { ERR_ROLE_IN_USE_one: '{{count}} sub-account uses it', ERR_ROLE_IN_USE_other: '{{count}} sub-accounts use it' } } },
    });
    expect(errorMessage({ code: 'ERR_ROLE_IN_USE', message: 'server text', params: { count: 1 } })).toBe('1 sub-account uses it');
    expect(errorMessage({ code: 'ERR_ROLE_IN_USE', message: 'server text', params: { count: 3 } })).toBe('3 sub-accounts use it');
    expect(errorMessage({ code: 'ERR_UNKNOWN_HERE', message: 'server text' })).toBe('server text');
  });
});
