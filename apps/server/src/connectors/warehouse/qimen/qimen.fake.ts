// A local fake of the Qimen router with a warehouse (WMS) behind it, for tests only: a node:http
// server that follows the published protocol (shared/CONNECTORS.md §10, field names of the
// taobao.qimen.* API models), not our client. It checks every request as the router does —
// system parameters present, app key known, sign_method md5, timestamp within ±10 minutes, the
// MD5 signature over secret + sorted parameters + body + secret (its own implementation, tested
// with the worked vector) — answering the TOP family's `<error_response>` codes (22 Invalid
// Method, 25 Invalid Signature, 29 Invalid App Key, 31 Invalid Timestamp, 40 Missing Required
// Arguments, 7 App Call Limited) and the warehouse's `<response>` flag/code/message. It takes
// deliveryorder.create, entryorder.create, stockout.create, returnorder.create,
// singleitem.synchronize, order.cancel and inventory.query; a document code issued again answers
// the document it has. On request it refuses, delays, throttles, fails with HTTP 502 or answers
// malformed XML on the next call, and it ships or receives documents and sends the confirmation
// callbacks (deliveryorder/stockout/entryorder/returnorder.confirm) to our endpoint, signed.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { child, children, parseXml, textOf, toXml, type XmlElement, type XmlObject } from './qimen.protocol.js';

/** The fake's own signature (MD5(secret + k1v1k2v2… sorted + body + secret), upper hex). */
export function fakeQimenSign(secret: string, params: Record<string, string>, body: string): string {
  const keys = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
  let text = secret;
  for (const k of keys) text += k + params[k];
  text += body + secret;
  return createHash('md5').update(Buffer.from(text, 'utf8')).digest('hex').toUpperCase();
}

const pad = (n: number) => String(n).padStart(2, '0');
/** GMT+8 `yyyy-MM-dd HH:mm:ss`. */
export function fakeQimenTime(at: Date): string {
  const t = new Date(at.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}
function fromFakeTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]! - 8, +m[5]!, +m[6]!)) : null;
}

export type FakeDocumentKind = 'deliveryorder' | 'stockout' | 'entryorder' | 'returnorder';

export interface FakeQimenLine {
  orderLineNo: string;
  itemCode: string;
  ownerCode: string;
  planQty: number;
  doneQty: number;
}

export interface FakeQimenDocument {
  kind: FakeDocumentKind;
  code: string;
  id: string;
  warehouseCode: string;
  ownerCode: string;
  /** The customerId of the create call: the router calls back with it. */
  customerId: string;
  orderType: string | null;
  /** ACCEPT, PARTDELIVERED, DELIVERED, PARTFULFILLED, FULFILLED, CANCELED. */
  status: string;
  lines: FakeQimenLine[];
  /** How many create calls named it (a repeat answers the same document). */
  creates: number;
}

export interface FakeQimenRequest {
  method: string;
  params: Record<string, string>;
  body: string;
  /** ok, or the error/failure code answered. */
  outcome: string;
}

export interface CallbackExchange {
  url: string;
  body: string;
  status: number;
  answer: string;
  flag: string | null;
  code: string | null;
  message: string | null;
}

export interface FakeQimenOptions {
  appKey: string;
  appSecret: string;
  /** Where confirmation callbacks go (our endpoint). */
  callbackUrl?: string;
  now?: () => Date;
}

type Forced = { kind: 'refuse'; code: string; message: string } | { kind: 'delay'; ms: number } | { kind: 'malformed' } | { kind: 'throttle' } | { kind: 'http502' } | { kind: 'answer'; text: string };

const CREATE_METHODS: Record<string, FakeDocumentKind> = {
  'deliveryorder.create': 'deliveryorder',
  'stockout.create': 'stockout',
  'entryorder.create': 'entryorder',
  'returnorder.create': 'returnorder',
};
const HEAD: Record<FakeDocumentKind, { order: string; code: string; id: string; prefix: string }> = {
  deliveryorder: { order: 'deliveryOrder', code: 'deliveryOrderCode', id: 'deliveryOrderId', prefix: 'WMS-DO-' },
  stockout: { order: 'deliveryOrder', code: 'deliveryOrderCode', id: 'deliveryOrderId', prefix: 'WMS-SO-' },
  entryorder: { order: 'entryOrder', code: 'entryOrderCode', id: 'entryOrderId', prefix: 'WMS-EO-' },
  returnorder: { order: 'returnOrder', code: 'returnOrderCode', id: 'returnOrderId', prefix: 'WMS-RO-' },
};

const xmlOf = (name: string, value: XmlObject) => '<?xml version="1.0" encoding="utf-8"?>' + toXml(name, value);
const success = (extra: XmlObject = {}) => xmlOf('response', { flag: 'success', code: '0', message: 'ok', ...extra });
const failure = (code: string, message: string) => xmlOf('response', { flag: 'failure', code, message });
const routerError = (code: number, msg: string) => xmlOf('error_response', { code, msg });

export class FakeQimen {
  readonly requests: FakeQimenRequest[] = [];
  readonly documents = new Map<string, FakeQimenDocument>();
  readonly inventory = new Map<string, number>();
  readonly items = new Map<string, string>();
  readonly refusedItems = new Set<string>();
  callbackUrl: string | undefined;
  url = '';
  private forced: Forced[] = [];
  private seq = 0;
  private server: http.Server;
  private readonly now: () => Date;

  constructor(private readonly options: FakeQimenOptions) {
    this.callbackUrl = options.callbackUrl;
    this.now = options.now ?? (() => new Date());
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void this.serve(req, Buffer.concat(chunks).toString('utf8')).then(
          ({ status, text }) => {
            if (!res.writableEnded && !res.destroyed) res.writeHead(status, { 'content-type': 'text/xml;charset=UTF-8' }).end(text);
          },
          () => res.destroy(),
        );
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/router/qimen/service`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- controls --------------------------------------------------------------------------------

  /** The next call is answered failure (the warehouse refuses). */
  refuseNext(message = '货品不存在', code = 'REFUSED'): void {
    this.forced.push({ kind: 'refuse', code, message });
  }
  /** The next call is handled, but answered only after ms (a client with a shorter deadline gives up). */
  delayNext(ms: number): void {
    this.forced.push({ kind: 'delay', ms });
  }
  /** The next call is answered with XML that is cut off (nothing is done). */
  malformedNext(): void {
    this.forced.push({ kind: 'malformed' });
  }
  /** The next call is answered by the router's flow control (error 7, nothing is done). */
  throttleNext(): void {
    this.forced.push({ kind: 'throttle' });
  }
  /** The next call is answered HTTP 502 (nothing is done). */
  failNextWithHttp502(): void {
    this.forced.push({ kind: 'http502' });
  }
  /** The next call is answered with this text as it is (an answer missing fields; nothing is done). */
  answerNext(text: string): void {
    this.forced.push({ kind: 'answer', text });
  }
  setInventory(itemCode: string, qty: number): void {
    this.inventory.set(itemCode, qty);
  }
  document(code: string): FakeQimenDocument | undefined {
    return this.documents.get(code);
  }
  /** Calls of a method (short name) received and accepted. */
  accepted(method: string): FakeQimenRequest[] {
    return this.requests.filter((r) => r.method.replace(/^taobao\.qimen\./, '') === method && r.outcome === 'ok');
  }

  // ---- the router and the warehouse ------------------------------------------------------------

  private async serve(req: http.IncomingMessage, body: string): Promise<{ status: number; text: string }> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params: Record<string, string> = {};
    for (const [k, v] of url.searchParams) params[k] = v;
    const record = (outcome: string) => this.requests.push({ method: params.method ?? '', params, body, outcome });
    if (req.method !== 'POST') return { status: 405, text: '' };
    for (const name of ['method', 'app_key', 'customerId', 'format', 'v', 'sign_method', 'timestamp', 'sign']) {
      if (!params[name]) {
        record('40');
        return { status: 200, text: routerError(40, `Missing Required Arguments:${name}`) };
      }
    }
    if (params.app_key !== this.options.appKey) {
      record('29');
      return { status: 200, text: routerError(29, 'Invalid App Key') };
    }
    if (params.sign_method !== 'md5' || params.format !== 'xml' || params.v !== '2.0') {
      record('41');
      return { status: 200, text: routerError(41, 'Invalid Arguments:sign_method/format/v') };
    }
    const sentAt = fromFakeTime(params.timestamp!);
    if (!sentAt || Math.abs(this.now().getTime() - sentAt.getTime()) > 10 * 60_000) {
      record('31');
      return { status: 200, text: routerError(31, 'Invalid Timestamp') };
    }
    if (fakeQimenSign(this.options.appSecret, params, body) !== params.sign) {
      record('25');
      return { status: 200, text: routerError(25, 'Invalid Signature') };
    }
    if (!/^text\/xml/i.test(req.headers['content-type'] ?? '')) {
      record('41');
      return { status: 200, text: routerError(41, 'Invalid Arguments:content-type') };
    }
    const short = params.method!.replace(/^taobao\.qimen\./, '');
    const known = short in CREATE_METHODS || ['order.cancel', 'inventory.query', 'singleitem.synchronize'].includes(short);
    if (!known) {
      record('22');
      return { status: 200, text: routerError(22, 'Invalid Method') };
    }
    const forced = this.forced.shift();
    if (forced?.kind === 'throttle') {
      record('7');
      return { status: 200, text: routerError(7, 'App Call Limited') };
    }
    if (forced?.kind === 'http502') {
      record('502');
      return { status: 502, text: 'Bad Gateway' };
    }
    if (forced?.kind === 'malformed') {
      record('malformed');
      return { status: 200, text: '<?xml version="1.0" encoding="utf-8"?><response><flag>success</flag><code>0' };
    }
    if (forced?.kind === 'answer') {
      record('answer');
      return { status: 200, text: forced.text };
    }
    if (forced?.kind === 'refuse') {
      record(forced.code);
      return { status: 200, text: failure(forced.code, forced.message) };
    }
    let request: XmlElement;
    try {
      request = parseXml(body);
      if (request.name !== 'request') throw new Error('not a request');
    } catch {
      record('BODY');
      return { status: 200, text: failure('BODY_ERROR', '报文格式错误') };
    }
    const answer = this.handle(short, request, params.customerId!);
    record(answer.startsWith('ok') ? 'ok' : answer.split('\n')[0]!);
    const text = answer.startsWith('ok') ? answer.slice(3) : failure(answer.split('\n')[0]!, answer.split('\n')[1] ?? '');
    if (forced?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, forced.ms));
    return { status: 200, text };
  }

  /** 'ok\n<xml>' or 'CODE\nmessage'. */
  private handle(method: string, request: XmlElement, customerId: string): string {
    const kind = CREATE_METHODS[method];
    if (kind) return this.create(kind, request, customerId);
    if (method === 'order.cancel') return this.cancel(request);
    if (method === 'singleitem.synchronize') {
      const itemCode = textOf(request, 'item/itemCode');
      if (!textOf(request, 'actionType') || !textOf(request, 'ownerCode') || !itemCode || !textOf(request, 'item/itemName')) return 'MISSING\nactionType, ownerCode, item.itemCode and item.itemName are required';
      if (this.refusedItems.has(itemCode)) return `ITEM_REFUSED\n货品 ${itemCode} 不允许同步`;
      if (!this.items.has(itemCode)) this.items.set(itemCode, `WMS-IT-${++this.seq}`);
      return 'ok\n' + success({ itemId: this.items.get(itemCode)! });
    }
    // inventory.query
    const criteria = children(child(request, 'criteriaList'), 'criteria');
    if (!criteria.length || criteria.some((c) => !textOf(c, 'itemCode'))) return 'MISSING\ncriteriaList.criteria.itemCode is required';
    return (
      'ok\n' +
      success({
        items: {
          item: criteria.map((c) => ({
            warehouseCode: textOf(c, 'warehouseCode') ?? undefined,
            itemCode: textOf(c, 'itemCode')!,
            itemId: this.items.get(textOf(c, 'itemCode')!) ?? undefined,
            inventoryType: textOf(c, 'inventoryType') ?? 'ZP',
            quantity: this.inventory.get(textOf(c, 'itemCode')!) ?? 0,
            lockQuantity: 0,
          })),
        },
      })
    );
  }

  private create(kind: FakeDocumentKind, request: XmlElement, customerId: string): string {
    const head = HEAD[kind];
    const order = child(request, head.order);
    const code = textOf(order, head.code);
    const warehouseCode = textOf(order, 'warehouseCode');
    if (!order || !code || !warehouseCode) return `MISSING\n${head.order}.${head.code} and warehouseCode are required`;
    if ((kind === 'deliveryorder' || kind === 'stockout') && !textOf(order, 'orderType')) return 'MISSING\ndeliveryOrder.orderType is required';
    if (kind === 'deliveryorder' && (!textOf(order, 'createTime') || !child(order, 'receiverInfo') || !textOf(order, 'logisticsCode'))) return 'MISSING\ndeliveryOrder.createTime, logisticsCode and receiverInfo are required';
    if (kind === 'entryorder' && !textOf(order, 'ownerCode')) return 'MISSING\nentryOrder.ownerCode is required';
    const lines = children(child(request, 'orderLines'), 'orderLine');
    if (!lines.length) return 'MISSING\norderLines.orderLine is required';
    const parsed: FakeQimenLine[] = [];
    for (const line of lines) {
      const itemCode = textOf(line, 'itemCode');
      const planQty = Number(textOf(line, 'planQty'));
      const ownerCode = textOf(line, 'ownerCode') ?? textOf(order, 'ownerCode');
      if (!itemCode || !ownerCode || !Number.isInteger(planQty) || planQty <= 0) return 'MISSING\norderLine.itemCode, ownerCode and a positive planQty are required';
      if (this.refusedItems.has(itemCode)) return `ITEM_NOT_FOUND\n货品 ${itemCode} 不存在`;
      parsed.push({ orderLineNo: textOf(line, 'orderLineNo') ?? String(parsed.length + 1), itemCode, ownerCode, planQty, doneQty: 0 });
    }
    const existing = this.documents.get(code);
    if (existing) {
      if (existing.status === 'CANCELED') return `CANCELED\n单据 ${code} 已取消`;
      existing.creates++;
      return 'ok\n' + success({ [head.id]: existing.id, createTime: fakeQimenTime(this.now()) });
    }
    const doc: FakeQimenDocument = {
      kind,
      code,
      id: `${head.prefix}${String(++this.seq).padStart(6, '0')}`,
      warehouseCode,
      ownerCode: parsed[0]!.ownerCode,
      customerId,
      orderType: textOf(order, 'orderType'),
      status: 'ACCEPT',
      lines: parsed,
      creates: 1,
    };
    this.documents.set(code, doc);
    return 'ok\n' + success({ [head.id]: doc.id, createTime: fakeQimenTime(this.now()), warehouseCode });
  }

  private cancel(request: XmlElement): string {
    const code = textOf(request, 'orderCode');
    if (!code || !textOf(request, 'warehouseCode')) return 'MISSING\norderCode and warehouseCode are required';
    const doc = this.documents.get(code);
    if (!doc) return `NOT_FOUND\n单据 ${code} 不存在`;
    if (doc.status === 'CANCELED') return 'ok\n' + success();
    if (doc.lines.some((l) => l.doneQty > 0)) return `CANNOT_CANCEL\n单据 ${code} 已发货或已收货，不能取消`;
    doc.status = 'CANCELED';
    return 'ok\n' + success();
  }

  // ---- the warehouse confirms ------------------------------------------------------------------

  /**
   * The warehouse ships (deliveryorder, stockout) or receives (entryorder, returnorder) a
   * document — every line in full unless told — and calls back with the confirmation, signed.
   */
  async confirm(
    code: string,
    options: { lines?: { orderLineNo: string; qty: number }[]; final?: boolean; outBizCode?: string; expressCode?: string; logisticsCode?: string } = {},
  ): Promise<CallbackExchange> {
    const doc = this.documents.get(code);
    if (!doc) throw new Error(`the fake has no document ${code}`);
    const head = HEAD[doc.kind];
    const done = new Map((options.lines ?? doc.lines.map((l) => ({ orderLineNo: l.orderLineNo, qty: l.planQty - l.doneQty }))).map((l) => [l.orderLineNo, l.qty]));
    for (const l of doc.lines) l.doneQty += done.get(l.orderLineNo) ?? 0;
    const final = options.final ?? doc.lines.every((l) => l.doneQty >= l.planQty);
    const shipping = doc.kind === 'deliveryorder' || doc.kind === 'stockout';
    doc.status = shipping ? (final ? 'DELIVERED' : 'PARTDELIVERED') : final ? 'FULFILLED' : 'PARTFULFILLED';
    const at = fakeQimenTime(this.now());
    const orderLines = doc.lines
      .filter((l) => (done.get(l.orderLineNo) ?? 0) > 0)
      .map((l) => ({ orderLineNo: l.orderLineNo, ownerCode: l.ownerCode, itemCode: l.itemCode, planQty: l.planQty, actualQty: done.get(l.orderLineNo)!, inventoryType: 'ZP' }));
    const header: XmlObject = {
      [head.code]: doc.code,
      [head.id]: doc.id,
      warehouseCode: doc.warehouseCode,
      ...(doc.kind === 'entryorder' ? { ownerCode: doc.ownerCode, entryOrderType: doc.orderType ?? undefined } : { orderType: doc.orderType ?? undefined }),
      ...(doc.kind === 'returnorder' ? {} : { status: doc.status }),
      outBizCode: options.outBizCode ?? (final ? undefined : `${doc.code}-${this.seq++}`),
      confirmType: final ? 0 : 1,
      ...(doc.kind === 'entryorder' ? { operateTime: at } : { orderConfirmTime: at, operateTime: at }),
    };
    const body = toXml('request', {
      [head.order]: header,
      ...(shipping
        ? {
            packages: {
              package: {
                logisticsCode: options.logisticsCode ?? 'SF',
                expressCode: options.expressCode ?? `SF${String(Date.now()).slice(-10)}`,
                items: { item: orderLines.map((l) => ({ itemCode: l.itemCode, quantity: l.actualQty })) },
              },
            },
          }
        : {}),
      orderLines: { orderLine: orderLines },
    });
    return this.sendCallback(`taobao.qimen.${doc.kind}.confirm`, body, { customerId: doc.customerId });
  }

  /** Posts a callback to our endpoint, signed unless told otherwise. */
  async sendCallback(method: string, body: string, options: { customerId: string; timestamp?: string; sign?: string; appKey?: string }): Promise<CallbackExchange> {
    if (!this.callbackUrl) throw new Error('the fake has no callback address');
    const params: Record<string, string> = {
      method,
      app_key: options.appKey ?? this.options.appKey,
      customerId: options.customerId,
      format: 'xml',
      v: '2.0',
      sign_method: 'md5',
      timestamp: options.timestamp ?? fakeQimenTime(this.now()),
    };
    params.sign = options.sign ?? fakeQimenSign(this.options.appSecret, params, body);
    return this.post(`${this.callbackUrl}?${new URLSearchParams(params).toString()}`, body);
  }

  /** Sends a callback again exactly as it was (a replay). */
  resend(exchange: CallbackExchange): Promise<CallbackExchange> {
    return this.post(exchange.url, exchange.body);
  }

  private async post(url: string, body: string): Promise<CallbackExchange> {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/xml;charset=UTF-8' }, body });
    const answer = await response.text();
    let root: XmlElement | null;
    try {
      root = parseXml(answer);
    } catch {
      root = null;
    }
    return { url, body, status: response.status, answer, flag: textOf(root, 'flag'), code: textOf(root, 'code'), message: textOf(root, 'message') };
  }
}

export const startFakeQimen = (options: FakeQimenOptions) => new FakeQimen(options).start();
