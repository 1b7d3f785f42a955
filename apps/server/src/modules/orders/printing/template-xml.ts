// A template's layout as XML for printer components (spec 02 §7.13: /erp/CaiNiaoTemplate and its
// customTemplateXml): the label's size and offsets in mm, then one element per field at its
// place, text fields as <text>, barcode fields as <barcode>, QR fields as <qrcode>; with values
// given, each element carries its value (the custom area filled for one order).
import { BARCODE_FIELDS, PRINT_DEFAULTS, QR_FIELDS, type PrintTemplateRow } from '@openseller/core';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);
// Characters XML 1.0 does not allow at all are dropped.
// eslint-disable-next-line no-control-regex
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

const attrs = (values: Record<string, string | number | boolean>) =>
  Object.entries(values)
    .map(([k, v]) => `${k}="${escapeXml(clean(String(v)))}"`)
    .join(' ');

export function templateXml(template: PrintTemplateRow, values: Record<string, unknown>): string {
  const valueOf = (field: string): string | null => {
    const v = values[field];
    return v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<layout ${attrs({ id: template.id, name: template.name, kind: template.kind, unit: 'mm', width: template.width, height: template.height, xOffset: template.xOffset, yOffset: template.yOffset, fontSize: template.fontSize, fontFamily: PRINT_DEFAULTS.fontFamily })}>`,
  ];
  for (const e of template.elements) {
    const qrOf = QR_FIELDS[e.field];
    const tag = qrOf ? 'qrcode' : BARCODE_FIELDS.includes(e.field) ? 'barcode' : 'text';
    const value = valueOf(qrOf ?? e.field);
    const base = attrs({ field: e.field, left: e.x, top: e.y, width: e.w, height: e.h, fontSize: e.fontSize, bold: e.bold, ...(tag === 'barcode' ? { type: 'code128' } : {}) });
    lines.push(value === null ? `  <${tag} ${base}/>` : `  <${tag} ${base}>${escapeXml(clean(value))}</${tag}>`);
  }
  lines.push('</layout>');
  return lines.join('\n') + '\n';
}
