// The Qimen (奇门) wire protocol as published (shared/CONNECTORS.md §10): system parameters in the
// query string (method, app_key, customerId, format=xml, v=2.0, sign_method=md5, timestamp in
// GMT+8, sign), the business payload an XML body `<request>…</request>`, answers
// `<response><flag>success|failure</flag><code/><message/>…</response>`. The signature is
// MD5(secret + sorted key+value of the query parameters but sign + body + secret), upper-case hex.
// Also a small XML reader and writer: the payloads are plain elements and text (no attributes,
// no namespaces), so nothing more is needed.
import { createHash, timingSafeEqual } from 'node:crypto';

export const QIMEN_DEFAULT_GATEWAY = 'https://qimen.api.taobao.com/router/qimen/service';
/** The published requests' timestamp tolerance of the TOP family (±10 minutes). */
export const QIMEN_TIMESTAMP_WINDOW_MS = 10 * 60 * 1000;

/** The query parameters' string fed to the digest: keys in ASCII order, key+value, empty values left out. */
export function qimenSignString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => k + params[k])
    .join('');
}

/** MD5(secret + sorted params + body + secret), upper-case hex. */
export function qimenSign(secret: string, params: Record<string, string>, body: string): string {
  return createHash('md5')
    .update(secret + qimenSignString(params) + body + secret, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** Whether `sign` is the signature of the parameters and body (compared in constant time). */
export function qimenSignatureMatches(secret: string, params: Record<string, string>, body: string, sign: string): boolean {
  const expected = Buffer.from(qimenSign(secret, params, body));
  const given = Buffer.from(sign.toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in GMT+8, the platform's clock. */
export function qimenTimestamp(at: Date): string {
  const t = new Date(at.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

/** A `yyyy-MM-dd HH:mm:ss` GMT+8 time, or null when it is not one. */
export function parseQimenTime(text: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec((text ?? '').trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));
  return Number.isNaN(at.getTime()) ? null : at;
}

// ---- XML ---------------------------------------------------------------------------------------

export interface XmlElement {
  name: string;
  children: XmlElement[];
  /** The element's own text (trimmed), entities resolved. */
  text: string;
}

export class XmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlError';
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    const v = ENTITIES[e];
    if (v === undefined) throw new XmlError(`unknown entity ${whole}`);
    return v;
  });
}

/** Reads an XML document into elements; throws XmlError when it is not well formed. */
export function parseXml(source: string): XmlElement {
  let i = 0;
  const text = source.replace(/^\uFEFF/, '');
  const stack: { el: XmlElement; parts: string[] }[] = [];
  let root: XmlElement | null = null;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = lt < 0 ? text.slice(i) : text.slice(i, lt);
    if (chunk.length) {
      if (stack.length) stack[stack.length - 1]!.parts.push(decodeEntities(chunk));
      else if (chunk.trim()) throw new XmlError('text outside the root element');
    }
    if (lt < 0) break;
    if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt);
      if (end < 0) throw new XmlError('unterminated declaration');
      i = end + 2;
    } else if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt);
      if (end < 0) throw new XmlError('unterminated comment');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt);
      if (end < 0 || !stack.length) throw new XmlError('misplaced CDATA');
      stack[stack.length - 1]!.parts.push(text.slice(lt + 9, end));
      i = end + 3;
    } else if (text.startsWith('<!', lt)) {
      throw new XmlError('document type declarations are not accepted');
    } else if (text.startsWith('</', lt)) {
      const end = text.indexOf('>', lt);
      if (end < 0) throw new XmlError('unterminated closing tag');
      const name = text.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.el.name !== name) throw new XmlError(`closing tag </${name}> does not match <${open?.el.name ?? ''}>`);
      open.el.text = open.parts.join('').trim();
      if (stack.length) stack[stack.length - 1]!.el.children.push(open.el);
      else root = open.el;
      i = end + 1;
    } else {
      const end = text.indexOf('>', lt);
      if (end < 0) throw new XmlError('unterminated tag');
      let inner = text.slice(lt + 1, end);
      const selfClosing = inner.endsWith('/');
      if (selfClosing) inner = inner.slice(0, -1);
      const name = /^[A-Za-z_][\w.-]*/.exec(inner)?.[0];
      if (!name) throw new XmlError('a tag without a name');
      if (root) throw new XmlError('more than one root element');
      const el: XmlElement = { name, children: [], text: '' };
      if (selfClosing) {
        if (stack.length) stack[stack.length - 1]!.el.children.push(el);
        else root = el;
      } else stack.push({ el, parts: [] });
      i = end + 1;
    }
  }
  if (stack.length) throw new XmlError(`<${stack[stack.length - 1]!.el.name}> is not closed`);
  if (!root) throw new XmlError('no root element');
  return root;
}

/** The first child of that name (a path of names: 'deliveryOrder/deliveryOrderCode'). */
export function child(el: XmlElement | null | undefined, path: string): XmlElement | null {
  let at: XmlElement | null = el ?? null;
  for (const name of path.split('/')) {
    at = at?.children.find((c) => c.name === name) ?? null;
    if (!at) return null;
  }
  return at;
}

/** The text of the child at the path, or null when absent or empty. */
export function textOf(el: XmlElement | null | undefined, path: string): string | null {
  const found = child(el, path);
  return found && found.text !== '' ? found.text : null;
}

/** Every child of that name (`orderLines` → its `orderLine`s: children(child(req, 'orderLines'), 'orderLine')). */
export function children(el: XmlElement | null | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** What an element holds when written: text, nested elements, or repeated elements (an array). */
export type XmlValue = string | number | null | undefined | XmlObject | XmlObject[];
export interface XmlObject {
  [name: string]: XmlValue;
}

// eslint-disable-next-line no-control-regex
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
export const escapeXml = (text: string) => clean(text).replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** Writes `{ a: 'x', lines: [{ l: 1 }, { l: 2 }] }` under `name`; null and undefined are left out, an array repeats its tag. */
export function toXml(name: string, value: XmlObject): string {
  const write = (tag: string, v: XmlValue): string => {
    if (v === null || v === undefined) return '';
    if (Array.isArray(v)) return v.map((item) => write(tag, item)).join('');
    if (typeof v === 'object') return `<${tag}>${Object.entries(v).map(([k, inner]) => write(k, inner)).join('')}</${tag}>`;
    return `<${tag}>${escapeXml(String(v))}</${tag}>`;
  };
  return write(name, value);
}

/** A Qimen answer: `<response><flag/><code/><message/>…</response>` (what our callback endpoint answers). */
export function qimenResponseXml(flag: 'success' | 'failure', code: string, message: string, extra: XmlObject = {}): string {
  return '<?xml version="1.0" encoding="utf-8"?>' + toXml('response', { flag, code, message, ...extra });
}
