// The Qimen router client: one signed call (system parameters in the query string, the XML body
// signed with them), its answer read as `<response>` (flag success/failure, code, message) or the
// router's own `<error_response>` (code, msg, sub_code, sub_msg), failures mapped to the warehouse
// connector's kinds, and transient failures (no connection, HTTP 5xx/429, throttling, a server
// error, an answer that cannot be read) tried again with a short pause while the deadline allows.
// Every attempt is signed afresh (a new timestamp). The app secret never leaves this file's calls.
import type { AppCredentialsLookup, PlatformAppCredentials } from '../../app-credentials.js';
import { pause } from '../deadline.js';
import { WarehouseConnectorError } from '../types.js';
import { parseXml, qimenSign, qimenTimestamp, QIMEN_DEFAULT_GATEWAY, textOf, XmlError, type XmlElement } from './qimen.protocol.js';

/** The credentials key of the Qimen router (OPENSELLER_CONNECTOR_QIMEN_APP_KEY …). */
export const QIMEN_CREDENTIALS_KEY = 'QIMEN';

export interface QimenClientOptions {
  credentials: AppCredentialsLookup;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** Attempts of a call whose failure is transient (default 3). */
  maxAttempts?: number;
  /** The pause before the second attempt; it grows with each attempt (default 250 ms). */
  backoffMs?: number;
}

export interface QimenCallRequest {
  /** The API: taobao.qimen.deliveryorder.create … */
  method: string;
  customerId: string;
  /** `<request>…</request>` */
  body: string;
}

export interface QimenClient {
  /** The `<response>` of a successful call; throws WarehouseConnectorError otherwise. */
  call(request: QimenCallRequest, signal: AbortSignal): Promise<XmlElement>;
  credentials(): Promise<PlatformAppCredentials>;
}

/** Router error codes of the TOP family worth retrying: call limits and flow control (7, 8), remote service error (15) — CONNECTORS.md §1. */
const TRANSIENT_ROUTER_CODES = new Set(['7', '8', '15']);

/** A failure the answer carries, or null for success. */
export function qimenFailureOf(root: XmlElement): WarehouseConnectorError | null {
  if (root.name === 'error_response') {
    const code = textOf(root, 'code') ?? '';
    const subCode = textOf(root, 'sub_code') ?? '';
    const detail = `the Qimen router answered error ${code} ${textOf(root, 'msg') ?? ''}${subCode ? ` (${subCode}${textOf(root, 'sub_msg') ? ': ' + textOf(root, 'sub_msg') : ''})` : ''}`.trim();
    return new WarehouseConnectorError(TRANSIENT_ROUTER_CODES.has(code) || subCode.startsWith('isp.') ? 'SYSTEM_ERROR' : 'REJECTED', detail);
  }
  if (root.name !== 'response') return new WarehouseConnectorError('SYSTEM_ERROR', `the Qimen answer is not a <response> but <${root.name}>`);
  const flag = textOf(root, 'flag');
  if (flag === 'success') return null;
  if (flag === 'failure') {
    const code = textOf(root, 'code');
    const message = textOf(root, 'message');
    return new WarehouseConnectorError('REJECTED', `the warehouse answered failure${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`);
  }
  return new WarehouseConnectorError('SYSTEM_ERROR', `the Qimen answer has no flag success or failure${flag ? ` (flag ${flag})` : ''}`);
}

export function createQimenClient(options: QimenClientOptions): QimenClient {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => new Date());
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const backoffMs = options.backoffMs ?? 250;

  async function credentials(): Promise<PlatformAppCredentials> {
    const found = await options.credentials(QIMEN_CREDENTIALS_KEY);
    if (!found) throw new WarehouseConnectorError('REJECTED', 'no app credentials for Qimen in this installation (OPENSELLER_CONNECTOR_QIMEN_APP_KEY and _APP_SECRET)');
    return found;
  }

  async function once(app: PlatformAppCredentials, request: QimenCallRequest, signal: AbortSignal): Promise<XmlElement> {
    const params: Record<string, string> = {
      method: request.method,
      app_key: app.appKey,
      customerId: request.customerId,
      format: 'xml',
      v: '2.0',
      sign_method: 'md5',
      timestamp: qimenTimestamp(now()),
    };
    params.sign = qimenSign(app.appSecret, params, request.body);
    const url = `${app.gatewayUrl ?? QIMEN_DEFAULT_GATEWAY}?${new URLSearchParams(params).toString()}`;
    let response: Response;
    try {
      response = await fetchImpl(url, { method: 'POST', headers: { 'content-type': 'text/xml;charset=UTF-8' }, body: request.body, signal });
    } catch (error) {
      if (signal.aborted) throw new WarehouseConnectorError('TIMEOUT', `Qimen ${request.method}: no answer in time`);
      throw new WarehouseConnectorError('SYSTEM_ERROR', `Qimen ${request.method}: the router could not be reached (${error instanceof Error ? error.message : String(error)})`);
    }
    const text = await response.text().catch(() => {
      if (signal.aborted) throw new WarehouseConnectorError('TIMEOUT', `Qimen ${request.method}: the answer did not arrive in time`);
      throw new WarehouseConnectorError('SYSTEM_ERROR', `Qimen ${request.method}: the answer was cut off`);
    });
    if (response.status === 429 || response.status >= 500) throw new WarehouseConnectorError('SYSTEM_ERROR', `Qimen ${request.method}: HTTP ${response.status}`);
    if (response.status !== 200) throw new WarehouseConnectorError('REJECTED', `Qimen ${request.method}: HTTP ${response.status}`);
    let root: XmlElement;
    try {
      root = parseXml(text);
    } catch (error) {
      throw new WarehouseConnectorError('SYSTEM_ERROR', `Qimen ${request.method}: an answer that is not XML (${error instanceof XmlError ? error.message : 'unreadable'})`);
    }
    const failure = qimenFailureOf(root);
    if (failure) throw failure;
    return root;
  }

  return {
    credentials,
    async call(request, signal) {
      const app = await credentials();
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(app, request, signal);
        } catch (error) {
          const transient = error instanceof WarehouseConnectorError && error.kind === 'SYSTEM_ERROR';
          if (!transient || attempt >= maxAttempts || signal.aborted) throw error;
          await pause(backoffMs * attempt, signal);
        }
      }
    },
  };
}
