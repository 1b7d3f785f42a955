// The Cainiao LINK client (shared/CONNECTORS.md §9): POST application/x-www-form-urlencoded to
// the gateway's /gateway/link.do with msg_type (the API), logistic_provider_id (the caller's
// resource code at Cainiao), logistics_interface (the payload, here JSON text) and
// data_digest = Base64(raw MD5 bytes of logistics_interface + appSecret), UTF-8 [S].
// The answer envelope is not published where we could read it [U]: this client reads a JSON
// object with `success` (true/"true") and, on a refusal, `errorCode` / `errorMsg`; a refusal of
// the data_digest or of the provider is NO_APP_CREDENTIALS, anything unreadable PLATFORM_ERROR.
import { createHash } from 'node:crypto';
import { ConnectorError, DEFAULT_CALL_TIMEOUT_MS, withDeadline } from '../../marketplace/connector.js';

/** The production LINK gateway (host partially seen, path seen: CONNECTORS.md §9 [S]). */
export const LINK_GATEWAY = 'https://link.cainiao.com/gateway/link.do';

/** data_digest: Base64 of the raw MD5 bytes of (content + secret), both UTF-8. */
export function linkDigest(content: string, secret: string): string {
  return createHash('md5')
    .update(content + secret, 'utf8')
    .digest('base64');
}

export interface LinkClientOptions {
  appSecret: string;
  gatewayUrl?: string | null;
  fetchImpl?: typeof fetch;
}

export type LinkAnswer = Record<string, unknown>;

/** Error codes of a LINK answer that mean the caller's credentials are refused [U: names as our fake answers them]. */
const CREDENTIAL_REFUSALS = /digest|sign|provider|permission|auth/i;

export function createLinkClient(options: LinkClientOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const gateway = options.gatewayUrl || LINK_GATEWAY;

  async function once(msgType: string, providerId: string, payload: unknown, signal: AbortSignal): Promise<LinkAnswer> {
    const content = JSON.stringify(payload);
    const form = new URLSearchParams({ msg_type: msgType, logistic_provider_id: providerId, logistics_interface: content, data_digest: linkDigest(content, options.appSecret) });
    let response: Response;
    try {
      response = await fetchImpl(gateway, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' }, body: form.toString(), signal });
    } catch (error) {
      if (signal.aborted) throw new ConnectorError('TIMEOUT', `${msgType}: no answer in time`);
      throw new ConnectorError('PLATFORM_ERROR', `${msgType}: ${(error as Error).message}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (signal.aborted) throw new ConnectorError('TIMEOUT', `${msgType}: the answer did not arrive in time`);
      throw new ConnectorError('PLATFORM_ERROR', `${msgType}: the answer broke off`);
    }
    if (!response.ok) throw new ConnectorError('PLATFORM_ERROR', `${msgType}: HTTP ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ConnectorError('PLATFORM_ERROR', `${msgType}: a malformed answer (not JSON)`);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ConnectorError('PLATFORM_ERROR', `${msgType}: a malformed answer`);
    const record = body as LinkAnswer;
    const success = record.success === true || record.success === 'true';
    if (!success) {
      const code = String(record.errorCode ?? record.error_code ?? '');
      const message = String(record.errorMsg ?? record.error_msg ?? '');
      if (!code && !message) throw new ConnectorError('PLATFORM_ERROR', `${msgType}: a malformed answer (no success flag)`);
      const text = `${msgType}: ${code}${message ? ` ${message}` : ''}`;
      throw Object.assign(new ConnectorError(CREDENTIAL_REFUSALS.test(`${code} ${message}`) ? 'NO_APP_CREDENTIALS' : 'PLATFORM_ERROR', text), { linkRefusal: { code, message } });
    }
    return record;
  }

  return {
    /** One LINK message within the deadline; answers the answer object when `success` is true. */
    call(msgType: string, providerId: string, payload: unknown, callOptions: { timeoutMs?: number } = {}): Promise<LinkAnswer> {
      return withDeadline(callOptions.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, (signal) => once(msgType, providerId, payload, signal));
    },
  };
}

export type LinkClient = ReturnType<typeof createLinkClient>;

/** A refusal of the message itself (Cainiao answered, said no): not a failure of the call as such. */
export const isLinkRefusal = (error: unknown): error is ConnectorError & { linkRefusal: { code: string; message: string } } =>
  error instanceof ConnectorError && 'linkRefusal' in error && error.kind === 'PLATFORM_ERROR';
