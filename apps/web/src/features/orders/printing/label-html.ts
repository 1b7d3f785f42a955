// Labels as HTML at exact millimetre size (spec 02 §9): each element placed in mm, text in SimSun at
// the element's size in points, the express number as a Code 128 barcode in SVG (packages/core
// encoder), and the QR field as a QR code drawn in SVG from the module matrix of the `qrcode` package. The print document puts one label per page with @page sized to the template, so
// the browser's print dialog prints (or saves as PDF) at the right size. The template's offsets move
// the content, never past the label's edge (packages/core placeLabelElements): every element is
// drawn inside the page.
import { BARCODE_FIELDS, code128Bars, placeLabelElements, PRINT_DEFAULTS, QR_FIELDS, type PrintElement, type PrintField } from '@openseller/core';
import QRCode from 'qrcode';
import { withStyleNonce } from '../../../app/csp';

export interface LabelLayout {
  width: number;
  height: number;
  xOffset: number;
  yOffset: number;
  fontSize: number;
  elements: PrintElement[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A Code 128 barcode filling w × h mm (the number printed under it when there is room). */
export function barcodeSvg(text: string, w: number, h: number): string {
  let bars: Array<[number, number]>;
  let modules: number;
  try {
    ({ bars, modules } = code128Bars(text));
  } catch {
    return `<span>${escapeHtml(text)}</span>`;
  }
  const withText = h >= 8;
  const barH = withText ? h - 3 : h;
  const rects = bars.map(([x, bw]) => `<rect x="${x}" y="0" width="${bw}" height="100"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${modules} 100" preserveAspectRatio="none" style="display:block;width:${w}mm;height:${barH}mm" role="img" aria-label="${escapeHtml(text)}"><g fill="#000">${rects}</g></svg>`;
  return withText ? `${svg}<div style="text-align:center;font-size:7pt;line-height:3mm">${escapeHtml(text)}</div>` : svg;
}

/** Quiet zone around a QR code, in modules (kept small: labels are small; scanners read 2 fine). */
export const QR_MARGIN = 2;

/**
 * A QR code (error correction M) of `text` as a square SVG of the largest side fitting w × h mm,
 * centred in the box: one rect per horizontal run of dark modules, in a viewBox of
 * (modules + 2 × QR_MARGIN) units a side.
 */
export function qrSvg(text: string, w: number, h: number): string {
  let matrix: { size: number; get(row: number, col: number): number | boolean };
  try {
    if (!text) throw new Error('empty');
    matrix = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  } catch {
    return `<span>${escapeHtml(text)}</span>`;
  }
  const n = matrix.size;
  const rects: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!matrix.get(r, c)) continue;
      const start = c;
      while (c + 1 < n && matrix.get(r, c + 1)) c++;
      rects.push(`<rect x="${start + QR_MARGIN}" y="${r + QR_MARGIN}" width="${c - start + 1}" height="1"/>`);
    }
  }
  const side = Math.min(w, h);
  const units = n + 2 * QR_MARGIN;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${units} ${units}" shape-rendering="crispEdges" data-modules="${n}" style="display:block;width:${side}mm;height:${side}mm;margin:0 auto" role="img" aria-label="${escapeHtml(text)}"><rect width="${units}" height="${units}" fill="#fff"/><g fill="#000">${rects.join('')}</g></svg>`;
}

/** The value an element shows: its own, else (for a QR field) the value of the field it encodes. */
export function fieldValue(values: Record<string, string>, field: PrintField): string {
  const source = QR_FIELDS[field];
  return values[field] || (source ? values[source] : undefined) || '';
}

/** One element's inner HTML. */
export function elementHtml(el: PrintElement, value: string): string {
  if ((BARCODE_FIELDS as readonly PrintField[]).includes(el.field)) return barcodeSvg(value, el.w, el.h);
  if (QR_FIELDS[el.field]) return qrSvg(value, el.w, el.h);
  return escapeHtml(value);
}

/** A length in mm as CSS reads it (no float noise such as 30.900000000000002). */
const mm = (v: number) => Math.round(v * 1000) / 1000;

/** The label: a box of width × height mm with its elements, moved by the offsets as far as the label allows. */
export function labelHtml(layout: LabelLayout, values: Record<string, string>): string {
  const inner = placeLabelElements(layout)
    .map((el) => {
      const style = `position:absolute;left:${mm(el.x)}mm;top:${mm(el.y)}mm;width:${mm(el.w)}mm;height:${mm(el.h)}mm;overflow:hidden;font-size:${el.fontSize || layout.fontSize}pt;font-weight:${el.bold ? 700 : 400};line-height:1.15;word-break:break-all`;
      return `<div class="el el-${el.field}" style="${style}">${elementHtml(el, fieldValue(values, el.field))}</div>`;
    })
    .join('');
  return `<div class="label" style="position:relative;width:${layout.width}mm;height:${layout.height}mm;overflow:hidden;font-family:${PRINT_DEFAULTS.fontFamily},'Songti SC',serif;color:#000;background:#fff">${inner}</div>`;
}

/** A whole print document: one label a page, pages the size of the label. */
export function printDocument(layout: LabelLayout, labels: Array<Record<string, string>>, title: string): string {
  const pages = labels.map((v) => `<section class="page">${labelHtml(layout, v)}</section>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
@page { size: ${layout.width}mm ${layout.height}mm; margin: 0; }
html, body { margin: 0; padding: 0; }
.page { width: ${layout.width}mm; height: ${layout.height}mm; overflow: hidden; page-break-after: always; break-after: page; }
.page:last-child { page-break-after: auto; break-after: auto; }
@media screen { body { background: #888; } .page { background: #fff; margin: 4mm auto; } }
</style></head><body>${pages}</body></html>`;
}

/** Prints the document from a hidden frame through the browser's print dialog (which can save as PDF). */
export function printHtml(html: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(withStyleNonce(html));
  doc.close();
  const win = frame.contentWindow!;
  const cleanup = () => setTimeout(() => frame.remove(), 1000);
  win.addEventListener('afterprint', cleanup, { once: true });
  setTimeout(() => {
    win.focus();
    win.print();
  }, 50);
}

/** Sample values for the editor's preview when no order is chosen. */
export const SAMPLE_VALUES: Record<PrintField, string> = {
  receiverName: '张三',
  receiverPhone: '13800138000',
  receiverAddress: '浙江省 杭州市 西湖区 文三路 100 号',
  senderName: '李四',
  senderPhone: '0571-88880000',
  senderAddress: '浙江省 杭州市 余杭区 仓前街道 1 号仓',
  orderCode: '2611211230000001',
  platformNo: 'TB1234567890',
  expressNo: 'ZTO7312345678901',
  expressNoQr: 'ZTO7312345678901',
  expressCompany: '中通快递',
  routing: '310-A01 杭州集包',
  itemsSummary: 'SKU-001×2; SKU-002×1',
  buyerMessage: '请尽快发货',
  sellerRemark: '送小样',
  printTime: '2026-11-21 12:00',
  packageNo: '1/2',
  insuredValue: '99.99',
};
