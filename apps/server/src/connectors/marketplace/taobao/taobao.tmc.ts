// Taobao's message service (TMC) consumed over HTTP (issue #18 must-have 6). Taobao does not post
// order messages to an address: the app fetches them. After a seller authorises, the connector
// opens the message service for the seller (taobao.tmc.user.permit, no topics: every topic the
// app subscribes to). A job (marketplace-inbound.taobao-tmc, TAOBAO_TMC_CRON) then asks for the
// app's messages (taobao.tmc.messages.consume, group_name, quantity 10–200), keeps each once per
// (platform, app, message id) through the receiver's keeper — QUEUED for the seller's store, IGNORED
// when the store does not pull orders, and a seller with no store here kept as ignored in
// marketplace_unmatched_messages — and only then confirms them (taobao.tmc.messages.confirm,
// s_message_ids). A message not confirmed (the keeping or the confirm failed) comes again; kept
// before, it is confirmed again and not processed twice. Trade and refund topics alike start the
// store's ordinary pull, which reads orders and then after-sales (taobao.refunds.receive.get).
// Protocol sources and their marks: README.md (§ Messages).
import type { AppCredentialsLookup } from '../../app-credentials.js';
import { ConnectorError, type CallOptions } from '../connector.js';
import type { InboundMessage } from '../inbound/verifiers.js';
import { createTopClient, parseTopTime, type TopAnswer, type TopSignMethod } from './top-client.js';

export const TAOBAO_PLATFORM_CODE = 'CI_PLATFORM_TAOBAO';
/** TOP's bounds of one consume call [C]. */
export const TMC_MIN_QUANTITY = 10;
export const TMC_MAX_QUANTITY = 200;

/** What the keeper answers (inbound.receiver.ts keepMessages with keepUnmatched). */
export type KeepMessages = (
  platformCode: string,
  messages: InboundMessage[],
  options: { keepUnmatched: true },
) => Promise<{ kind: 'kept'; created: number } | { kind: 'unknown'; shopIds: string[] } | { kind: 'failed'; error: string }>;

/** The topics that start the store's pull: trades (taobao_trade_*) and refunds (taobao_refund_*) [S]; others are kept as ignored. */
export const ORDER_TOPIC = /^taobao_(trade|refund)_/;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

/** The list inside an answer: `{"messages":{"tmc_message":[…]}}` (TOP's wrapping of lists), or a bare array. */
function listOf(answer: TopAnswer): Record<string, unknown>[] {
  const messages = answer.messages as unknown;
  const list = Array.isArray(messages) ? messages : (messages as { tmc_message?: unknown } | undefined)?.tmc_message;
  return Array.isArray(list) ? (list.filter((m) => m && typeof m === 'object') as Record<string, unknown>[]) : [];
}

/** The trade number a message's content names: tid as a number or text, read from the text (a long tid is not rounded). */
function tidOf(content: string): string | null {
  const match = /"tid"\s*:\s*"?(\d+)/.exec(content);
  return match ? match[1]! : null;
}

export interface TmcMessageRead {
  /** The message id as TOP sent it (confirmed with it). */
  id: string;
  message: InboundMessage;
}

/**
 * The messages of a consume answer as the keeper takes them: id, topic (the event), user_id (the
 * seller: a store's platformShopId), the trade number of the content, pub_time (GMT+8) as the time.
 * A message without an id cannot be confirmed and is left out; one without a seller names none ('').
 */
export function readTmcMessages(answer: TopAnswer, appKey: string, now: Date): TmcMessageRead[] {
  const read: TmcMessageRead[] = [];
  for (const raw of listOf(answer)) {
    const id = text(raw.id);
    if (!id) continue;
    const content = typeof raw.content === 'string' ? raw.content : raw.content ? JSON.stringify(raw.content) : '';
    const tid = tidOf(content);
    const topic = text(raw.topic) ?? 'unknown';
    read.push({
      id,
      message: {
        appKey,
        messageId: id,
        event: topic,
        shopId: text(raw.user_id) ?? '',
        platformNos: tid ? [tid] : [],
        sentAt: parseTopTime(raw.pub_time) ?? now,
        ...(ORDER_TOPIC.test(topic) ? {} : { ignoredBecause: 'not a trade or refund message' }),
      },
    });
  }
  return read;
}

export interface TaobaoTmcOptions {
  credentials: AppCredentialsLookup;
  keep: KeepMessages;
  now?: () => Date;
  fetchImpl?: typeof fetch;
  signMethod?: TopSignMethod;
  /** The user group set on the app (TAOBAO_TMC_GROUP); null: the default group. */
  groupName?: string | null;
  /** Messages asked for a call (10–200, default 100). */
  quantity?: number;
  /** Calls a run makes at most before the next run (default 10). */
  maxBatches?: number;
  backoffMs?: number;
  log?: (message: string) => void;
}

export interface TmcRunResult {
  consumed: number;
  /** Messages new here (kept for the first time). */
  kept: number;
  confirmed: number;
}

export function createTaobaoTmcConsumer(options: TaobaoTmcOptions) {
  const now = options.now ?? (() => new Date());
  const quantity = Math.min(TMC_MAX_QUANTITY, Math.max(TMC_MIN_QUANTITY, Math.round(options.quantity ?? 100)));
  const maxBatches = Math.max(1, options.maxBatches ?? 10);

  /** Consumes, keeps and confirms the app's waiting messages (until an empty answer or maxBatches calls). */
  async function consume(callOptions: CallOptions = {}): Promise<TmcRunResult> {
    const result: TmcRunResult = { consumed: 0, kept: 0, confirmed: 0 };
    const app = await options.credentials(TAOBAO_PLATFORM_CODE);
    // No Taobao app in this installation: nothing to consume.
    if (!app) return result;
    const client = createTopClient({
      appKey: app.appKey,
      appSecret: app.appSecret,
      gatewayUrl: app.gatewayUrl,
      now,
      ...(options.signMethod ? { signMethod: options.signMethod } : {}),
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
    });
    const group = options.groupName || null;
    for (let batch = 0; batch < maxBatches; batch++) {
      const answer = await client.call('taobao.tmc.messages.consume', { group_name: group, quantity }, { ...callOptions, longIntegersAsText: true });
      const read = readTmcMessages(answer, app.appKey, now());
      if (!read.length) break;
      result.consumed += read.length;
      const kept = await options.keep(TAOBAO_PLATFORM_CODE, read.map((r) => r.message), { keepUnmatched: true });
      // Not kept: not confirmed either; TMC delivers them again.
      if (kept.kind === 'failed') throw new ConnectorError('PLATFORM_ERROR', `the Taobao messages could not be kept: ${kept.error}`);
      if (kept.kind === 'kept') result.kept += kept.created;
      const ids = [...new Set(read.map((r) => r.id))];
      const confirm = await client.call('taobao.tmc.messages.confirm', { group_name: group, s_message_ids: ids.join(',') }, callOptions);
      if (confirm.is_success === false) {
        options.log?.(`[taobao tmc] confirm of ${ids.length} messages answered is_success=false; they come again and are confirmed then`);
        break;
      }
      result.confirmed += ids.length;
      // Fewer than asked: nothing more is waiting now.
      if (read.length < quantity) break;
    }
    return result;
  }

  return { consume };
}

export type TaobaoTmcConsumer = ReturnType<typeof createTaobaoTmcConsumer>;
