// How each platform signs the order messages it pushes, and how it wants them answered: one
// verifier per receiving address (POST /open/marketplace/messages/<key>). A verifier reads the raw
// request, checks that the platform sent it (signature, or for Kuaishou a body only the app's
// message key decrypts), and answers the messages it carries with the shop each names and the time
// the platform gives it. The protocol facts and their sources are in docs/connectors.md §5
// ([C] confirmed, [S] third-party only, [U] unconfirmed).
import { createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { PLATFORM_SANDBOX } from '@openseller/core';
import type { AppCredentialsLookup } from '../../app-credentials.js';
import { derivedSecret } from '../../../platform/secret-box.js';

/** One order message as the receiver keeps it. */
export interface InboundMessage {
  /** The app the platform addressed (its app key or id). */
  appKey: string;
  /** Unique per app on the platform: a repeat carries the same id. */
  messageId: string;
  event: string;
  /** The shop's id on the platform (a store's platformShopId). */
  shopId: string;
  /** The platform's order numbers the message names (may be empty). */
  platformNos: string[];
  /** When the platform sent it (or when the change happened, where it gives no send time). */
  sentAt: Date;
  /** Set where the message itself needs no pull (a topic that is not about orders or refunds): kept as IGNORED with this reason. */
  ignoredBecause?: string;
}

export interface InboundRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures cover it byte for byte. */
  body: string;
}

export type Verified =
  /** A platform's check message (Kuaishou's heartbeat {"test":true}): answered ok, nothing kept. */
  | { kind: 'probe' }
  | { kind: 'messages'; messages: InboundMessage[] }
  | { kind: 'refused'; code: string; message: string };

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

export interface InboundVerifier {
  /** The last part of the receiving address. */
  key: string;
  /** The stores the messages belong to: this platform code and the message's shop id. */
  platformCode: string;
  /** A message whose time is further than this from our clock is refused (a replay). */
  maxAgeMs: number;
  verify(request: InboundRequest): Promise<Verified>;
  /** The answer the platform takes as "received" (ok), or as a failure it may retry. */
  answer(result: { ok: true } | { ok: false; code: string; message: string }): Answer;
}

const header = (request: InboundRequest, name: string): string => {
  const v = request.headers[name.toLowerCase()];
  return ((Array.isArray(v) ? v[0] : v) ?? '').trim();
};

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

const refused = (code: string, message: string): Verified => ({ kind: 'refused', code, message });

const json = (status: number, value: unknown): Answer => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(value) });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const textOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

// ---- the sandbox marketplace ---------------------------------------------------------------------

/** The sandbox's app: the one secret it signs with (derived from this installation's key). */
export const SANDBOX_PUSH_APP_KEY = 'openseller-sandbox';
export const sandboxPushSecret = (): string => derivedSecret('sandbox-marketplace-push');

/** x-sandbox-signature = hex HMAC-SHA256(secret, timestamp + "\n" + body). */
export const sandboxPushSignature = (secret: string, timestamp: string, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}\n${body}`, 'utf8').digest('hex');

export const SANDBOX_MAX_AGE_MS = 10 * 60_000;

export function sandboxVerifier(): InboundVerifier {
  return {
    key: 'sandbox',
    platformCode: PLATFORM_SANDBOX,
    maxAgeMs: SANDBOX_MAX_AGE_MS,
    async verify(request) {
      const appKey = header(request, 'x-sandbox-app-key');
      const timestamp = header(request, 'x-sandbox-timestamp');
      const signature = header(request, 'x-sandbox-signature').toLowerCase();
      if (!appKey || !timestamp || !signature) return refused('MISSING_HEADER', 'x-sandbox-app-key, x-sandbox-timestamp and x-sandbox-signature are required');
      if (appKey !== SANDBOX_PUSH_APP_KEY) return refused('INVALID_APP_KEY', 'the app key is not this installation\'s');
      if (!/^\d{10,16}$/.test(timestamp)) return refused('INVALID_TIMESTAMP', 'x-sandbox-timestamp must be milliseconds since 1970');
      if (!sameText(sandboxPushSignature(sandboxPushSecret(), timestamp, request.body), signature)) return refused('INVALID_SIGNATURE', 'the signature does not match');
      const body = parseJson(request.body) as Record<string, unknown> | undefined;
      const messageId = textOf(body?.msgId);
      const shopId = textOf(body?.shopKey);
      const event = textOf(body?.event);
      const orderNo = textOf(body?.orderNo);
      if (!body || !messageId || !shopId || !event || !orderNo) return refused('INVALID_BODY', 'the body must be JSON with msgId, shopKey, event and orderNo');
      return { kind: 'messages', messages: [{ appKey, messageId, event, shopId, platformNos: [orderNo], sentAt: new Date(Number(timestamp)) }] };
    },
    answer: (result) => (result.ok ? json(200, { code: 0, msg: 'success' }) : json(200, { code: 1, msg: `${result.code}: ${result.message}` })),
  };
}

// ---- Douyin shop (抖店) message push -------------------------------------------------------------

/** The Douyin app's secret signs its pushes: event-sign = md5(app_key + body + app_secret) [S]. */
export function douyinPushSignature(appKey: string, appSecret: string, body: string, method: 'md5' | 'hmac-sha256'): string {
  const text = appKey + body + appSecret;
  return method === 'md5' ? createHash('md5').update(text, 'utf8').digest('hex') : createHmac('sha256', appSecret).update(text, 'utf8').digest('hex');
}

/** Douyin's push carries no send time [U]: the change's own time (update_time, else create_time) stands for it. */
export const DOUYIN_MAX_AGE_MS = 24 * 3_600_000;

export function douyinVerifier(credentials: AppCredentialsLookup): InboundVerifier {
  return {
    key: 'douyin',
    platformCode: 'DY',
    maxAgeMs: DOUYIN_MAX_AGE_MS,
    async verify(request) {
      const appId = header(request, 'app-id');
      const signature = header(request, 'event-sign').toLowerCase();
      const method = (header(request, 'sign-method') || 'md5').toLowerCase();
      if (!appId || !signature) return refused('MISSING_HEADER', 'the headers app-id and event-sign are required');
      if (method !== 'md5' && method !== 'hmac-sha256') return refused('INVALID_HEADER', 'sign-method must be md5 or hmac-sha256');
      const app = await credentials('DY');
      if (!app) return refused('NOT_CONFIGURED', 'this installation has no Douyin app credentials');
      if (appId !== app.appKey) return refused('INVALID_APP_KEY', 'the app-id is not this installation\'s');
      if (!sameText(douyinPushSignature(app.appKey, app.appSecret, request.body, method), signature)) return refused('INVALID_SIGNATURE', 'the signature does not match');
      const list = parseJson(request.body);
      if (!Array.isArray(list) || !list.length) return refused('INVALID_BODY', 'the body must be a JSON array of messages');
      const messages: InboundMessage[] = [];
      for (const [i, raw] of list.entries()) {
        const item = raw as Record<string, unknown>;
        const tag = textOf(item?.tag);
        const messageId = textOf(item?.msg_id);
        // data is a JSON text of its own [S].
        const data = (typeof item?.data === 'string' ? parseJson(item.data) : item?.data) as Record<string, unknown> | undefined;
        // The heartbeat a Douyin app receives when the address is saved has tag 0 [U].
        if (tag === '0') continue;
        const shopId = textOf(data?.shop_id);
        const orderNo = textOf(data?.p_id);
        const at = Number(data?.update_time ?? data?.create_time);
        if (!tag || !messageId || !data || !shopId) return refused('INVALID_BODY', `message ${i}: tag, msg_id and data.shop_id are required`);
        if (!Number.isFinite(at) || at <= 0) return refused('INVALID_BODY', `message ${i}: data.update_time or data.create_time (UNIX seconds) is required`);
        messages.push({ appKey: appId, messageId, event: tag, shopId, platformNos: orderNo ? [orderNo] : [], sentAt: new Date(at * 1000) });
      }
      return messages.length ? { kind: 'messages', messages } : { kind: 'probe' };
    },
    // {"code":0,"msg":"success"} is taken as received [S]; anything else is pushed again.
    answer: (result) => (result.ok ? json(200, { code: 0, msg: 'success' }) : json(200, { code: 40_000, msg: `${result.code}: ${result.message}` })),
  };
}

// ---- Kuaishou shop (快手电商) message push ---------------------------------------------------------

/**
 * Kuaishou encrypts the whole body: Base64 of AES/CBC/PKCS5Padding with the app's message key
 * (Base64) and an IV of 16 zero bytes [C] (消息服务说明). There is no signature: a body that
 * decrypts with our key into a message naming our app is taken as Kuaishou's.
 */
export function kuaishouDecrypt(message: string, messageKeyBase64: string): string | null {
  try {
    const key = Buffer.from(messageKeyBase64, 'base64');
    const algorithm = key.length === 16 ? 'aes-128-cbc' : key.length === 24 ? 'aes-192-cbc' : key.length === 32 ? 'aes-256-cbc' : null;
    if (!algorithm) return null;
    const decipher = createDecipheriv(algorithm, key, Buffer.alloc(16));
    return Buffer.concat([decipher.update(Buffer.from(message.trim(), 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Kuaishou retries a failed push 5 times over 2 h 5 min (5, 10, 20, 30, 60 minutes) [C]; older is refused. */
export const KUAISHOU_MAX_AGE_MS = 3 * 3_600_000;

/** The message key is not an API credential: OPENSELLER_CONNECTOR_KSXD_MESSAGE_KEY. */
export const kuaishouMessageKey = (env: NodeJS.ProcessEnv = process.env): string | null => env.OPENSELLER_CONNECTOR_KSXD_MESSAGE_KEY?.trim() || null;

export function kuaishouVerifier(credentials: AppCredentialsLookup, messageKey: () => string | null = () => kuaishouMessageKey()): InboundVerifier {
  return {
    key: 'kuaishou',
    platformCode: 'KSXD',
    maxAgeMs: KUAISHOU_MAX_AGE_MS,
    async verify(request) {
      // The heartbeat and the check when the address is saved: {"test":true} in clear [C].
      const plain = parseJson(request.body) as Record<string, unknown> | undefined;
      if (plain && plain.test === true) return { kind: 'probe' };
      const key = messageKey();
      const app = await credentials('KSXD');
      if (!key || !app) return refused('NOT_CONFIGURED', 'this installation has no Kuaishou app credentials and message key');
      const decrypted = kuaishouDecrypt(request.body, key);
      if (decrypted === null) return refused('INVALID_SIGNATURE', 'the body does not decrypt with the app\'s message key');
      const body = parseJson(decrypted);
      const list = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
      const messages: InboundMessage[] = [];
      for (const [i, item] of list.entries()) {
        if (item?.test === true) continue;
        const appKey = textOf(item?.appKey);
        const messageId = textOf(item?.eventId);
        const event = textOf(item?.event);
        const shopId = textOf(item?.userId);
        const createTime = Number(item?.createTime);
        if (!appKey || !messageId || !event || !shopId || !Number.isFinite(createTime)) return refused('INVALID_BODY', `message ${i}: eventId, appKey, event, userId and createTime are required`);
        if (appKey !== app.appKey) return refused('INVALID_APP_KEY', 'the appKey is not this installation\'s');
        const orderNo = /^kwaishop_order_/.test(event) ? textOf(item?.bizId) : null;
        messages.push({ appKey, messageId, event, shopId, platformNos: orderNo ? [orderNo] : [], sentAt: new Date(createTime) });
      }
      return messages.length ? { kind: 'messages', messages } : { kind: 'probe' };
    },
    // HTTP 200 with {"result":1} is "received" [C]; anything else is pushed again.
    answer: (result) => (result.ok ? json(200, { result: 1 }) : json(200, { result: 0, error_msg: `${result.code}: ${result.message}` })),
  };
}

export function createInboundVerifiers(credentials: AppCredentialsLookup): Map<string, InboundVerifier> {
  return new Map([sandboxVerifier(), douyinVerifier(credentials), kuaishouVerifier(credentials)].map((v) => [v.key, v]));
}

/** The receiving addresses (one per verifier), in the route catalogue. */
export const INBOUND_KEYS = ['sandbox', 'douyin', 'kuaishou'] as const;
