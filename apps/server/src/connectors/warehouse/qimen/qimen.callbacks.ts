// Qimen's confirmation callbacks (must-have 6 of issue #18): the warehouse, through the Qimen
// router, posts deliveryorder.confirm (a sales order shipped), stockout.confirm (an outbound order
// shipped), entryorder.confirm (a notice received) and returnorder.confirm (a return received) to
// POST /open/wms/qimen/callback, signed like every Qimen call. Each message is checked in this
// order: the app key is ours, the signature matches (MD5 over the secret, the sorted query
// parameters, the body and the secret), the timestamp is within ±10 minutes, the method is one we
// take, the body is a well-formed <request> with the fields we need; the warehouse is the one
// Qimen warehouse with that warehouseCode (external code) and customerId (the warehouse's Qimen
// customerId, or its owner code when it has none).
// Then, in one transaction: the message is stored under its signature (a replay, which carries
// the same signature, is refused), the confirmation becomes a result booked by the same handlers
// the polled results go to (once per result id: the outBizCode the warehouse gives each
// confirmation, else the document's final confirmation), and what became of it is stored with
// the message. The answer is Qimen's <response> flag/code/message: success when booked (or booked
// before), failure with why otherwise; a failure worth retrying stores nothing.
import { and, eq, isNull, or } from 'drizzle-orm';
import { isSandboxWarehouse, type ThirdPartyStatus, type WarehouseType } from '@openseller/core';
import type { Db, Tx } from '../../../db/client.js';
import { skus, warehouses, warehouseSystemInbox } from '../../../db/schema/index.js';
import { textsIn } from '../../../platform/sql.js';
import type { AppCredentialsLookup } from '../../app-credentials.js';
import type { BookedResult } from '../registry.js';
import type { WarehouseDocumentKind, WarehouseResult, WarehouseResultLine, WarehouseTarget } from '../types.js';
import { QIMEN_CREDENTIALS_KEY } from './qimen.client.js';
import { ourExpressCode, QIMEN_SYSTEM } from './qimen.connector.js';
import { child, children, parseQimenTime, parseXml, qimenSignatureMatches, QIMEN_TIMESTAMP_WINDOW_MS, textOf, XmlError, type XmlElement } from './qimen.protocol.js';

export const QIMEN_CALLBACK_PATH = '/open/wms/qimen/callback';

interface CallbackKind {
  kind: WarehouseDocumentKind;
  /** The element holding the document: deliveryOrder, entryOrder, returnOrder. */
  order: string;
  code: string;
  id: string;
  /** Statuses of a confirmation that is not the last one (more will follow). */
  partial: string[];
}

/** The confirmations taken, by their full method name (a short name, deliveryorder.confirm, is taken too). */
export const QIMEN_CALLBACKS: Record<string, CallbackKind> = {
  'taobao.qimen.deliveryorder.confirm': { kind: 'SO', order: 'deliveryOrder', code: 'deliveryOrderCode', id: 'deliveryOrderId', partial: ['PARTDELIVERED'] },
  'taobao.qimen.stockout.confirm': { kind: 'WDO', order: 'deliveryOrder', code: 'deliveryOrderCode', id: 'deliveryOrderId', partial: ['PARTDELIVERED'] },
  'taobao.qimen.entryorder.confirm': { kind: 'ASN', order: 'entryOrder', code: 'entryOrderCode', id: 'entryOrderId', partial: ['PARTFULFILLED'] },
  'taobao.qimen.returnorder.confirm': { kind: 'RMA', order: 'returnOrder', code: 'returnOrderCode', id: 'returnOrderId', partial: [] },
};

/** Our answer, written as Qimen's <response>. */
export interface QimenCallbackAnswer {
  flag: 'success' | 'failure';
  code: string;
  message: string;
}

const ok = (message: string): QimenCallbackAnswer => ({ flag: 'success', code: '0', message });
const refuse = (code: string, message: string): QimenCallbackAnswer => ({ flag: 'failure', code, message });

export interface QimenCallbackDeps {
  db: Db;
  credentials: AppCredentialsLookup;
  bookResult: (tx: Tx, target: WarehouseTarget, result: WarehouseResult) => Promise<BookedResult>;
  now?: () => Date;
  log?: (message: string) => void;
}

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A whole number ≥ 0 written as text, or null. */
const wholeOf = (text: string | null) => (text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null);

export function createQimenCallbacks(deps: QimenCallbackDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The one Qimen warehouse with that code in Qimen and that customerId, whichever domain it is in. */
  async function warehouseOf(warehouseCode: string, ownerCode: string): Promise<WarehouseTarget> {
    // Platform-level lookup: the message names no domain, only the codes the warehouse was given.
    // customerId is the warehouse's Qimen customerId, or its owner code when it has none.
    const rows = await db
      .select()
      .from(warehouses)
      .where(
        and(
          eq(warehouses.type, 'QIMEN_WAREHOUSE'),
          eq(warehouses.externalCode, warehouseCode),
          or(eq(warehouses.qimenCustomerId, ownerCode), and(isNull(warehouses.qimenCustomerId), eq(warehouses.ownerCode, ownerCode))),
        ),
      );
    const live = rows.filter((r) => !isSandboxWarehouse(r));
    if (!live.length) throw new Refusal('UNKNOWN_WAREHOUSE', `no Qimen warehouse ${warehouseCode} of the owner ${ownerCode}`);
    if (live.length > 1) throw new Refusal('AMBIGUOUS_WAREHOUSE', `more than one Qimen warehouse ${warehouseCode} of the owner ${ownerCode}`);
    const w = live[0]!;
    return { domainId: w.domainId, warehouseId: w.id, code: w.code, name: w.name, type: w.type as WarehouseType, stopUsing: w.stopUsing, externalCode: w.externalCode, ownerCode: w.ownerCode, qimenCustomerId: w.qimenCustomerId };
  }

  /** The confirmation as a result: lines by the line numbers we issued, SKUs by their codes in the domain. */
  async function resultOf(tx: Tx, target: WarehouseTarget, method: string, spec: CallbackKind, request: XmlElement, order: XmlElement): Promise<WarehouseResult> {
    const docCode = textOf(order, spec.code)!;
    const status = (textOf(order, 'status') ?? '').toUpperCase();
    const confirmType = textOf(order, 'confirmType');
    const outBizCode = textOf(order, 'outBizCode');
    const cancelled = status === 'CANCELED' || status === 'CANCELLED';
    const partial = !cancelled && (confirmType === '1' || spec.partial.includes(status));
    if (partial && !outBizCode) throw new Refusal('MISSING_FIELD', `${spec.order}.outBizCode is required when a document is confirmed in parts (confirmType 1)`);
    const lines: { lineId: number; itemCode: string; qty: number }[] = [];
    if (!cancelled) {
      const orderLines = children(child(request, 'orderLines'), 'orderLine');
      if (!orderLines.length) throw new Refusal('MISSING_FIELD', 'orderLines.orderLine is required');
      for (const [i, line] of orderLines.entries()) {
        const lineNo = textOf(line, 'orderLineNo');
        const itemCode = textOf(line, 'itemCode');
        const qty = wholeOf(textOf(line, 'actualQty'));
        if (!lineNo || !/^\d{1,18}$/.test(lineNo)) throw new Refusal('MISSING_FIELD', `orderLines.orderLine[${i}].orderLineNo must be the line number we sent`);
        if (!itemCode) throw new Refusal('MISSING_FIELD', `orderLines.orderLine[${i}].itemCode is required`);
        if (qty === null) throw new Refusal('INVALID_FIELD', `orderLines.orderLine[${i}].actualQty must be a whole number`);
        if (qty > 0) lines.push({ lineId: Number(lineNo), itemCode, qty });
      }
      if (!lines.length) throw new Refusal('INVALID_FIELD', 'a confirmation with nothing shipped or received');
    }
    const codes = [...new Set(lines.map((l) => l.itemCode))];
    const found = codes.length
      ? await tx
          .select({ id: skus.id, code: skus.code })
          .from(skus)
          .where(and(eq(skus.domainId, target.domainId), textsIn(skus.code, codes)))
      : [];
    const skuByCode = new Map(found.map((s) => [s.code, s.id]));
    const unknown = codes.find((c) => !skuByCode.has(c));
    if (unknown) throw new Refusal('UNKNOWN_ITEM', `the item ${unknown} is not a SKU of the warehouse's owner`);
    const resultLines: WarehouseResultLine[] = lines.map((l) => ({ lineId: l.lineId, skuId: skuByCode.get(l.itemCode)!, skuCode: l.itemCode, qty: l.qty }));
    const packages = children(child(request, 'packages'), 'package');
    const expressNo = packages.map((p) => textOf(p, 'expressCode')).find(Boolean) ?? textOf(order, 'expressCode');
    const expressCompanyCode = packages.map((p) => textOf(p, 'logisticsCode')).find(Boolean) ?? textOf(order, 'logisticsCode');
    const occurredAt = parseQimenTime(textOf(order, 'orderConfirmTime') ?? textOf(order, 'operateTime')) ?? now();
    const received = spec.kind === 'ASN' || spec.kind === 'RMA';
    const short = method.replace(/^taobao\.qimen\./, '');
    return {
      resultId: `QM-${short}-${docCode}-${outBizCode ?? (cancelled ? 'CANCEL' : 'FINAL')}`,
      kind: spec.kind,
      type: cancelled ? 'CANCELLED' : received ? 'RECEIPT' : 'SHIPMENT',
      docCode,
      externalCode: textOf(order, spec.id) ?? docCode,
      status: (cancelled ? 'CANCEL' : partial ? 'IN_PROCESS' : 'FULFILLED') as ThirdPartyStatus,
      lines: resultLines,
      occurredAt,
      ...(received ? {} : { expressCompanyCode: ourExpressCode(expressCompanyCode), expressNo: expressNo ?? null }),
    };
  }

  async function handle(query: Record<string, unknown>, body: string): Promise<QimenCallbackAnswer> {
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(query)) {
      if (typeof v !== 'string') return refuse('INVALID_PARAMETER', `the parameter ${k} is given more than once`);
      params[k] = v;
    }
    for (const name of ['method', 'app_key', 'customerId', 'timestamp', 'sign']) {
      if (!params[name]) return refuse('MISSING_PARAMETER', `the parameter ${name} is required`);
    }
    if (params.sign_method && params.sign_method.toLowerCase() !== 'md5') return refuse('INVALID_PARAMETER', 'sign_method must be md5');
    if (params.format && params.format.toLowerCase() !== 'xml') return refuse('INVALID_PARAMETER', 'format must be xml');
    const app = await deps.credentials(QIMEN_CREDENTIALS_KEY);
    if (!app) return refuse('NOT_CONFIGURED', 'this installation has no Qimen app credentials');
    if (params.app_key !== app.appKey) return refuse('INVALID_APP_KEY', 'the app_key is not this installation\'s');
    if (!qimenSignatureMatches(app.appSecret, params, body, params.sign!)) return refuse('INVALID_SIGNATURE', 'the signature does not match');
    const sentAt = parseQimenTime(params.timestamp);
    if (!sentAt || Math.abs(now().getTime() - sentAt.getTime()) > QIMEN_TIMESTAMP_WINDOW_MS) return refuse('INVALID_TIMESTAMP', 'the timestamp is not within 10 minutes of our clock');
    const method = params.method!.startsWith('taobao.qimen.') ? params.method! : `taobao.qimen.${params.method}`;
    const spec = QIMEN_CALLBACKS[method];
    if (!spec) return refuse('UNSUPPORTED_METHOD', `the method ${params.method} is not taken here`);
    let request: XmlElement;
    try {
      request = parseXml(body);
    } catch (error) {
      return refuse('INVALID_BODY', `the body is not XML: ${error instanceof XmlError ? error.message : 'unreadable'}`);
    }
    if (request.name !== 'request') return refuse('INVALID_BODY', 'the body must be a <request>');
    const order = child(request, spec.order);
    const docCode = textOf(order, spec.code);
    const warehouseCode = textOf(order, 'warehouseCode');
    if (!order || !docCode) return refuse('MISSING_FIELD', `${spec.order}.${spec.code} is required`);
    if (!warehouseCode) return refuse('MISSING_FIELD', `${spec.order}.warehouseCode is required`);

    try {
      const target = await warehouseOf(warehouseCode, params.customerId!);
      const answer = await db.transaction(async (tx) => {
        const result = await resultOf(tx, target, method, spec, request, order!);
        const [stored] = await tx
          .insert(warehouseSystemInbox)
          .values({
            domainId: target.domainId,
            warehouseId: target.warehouseId,
            system: QIMEN_SYSTEM,
            method,
            messageKey: params.sign!.toUpperCase(),
            kind: spec.kind,
            docCode,
            resultId: result.resultId,
            payload: result,
            createdAt: now(),
          })
          .onConflictDoNothing()
          .returning({ id: warehouseSystemInbox.id });
        if (!stored) return refuse('DUPLICATE_MESSAGE', 'this message was received before (a replay)');
        const booked = await deps.bookResult(tx, target, result);
        await tx
          .update(warehouseSystemInbox)
          .set({ outcome: booked.outcome, message: booked.message, acknowledgedAt: now() })
          .where(and(eq(warehouseSystemInbox.domainId, target.domainId), eq(warehouseSystemInbox.id, stored.id)));
        if (booked.first === 'REFUSED') return refuse('REFUSED', booked.message ?? 'the confirmation cannot be booked');
        return ok(booked.outcome === 'REPEATED' ? 'booked before' : 'booked');
      });
      if (answer.flag === 'failure') deps.log?.(`[qimen] ${method} ${docCode} refused: ${answer.code} ${answer.message}`);
      return answer;
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.code, error.message);
      deps.log?.(`[qimen] ${method} ${docCode} failed: ${error instanceof Error ? error.message : String(error)}`);
      return refuse('SYSTEM_ERROR', 'the confirmation could not be booked now; send it again');
    }
  }

  return { handle };
}

export type QimenCallbacks = ReturnType<typeof createQimenCallbacks>;

