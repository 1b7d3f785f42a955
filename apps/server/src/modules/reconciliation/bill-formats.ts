// Reading platform bill files into money-event drafts (pure: bytes in, drafts and problems out).
// Formats (shared/RECONCILIATION.md): the Alipay business detail (业务明细) and account detail
// (账务明细) — a zip of GBK CSV files with `#` comment lines —, the Tmall/Taobao seller export of
// the account detail with its preamble, the Douyin settlement detail (amounts in fen) and the
// Douyin fund-flow export. A file is recognised by its header row, never by its name.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import type { BillProblem, BillSource } from '@openseller/core';

export interface MoneyEventDraft {
  sourceLineId: string;
  orderNo: string | null;
  subOrderNo: string | null;
  afterSaleNo: string | null;
  eventType: string;
  amountFen: number;
  occurredAt: Date | null;
  settledAt: Date;
  /** The line as read: column → text (a file's line is kept as a RawLine until it is written). */
  raw: Record<string, string> | RawLine;
  /** The file's line (1-based) the draft was read from; none for a marketplace pull. */
  line?: number;
}

export interface ParsedBill {
  source: BillSource;
  headers: string[][];
  /** The header of the column that holds the order number (where a line for an unknown order is reported). */
  orderColumn: string;
  lineCount: number;
  drafts: MoneyEventDraft[];
  problems: BillProblem[];
}

export class BillFileRefused extends Error {
  constructor(readonly reason: 'UNKNOWN_FORMAT' | 'UNKNOWN_ENCODING', readonly detail: string) {
    super(detail);
  }
}

// ---- bytes → text ----------------------------------------------------------------------------

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else GBK when they decode cleanly. */
export function decodeBillText(data: Buffer): string {
  if (data.includes(0)) throw new BillFileRefused('UNKNOWN_ENCODING', 'the file holds binary data, not text');
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    const text = iconv.decode(data, 'gbk');
    if (text.includes('\uFFFD')) throw new BillFileRefused('UNKNOWN_ENCODING', 'the text is neither UTF-8 nor GBK');
    return text;
  }
}

const inflateRaw = promisify(zlib.inflateRaw);

/**
 * A zip entry's bytes, inflated by Node's zlib (native, off the event loop) when JSZip found it
 * deflated or stored: JSZip's own inflate (pure JS, in small chunks) is several times slower — a
 * second or more per 100,000 bill lines. Anything else, or bytes that do not inflate to the size the
 * zip says, go through JSZip as before (which then says what is wrong).
 */
async function entryBytes(entry: JSZip.JSZipObject): Promise<Buffer> {
  const data = (entry as unknown as { _data?: { compressedContent?: unknown; compression?: { magic?: string }; uncompressedSize?: number } })._data;
  const content = data?.compressedContent;
  if (content instanceof Uint8Array && typeof data?.uncompressedSize === 'number') {
    const magic = data.compression?.magic;
    const bytes = magic === '\x08\x00' ? await inflateRaw(content).catch(() => null) : magic === '\x00\x00' ? Buffer.from(content) : null;
    if (bytes && bytes.length === data.uncompressedSize) return bytes;
  }
  return Buffer.from(await entry.async('uint8array'));
}

/** The CSV texts of a bill file: the file itself, or every detail CSV in a zip (the 汇总 summary files are left out). */
export async function billTexts(data: Buffer): Promise<{ name: string; text: string }[]> {
  if (ZIP_SIGNATURE.every((b, i) => data[i] === b)) {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(data);
    } catch {
      throw new BillFileRefused('UNKNOWN_FORMAT', 'the zip cannot be opened');
    }
    const entries = Object.values(zip.files).filter((f) => !f.dir && /\.csv$/i.test(f.name) && !f.name.includes('汇总'));
    if (!entries.length) throw new BillFileRefused('UNKNOWN_FORMAT', 'the zip holds no detail CSV file');
    const texts: { name: string; text: string }[] = [];
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      texts.push({ name: entry.name, text: decodeBillText(await entryBytes(entry)) });
    }
    return texts;
  }
  return [{ name: '', text: decodeBillText(data) }];
}

/** One CSV record: its cells (trimmed: Alipay pads cells with tabs) and where it is in the text. */
export interface CsvRecord {
  cells: string[];
  start: number;
  end: number;
}

/**
 * RFC 4180 records, one at a time (a bill of a million lines is never held as rows). A line
 * without a quote is split natively; a quoted one is read character by character.
 */
export function* csvRecords(text: string, from = 0): Generator<CsvRecord> {
  let at = from;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    const lineEnd = end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const line = text.slice(at, lineEnd);
    if (line.includes('"') || line.includes('\r')) break;
    const cells = line.split(',');
    for (let i = 0; i < cells.length; i++) cells[i] = cells[i]!.trim();
    yield { cells, start: at, end: lineEnd };
    at = end + 1;
  }
  if (at < text.length) yield* slowRecords(text, at);
}

function* slowRecords(text: string, from: number): Generator<CsvRecord> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let start = from;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === ',') {
      row.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') {
      const end = i;
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell.trim());
      yield { cells: row, start, end };
      row = [];
      cell = '';
      start = i + 1;
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell.trim());
    yield { cells: row, start, end: text.length };
  }
}

/** RFC 4180 rows; cells trimmed (Alipay pads cells with tabs). */
export function csvRows(text: string): string[][] {
  return [...csvRecords(text)].map((r) => r.cells);
}

/**
 * The raw line of a bill file as kept for the ledger (once per line, in `bill_lines`, whatever the
 * number of its events): its ordinal in the import (`seq`, over every CSV of a zip), its line number
 * in its CSV and its text as in the file (`{ "line": 7, "text": "…" }` when read); the header row is
 * kept once, on the import (bill_imports.header).
 */
export class RawLine {
  constructor(
    readonly line: number,
    readonly text: string,
    readonly seq = line,
  ) {}
  toJson(): string {
    return `{"line":${this.line},"text":${JSON.stringify(this.text)}}`;
  }
}

// ---- values ----------------------------------------------------------------------------------

/** Yuan text ("12.34", "-0.6", "1,234.50", "+3") to fen, exactly; null when it is not an amount. */
export function yuanToFen(text: string): number | null {
  const t = text.replace(/[,\s¥￥]/g, '');
  const m = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) return null;
  return m[1] === '-' ? -fen : fen;
}

/** Whole fen text to fen. */
export function fenText(text: string): number | null {
  const t = text.replace(/[,\s]/g, '');
  if (!/^[+-]?\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

/** Platform times are China time (UTC+8) unless they say otherwise; a unix time in seconds is taken too. */
let lastTimeText = '';
let lastTime: Date | null = null;

export function chinaTime(text: string): Date | null {
  // Bills are sorted by time: the next line's time is often the same text.
  if (text === lastTimeText) return lastTime;
  lastTime = parseChinaTime(text);
  lastTimeText = text;
  return lastTime;
}

function parseChinaTime(text: string): Date | null {
  const t = text.trim();
  if (/^\d{10}$/.test(t)) return new Date(Number(t) * 1000);
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));
  // 2026-02-30 rolls over into March: not a date.
  return new Date(date.getTime() + 8 * 3600_000).getUTCDate() === d ? date : null;
}

/** A header cell without its unit and spaces: "商家实收（元）" → "商家实收". */
const headerKey = (cell: string) => cell.replace(/[（(][^）)]*[）)]/g, '').replace(/\s/g, '');

// ---- formats ---------------------------------------------------------------------------------

interface LineContext {
  line: number;
  get(column: string): string;
  problem(field: string, code: string, message: string): void;
}

interface Format {
  source: BillSource;
  /** Every one of these (header keys) is in the header row. */
  required: string[];
  /** The column of the order number. */
  orderColumn: string;
  /** The drafts of one line (none for a line that moves no money). */
  read(l: LineContext): MoneyEventDraft[];
}

function amountOf(l: LineContext, column: string, unit: 'yuan' | 'fen', optional = false): number {
  const text = l.get(column);
  if (text === '' && optional) return 0;
  const fen = unit === 'yuan' ? yuanToFen(text) : fenText(text);
  if (fen === null) {
    l.problem(column, 'BAD_AMOUNT', text === '' ? `${column}: no amount` : `${column}: "${text}" is not an amount`);
    return 0;
  }
  return fen;
}

function timeOf(l: LineContext, column: string, optional = false): Date | null {
  const text = l.get(column);
  if (text === '' && optional) return null;
  const at = chinaTime(text);
  if (!at) l.problem(column, 'BAD_TIME', text === '' ? `${column}: no time` : `${column}: "${text}" is not a date-time`);
  return at;
}

const orderNoOf = (text: string) => (text ? text.replace(/^T200P/, '') : null);

/** Account-detail business types and descriptions → event types (the first rule that matches). */
const ACCOUNT_RULES: [RegExp, string][] = [
  [/退款|售后/, 'refund'],
  [/天猫佣金|淘宝客佣金|佣金/, 'fee:commission'],
  [/运费|快递/, 'fee:freight'],
  [/技术服务费|服务费|软件服务|年费/, 'fee:service'],
  [/红包|补贴|优惠|返现|集分宝/, 'subsidy:platform'],
  [/交易|在线支付|收款|货款/, 'sale'],
];

function accountEventType(words: string, amountFen: number): string {
  for (const [rule, type] of ACCOUNT_RULES) if (rule.test(words)) return type === 'fee:freight' && amountFen > 0 ? 'subsidy:freight' : type;
  return 'adjustment';
}

const NO_RAW: Record<string, string> = {};

function one(l: LineContext, id: string, type: string, amountFen: number, orderNo: string | null, settledAt: Date | null, occurredAt: Date | null, extra: Partial<MoneyEventDraft> = {}): MoneyEventDraft[] {
  if (!settledAt) return [];
  return [{ sourceLineId: id, orderNo, subOrderNo: null, afterSaleNo: null, eventType: type, amountFen, occurredAt, settledAt, raw: NO_RAW, ...extra }];
}

const ALIPAY_TRADE: Format = {
  source: 'ALIPAY_TRADE',
  orderColumn: '商户订单号',
  required: ['支付宝交易号', '商户订单号', '业务类型', '完成时间', '商家实收', '服务费'],
  read(l) {
    const tradeNo = l.get('支付宝交易号');
    if (!tradeNo) l.problem('支付宝交易号', 'MISSING', '支付宝交易号: missing');
    const kind = l.get('业务类型');
    const refund = kind.includes('退款');
    if (!refund && !kind.includes('交易')) l.problem('业务类型', 'BAD_TYPE', `业务类型: "${kind}" is neither 交易 nor 退款`);
    const batch = l.get('退款批次号/请求号');
    const received = amountOf(l, '商家实收', 'yuan');
    const fee = amountOf(l, '服务费', 'yuan', true);
    const share = amountOf(l, '分润', 'yuan', true);
    const settledAt = timeOf(l, '完成时间');
    const occurredAt = timeOf(l, '创建时间', true);
    const orderNo = orderNoOf(l.get('商户订单号'));
    if (!orderNo) l.problem('商户订单号', 'MISSING', '商户订单号: missing');
    const key = `${tradeNo}:${refund ? batch || 'refund' : 'trade'}`;
    const extra = { afterSaleNo: refund ? batch || null : null };
    const drafts = one(l, `${key}:${refund ? 'refund' : 'sale'}`, refund ? 'refund' : 'sale', refund ? -Math.abs(received) : received, orderNo, settledAt, occurredAt, extra);
    // The service fee is charged on a trade and given back on its refund: its sign is kept when negative-as-printed, else taken as a charge.
    if (fee) drafts.push(...one(l, `${key}:fee`, 'fee:service', refund ? Math.abs(fee) : -Math.abs(fee), orderNo, settledAt, occurredAt, extra));
    if (share) drafts.push(...one(l, `${key}:share`, 'fee:profit_share', refund ? Math.abs(share) : -Math.abs(share), orderNo, settledAt, occurredAt, extra));
    return drafts;
  },
};

function accountFormat(source: BillSource, required: string[], orderColumn: string): Format {
  return {
    source,
    required,
    orderColumn,
    read(l) {
      const serial = l.get('账务流水号');
      if (!serial) l.problem('账务流水号', 'MISSING', '账务流水号: missing');
      const income = amountOf(l, '收入金额', 'yuan', true);
      const expense = amountOf(l, '支出金额', 'yuan', true);
      const amountFen = Math.abs(income) - Math.abs(expense);
      const settledAt = timeOf(l, '发生时间');
      const words = `${l.get('业务类型')} ${l.get('业务描述')} ${l.get('备注')}`;
      const eventType = accountEventType(words, amountFen);
      const orderNo = orderNoOf(l.get(orderColumn) || l.get('商户订单号'));
      if (!orderNo && (eventType === 'sale' || eventType === 'refund')) l.problem(orderColumn, 'MISSING', `${orderColumn}: missing on a ${eventType} line`);
      if (amountFen === 0) return [];
      return one(l, serial, eventType, amountFen, orderNo, settledAt, settledAt, { subOrderNo: l.get('业务订单号') || null });
    },
  };
}

const ALIPAY_ACCOUNT = accountFormat('ALIPAY_ACCOUNT', ['账务流水号', '业务流水号', '商户订单号', '发生时间', '收入金额', '支出金额', '业务类型'], '商户订单号');
const TAOBAO_EXPORT = accountFormat('TAOBAO_EXPORT', ['账务流水号', '发生时间', '收入金额', '支出金额', '业务描述', '业务基础订单号'], '业务基础订单号');

/** Douyin settlement detail (order.getSettleBillDetailV3 fields; fen). */
const DOUYIN_SETTLE_PARTS: [string, string, 1 | -1][] = [
  ['platform_coupon', 'subsidy:platform', 1],
  ['author_coupon', 'subsidy:talent', 1],
  ['pay_promotion', 'subsidy:pay', 1],
  ['platform_service_fee', 'fee:service', -1],
  ['commission', 'fee:commission', -1],
  ['good_learn_channel_fee', 'fee:channel', -1],
  ['colonel_service_fee', 'fee:recruitment', -1],
  ['shop_refund_loss', 'fee:refund_loss', -1],
  ['refund', 'refund', -1],
];

const DOUYIN_SETTLE: Format = {
  source: 'DOUYIN_SETTLE',
  orderColumn: 'shop_order_id',
  required: ['shop_order_id', 'order_id', 'settle_time', 'total_income', 'settle_amount', 'commission', 'platform_service_fee'],
  read(l) {
    const orderNo = l.get('shop_order_id');
    if (!orderNo) l.problem('shop_order_id', 'MISSING', 'shop_order_id: missing');
    const subOrderNo = l.get('order_id') || null;
    const base = l.get('request_no') || `${subOrderNo ?? orderNo}:${l.get('settle_time')}`;
    const settledAt = timeOf(l, 'settle_time');
    const settle = amountOf(l, 'settle_amount', 'fen');
    const income = amountOf(l, 'total_income', 'fen');
    const extra = { subOrderNo };
    const parts = DOUYIN_SETTLE_PARTS.map(([column, type, sign]) => ({ column, type, fen: sign * Math.abs(amountOf(l, column, 'fen', true)) }));
    const subsidies = parts.filter((p) => p.type.startsWith('subsidy:')).reduce((s, p) => s + p.fen, 0);
    const drafts: MoneyEventDraft[] = [];
    const sale = income - subsidies;
    if (sale) drafts.push(...one(l, `${base}:sale`, 'sale', sale, orderNo || null, settledAt, settledAt, extra));
    for (const p of parts) if (p.fen) drafts.push(...one(l, `${base}:${p.column}`, p.type, p.fen, orderNo || null, settledAt, settledAt, extra));
    // What the line says was settled is the truth; a part this reading does not know is kept as an adjustment.
    const rest = settle - drafts.reduce((s, d) => s + d.amountFen, 0);
    if (rest) drafts.push(...one(l, `${base}:rest`, 'adjustment', rest, orderNo || null, settledAt, settledAt, extra));
    return drafts;
  },
};

/** Douyin fund-flow export (资金流水, yuan): one line per money movement of a sub-order. */
const DOUYIN_FUNDFLOW_PARTS: [string, string, 1 | -1 | 0][] = [
  ['订单实付应结', 'sale', 0],
  ['运费实付', 'subsidy:freight', 1],
  ['实际平台补贴', 'subsidy:platform', 1],
  ['实际达人补贴', 'subsidy:talent', 1],
  ['抖音支付补贴', 'subsidy:pay', 1],
  ['银行补贴', 'subsidy:bank', 1],
  ['政府补贴平台垫资', 'subsidy:government', 1],
  ['免佣', 'subsidy:commission_waiver', 1],
  ['订单退款', 'refund', -1],
  ['平台服务费', 'fee:service', -1],
  ['佣金', 'fee:commission', -1],
  ['服务商佣金', 'fee:partner_commission', -1],
  ['渠道分成', 'fee:channel', -1],
  ['招商服务费', 'fee:recruitment', -1],
  ['站外推广费', 'fee:promotion', -1],
  ['其他分成', 'fee:other', -1],
  ['打包费', 'fee:packing', -1],
];

const DOUYIN_FUNDFLOW: Format = {
  source: 'DOUYIN_FUNDFLOW',
  orderColumn: '订单号',
  required: ['动账流水号', '动账时间', '订单号', '子订单号', '订单实付应结', '平台服务费', '佣金'],
  read(l) {
    const serial = l.get('动账流水号');
    if (!serial) l.problem('动账流水号', 'MISSING', '动账流水号: missing');
    const orderNo = l.get('订单号');
    if (!orderNo) l.problem('订单号', 'MISSING', '订单号: missing');
    const settledAt = timeOf(l, '动账时间');
    const extra = { subOrderNo: l.get('子订单号') || null, afterSaleNo: l.get('售后编号') || null };
    const drafts: MoneyEventDraft[] = [];
    for (const [column, type, sign] of DOUYIN_FUNDFLOW_PARTS) {
      const fen = amountOf(l, column, 'yuan', true);
      const signed = sign === 0 ? fen : sign * Math.abs(fen);
      if (signed) drafts.push(...one(l, `${serial}:${column}`, type, signed, orderNo || null, settledAt, settledAt, extra));
    }
    return drafts;
  },
};

/**
 * Kuaishou bill (快手, as Kuaimai's kmzk.ks.source.bill.list.get publishes it [S]): one line per
 * settled order, yuan. 实付, 平台补贴, 主播补贴, 技术服务费, 达人佣金, 团长佣金 are the published
 * fields; 订单号, 结算时间 (needed), 账单编号, 退款 and 结算金额 (optional) are our reading [U].
 * As with Douyin, a 结算金额 the parts do not add up to is kept as an adjustment.
 */
const KUAISHOU_PARTS: [string, string, 1 | -1][] = [
  ['平台补贴', 'subsidy:platform', 1],
  ['主播补贴', 'subsidy:streamer', 1],
  ['技术服务费', 'fee:service', -1],
  ['达人佣金', 'fee:commission', -1],
  ['团长佣金', 'fee:recruitment', -1],
  ['退款', 'refund', -1],
];

const KUAISHOU_BILL: Format = {
  source: 'KUAISHOU_BILL',
  orderColumn: '订单号',
  required: ['订单号', '结算时间', '实付', '平台补贴', '主播补贴', '技术服务费', '达人佣金'],
  read(l) {
    const orderNo = l.get('订单号');
    if (!orderNo) l.problem('订单号', 'MISSING', '订单号: missing');
    const settledAt = timeOf(l, '结算时间');
    const base = l.get('账单编号') || `${orderNo}:${l.get('结算时间')}`;
    const drafts: MoneyEventDraft[] = [];
    const paid = amountOf(l, '实付', 'yuan');
    if (paid) drafts.push(...one(l, `${base}:sale`, 'sale', paid, orderNo || null, settledAt, settledAt));
    for (const [column, type, sign] of KUAISHOU_PARTS) {
      const fen = sign * Math.abs(amountOf(l, column, 'yuan', true));
      if (fen) drafts.push(...one(l, `${base}:${column}`, type, fen, orderNo || null, settledAt, settledAt));
    }
    if (l.get('结算金额') !== '') {
      const rest = amountOf(l, '结算金额', 'yuan') - drafts.reduce((sum, d) => sum + d.amountFen, 0);
      if (rest) drafts.push(...one(l, `${base}:rest`, 'adjustment', rest, orderNo || null, settledAt, settledAt));
    }
    return drafts;
  },
};

/**
 * Pinduoduo bill detail (拼多多 merchant backend, as scraped [S]): billId, orderSn, amount (fen),
 * type, classId / classDesc, financeId, billOutBizCode. The time column `createdAt` (unix seconds or
 * a date-time) and the sign rules are our reading [U]: a negative amount stays negative; a `type`
 * of 2 / EXPENSE / 支出 or a refund / fee class is money out.
 */
const PDD_CLASSES: [RegExp, string][] = [
  [/退款|售后/, 'refund'],
  [/技术服务费|服务费/, 'fee:service'],
  [/佣金|多多进宝|推广/, 'fee:commission'],
  [/运费/, 'fee:freight'],
  [/优惠券|补贴|返现|红包/, 'subsidy:coupon'],
  [/交易收入|订单收入|货款|交易/, 'sale'],
];
const PDD_OUT = /^(2|EXPENSE|支出|OUT)$/i;

const PDD_BILL: Format = {
  source: 'PDD_BILL',
  orderColumn: 'orderSn',
  required: ['billId', 'orderSn', 'amount', 'classDesc', 'createdAt'],
  read(l) {
    const billId = l.get('billId');
    if (!billId) l.problem('billId', 'MISSING', 'billId: missing');
    const words = `${l.get('classDesc')} ${l.get('type')}`;
    const eventType = PDD_CLASSES.find(([rule]) => rule.test(words))?.[1] ?? 'adjustment';
    const fen = amountOf(l, 'amount', 'fen');
    const out = fen < 0 || PDD_OUT.test(l.get('type')) || eventType === 'refund' || eventType.startsWith('fee:');
    const amountFen = out ? -Math.abs(fen) : Math.abs(fen);
    const orderNo = l.get('orderSn') || null;
    if (!orderNo && (eventType === 'sale' || eventType === 'refund')) l.problem('orderSn', 'MISSING', `orderSn: missing on a ${eventType} line`);
    const settledAt = timeOf(l, 'createdAt');
    if (!amountFen) return [];
    return one(l, billId, eventType, amountFen, orderNo, settledAt, settledAt, { afterSaleNo: eventType === 'refund' ? l.get('billOutBizCode') || null : null });
  },
};

const FORMATS: Format[] = [ALIPAY_TRADE, TAOBAO_EXPORT, ALIPAY_ACCOUNT, DOUYIN_SETTLE, DOUYIN_FUNDFLOW, KUAISHOU_BILL, PDD_BILL];

/** The header row of a text (after `#` comments and a preamble, in its first 30 rows) and the format it names. */
function findHeader(text: string): { format: Format; keys: string[]; cells: string[]; next: number } | null {
  let n = 0;
  for (const record of csvRecords(text)) {
    if (n++ >= 30) break;
    const row = record.cells;
    if (!row.length || row[0]!.startsWith('#')) continue;
    const keys = row.map(headerKey);
    const format = FORMATS.find((f) => f.required.every((r) => keys.includes(r)));
    if (format) return { format, keys, cells: row, next: nextLine(text, record.end) };
  }
  return null;
}

/** Where the record after one ending at `end` starts. */
const nextLine = (text: string, end: number) => (text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1);

/** Whether a row is a data row (not a comment, a blank, or the footer's 总计/合计 and `#` lines). */
const isDataRow = (row: string[]) => row.some((c) => c !== '') && !row[0]!.startsWith('#') && !/^(总计|合计|#-+)/.test(row[0]!);

/** Lines (about) in the texts, counted before reading, for progress. */
export function estimateLines(texts: { text: string }[]): number {
  let n = 0;
  for (const { text } of texts) for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** What reading a bill found, besides the drafts handed to the sink. */
export interface BillReading {
  source: BillSource;
  /** The header row of each text, as in the file. */
  headers: string[][];
  orderColumn: string;
  lineCount: number;
  problems: BillProblem[];
}

/** Lines per chunk handed to the sink. */
export const CHUNK_LINES = 50_000;

/**
 * Reads every text of a bill file (one format per file), handing the drafts of good lines to
 * `sink` a chunk at a time (every CHUNK_LINES lines), so a file of a million lines is never held
 * as rows or drafts all at once. Every bad line is collected. Line numbers are of the text (1-based).
 */
export async function readBillTexts(
  texts: { name: string; text: string }[],
  sink: (drafts: MoneyEventDraft[], reading: { source: BillSource; orderColumn: string; lines: number; problems: BillProblem[] }) => Promise<void>,
): Promise<BillReading> {
  let format: Format | null = null;
  const problems: BillProblem[] = [];
  const headers: string[][] = [];
  const seen = new Map<string, number>();
  let lineCount = 0;
  let chunk: MoneyEventDraft[] = [];
  let chunkLines = 0;
  const flush = async () => {
    const drafts = chunk;
    chunk = [];
    chunkLines = 0;
    await sink(drafts, { source: format!.source, orderColumn: format!.orderColumn, lines: lineCount, problems });
  };
  for (const { name, text } of texts) {
    const header = findHeader(text);
    if (!header) throw new BillFileRefused('UNKNOWN_FORMAT', `${name || 'the file'}: no header row of a known bill format`);
    if (format && format.source !== header.format.source) throw new BillFileRefused('UNKNOWN_FORMAT', 'the zip mixes bill formats');
    format = header.format;
    headers.push(header.cells);
    const index = new Map<string, number>();
    header.keys.forEach((k, i) => {
      if (k && !index.has(k)) index.set(k, i);
    });
    // Line numbers: count the line breaks before each record (records may hold quoted line breaks).
    let line = 1;
    let counted = 0;
    const lineOf = (offset: number) => {
      for (let i = text.indexOf('\n', counted); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
        line++;
        counted = i + 1;
      }
      if (counted < offset) counted = offset;
      return line;
    };
    for (const record of csvRecords(text, header.next)) {
      const row = record.cells;
      if (!isDataRow(row)) continue;
      lineCount++;
      const lineNo = lineOf(record.start);
      const lineProblems: BillProblem[] = [];
      const l: LineContext = {
        line: lineNo,
        get: (column) => {
          const i = index.get(column);
          return i === undefined ? '' : (row[i] ?? '');
        },
        problem: (field, code, message) => lineProblems.push({ line: lineNo, field, code, message }),
      };
      const lineDrafts = header.format.read(l);
      const raw = new RawLine(lineNo, text.slice(record.start, record.end), lineCount);
      for (const d of lineDrafts) {
        const first = seen.get(d.sourceLineId);
        if (first !== undefined) lineProblems.push({ line: lineNo, field: '(line)', code: 'DUPLICATE_LINE', message: `the same bill line as line ${first} (${d.sourceLineId})` });
        else seen.set(d.sourceLineId, lineNo);
        d.raw = raw;
        d.line = lineNo;
      }
      if (lineProblems.length) problems.push(...lineProblems.filter((p, k) => lineProblems.findIndex((q) => q.code === p.code && q.field === p.field) === k));
      else for (const d of lineDrafts) chunk.push(d);
      if (++chunkLines >= CHUNK_LINES) await flush();
    }
  }
  if (format) await flush();
  return { source: format!.source, headers, orderColumn: format!.orderColumn, lineCount, problems };
}

/** Reads every text of a bill file into drafts held together (small files, tests). */
export async function parseBillTexts(texts: { name: string; text: string }[]): Promise<ParsedBill> {
  const drafts: MoneyEventDraft[] = [];
  const reading = await readBillTexts(texts, async (chunk) => {
    for (const d of chunk) drafts.push(d);
  });
  return { ...reading, drafts };
}

export async function parseBillFile(data: Buffer): Promise<ParsedBill> {
  return parseBillTexts(await billTexts(data));
}

/** The raw line of a draft as a JSON text. */
export const rawJson = (raw: MoneyEventDraft['raw']): string => (raw instanceof RawLine ? raw.toJson() : JSON.stringify(raw));

/** The result file of a refused import: every bad line, one row per problem (UTF-8 CSV with BOM). */
export function problemsCsv(problems: BillProblem[]): Buffer {
  const cell = (v: string | number) => `"${String(v).replaceAll('"', '""')}"`;
  const lines = ['line,field,code,message', ...problems.map((p) => [p.line, p.field, p.code, p.message].map(cell).join(','))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
