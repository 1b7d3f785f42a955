// The request client (spec 01 §4.1, §7, §8): POST JSON by default, the bearer token and two
// device identifiers on every call, one token refresh on 401 then a retry, data.oauthToken
// replacing the stored token, a timeout message for 8 s, and the error catalogue's reactions.
import { AuthCalls, CAPTCHA_REFRESH_CODES, ErrorCodes, SILENT_ERROR_CODES, type CallAnswer, type CallDef, type CallInput, type ErrorEnvelope, type FieldProblem, type OAuthToken } from '@openseller/core';
import { accessToken, clearAuth, deviceId, refreshToken, storeTokens, tabId } from './auth-store';
import { currentLanguage, i18next, NAMESPACES } from './i18n';
import { serverMessageText, toast } from './toast';

/** The spec's request timeout setting: 300 seconds. */
export const REQUEST_TIMEOUT_MS = 300_000;
const TIMEOUT_TOAST_SECONDS = 8;

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly params: Record<string, string | number> = {},
    readonly fields: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Whether the login form should show a fresh image captcha (spec 01 §8). */
  get refreshesCaptcha(): boolean {
    return CAPTCHA_REFRESH_CODES.includes(this.code);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Do not toast a failure; the caller shows it (forms, the login page). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Internal: this call is the retry after a token refresh. */
  retried?: boolean;
}

/** The message a person reads for an error: our own wording of the code when we have one. */
export function errorMessage(error: { code: string; message: string; params?: Record<string, string | number> }): string {
  // Shell codes live in the errors namespace; an area's own codes under errors.* of its namespace.
  // The params go to exists() too: a text with plural forms only (X_one, X_other) exists for a count.
  const params = { ...(error.params ?? {}) } as Record<string, unknown>;
  const key = [`errors:${error.code}`, ...NAMESPACES.map((ns) => `${ns}:errors.${error.code}`)].find((k) => i18next.exists(k, params));
  if (key) {
    if (error.code === ErrorCodes.PASSWORD_POLICY && params.rule) return i18next.t(`auth:passwordRules.${String(params.rule)}`);
    if (typeof params.what === 'string') params.what = i18next.t(`errors:things.${params.what}`, { defaultValue: params.what });
    return i18next.t(key, params);
  }
  return error.message;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; a tab that finds another tab already refreshed just uses the new token. */
function refreshOnce(usedAccessToken: string | null): Promise<boolean> {
  if (accessToken() && accessToken() !== usedAccessToken) return Promise.resolve(true);
  if (!refreshing) {
    const token = refreshToken();
    refreshing = (async () => {
      if (!token) return false;
      try {
        const response = await fetch(AuthCalls.tokenRefresh.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-device-id': deviceId(), 'x-client-id': tabId },
          body: JSON.stringify({ refreshToken: token }),
        });
        const body = (await response.json()) as { success: boolean; data?: { oauthToken: OAuthToken } };
        if (body.success && body.data?.oauthToken) {
          storeTokens(body.data.oauthToken);
          return true;
        }
        // Another tab may have rotated the pair meanwhile.
        return !!accessToken() && accessToken() !== usedAccessToken;
      } catch {
        return false;
      } finally {
        setTimeout(() => {
          refreshing = null;
        }, 0);
      }
    })();
  }
  return refreshing;
}

let leaving = false;
function goToLoginSoon(): void {
  if (leaving) return;
  leaving = true;
  clearAuth();
  const here = window.location.hash.replace(/^#/, '') || '/';
  setTimeout(() => {
    leaving = false;
    if (!here.startsWith('/login')) window.location.hash = `#/login?from=${encodeURIComponent(here)}`;
  }, 1000);
}

function goHomeSoon(): void {
  setTimeout(() => {
    if (window.location.hash !== '#/') window.location.hash = '#/';
  }, 1000);
}

export async function request<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const token = accessToken();
  const headers: Record<string, string> = {
    'accept-language': currentLanguage(),
    'x-device-id': deviceId(),
    'x-client-id': tabId,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body (file uploads) goes as multipart; the browser writes its content type.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (method === 'POST' && !isForm) headers['content-type'] = 'application/json';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      signal: controller.signal,
      ...(method === 'POST' ? { body: isForm ? (body as FormData) : JSON.stringify(body ?? {}) } : {}),
    });
  } catch (error) {
    clearTimeout(timer);
    if (options.signal?.aborted) throw error;
    const timedOut = controller.signal.aborted;
    const text = i18next.t(timedOut ? 'common:errors.timeout' : 'common:errors.network');
    if (!options.quiet) toast.error(text, TIMEOUT_TOAST_SECONDS);
    throw new ApiError(timedOut ? 'ERR_TIMEOUT' : 'ERR_NETWORK', text, 0);
  }
  clearTimeout(timer);

  if (response.status === 504) {
    const text = i18next.t('common:errors.timeout');
    if (!options.quiet) toast.error(text, TIMEOUT_TOAST_SECONDS);
    throw new ApiError('ERR_TIMEOUT', text, 504);
  }

  let envelope: { success: boolean; data?: unknown } & Partial<ErrorEnvelope>;
  try {
    envelope = await response.json();
  } catch {
    const text = i18next.t('common:errors.badResponse', { status: response.status });
    if (!options.quiet) toast.error(text);
    throw new ApiError('ERR_BAD_RESPONSE', text, response.status);
  }

  if (envelope.success) {
    const data = envelope.data as { oauthToken?: OAuthToken } | null | undefined;
    if (data && typeof data === 'object' && data.oauthToken?.access_token) storeTokens(data.oauthToken);
    return envelope.data as T;
  }

  const code = envelope.errorCode ?? 'ERR_UNKNOWN';
  if (code === ErrorCodes.SESSION_INFO_NOT_EXIST || (response.status === 401 && path !== AuthCalls.tokenRefresh.path && token)) {
    if (!options.retried && refreshToken() && (await refreshOnce(token))) {
      return request<T>(path, body, { ...options, retried: true });
    }
    goToLoginSoon();
    throw new ApiError(code, errorMessage({ code, message: envelope.message ?? '' }), response.status);
  }

  // The envelope's message is HTML with the data it quotes escaped (spec 01 §8); the error carries
  // it as text for the places that show text, and the toast renders the sanitised HTML.
  const error = new ApiError(code, serverMessageText(envelope.message ?? code), response.status, envelope.params ?? {}, envelope.fields ?? []);
  if (code === ErrorCodes.NO_PERMISSION) {
    if (!options.quiet) toast.error(errorMessage(error));
    goHomeSoon();
    throw error;
  }
  if (!options.quiet && !SILENT_ERROR_CODES.includes(code)) {
    const text = errorMessage(error);
    if (text !== error.message) toast.error(text);
    else toast.serverError(envelope.message ?? code);
  }
  throw error;
}

export const get = <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) => request<T>(path, undefined, { ...options, method: 'GET' });

/** A query string of a GET call's input: arrays repeat their key, null and undefined are left out. */
export function queryString(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

type CallArgs<C extends CallDef> = CallInput<C> extends void ? [input?: undefined, options?: RequestOptions] : [input: CallInput<C>, options?: RequestOptions];

/**
 * Calls one call of the route catalogue (packages/core/src/api): its path and method, its input
 * as its contract takes it, its answer typed by its answer schema.
 */
export function callApi<C extends CallDef>(call: C, ...[input, options = {}]: CallArgs<C>): Promise<CallAnswer<C>> {
  if (call.method === 'GET') return request<CallAnswer<C>>(call.path + queryString(input), undefined, { ...options, method: 'GET' });
  const inQuery = call.inputFrom === 'query';
  return request<CallAnswer<C>>(inQuery ? call.path + queryString(input) : call.path, inQuery ? {} : input, { ...options, method: 'POST' });
}

/** Calls a multipart call of the catalogue (a file with its text fields) with the form given. */
export function callForm<C extends CallDef>(call: C, form: FormData, options: RequestOptions = {}): Promise<CallAnswer<C>> {
  if (!call.multipart) throw new Error(`${call.path} is not a multipart call`);
  return request<CallAnswer<C>>(call.path, form, { ...options, method: 'POST' });
}

