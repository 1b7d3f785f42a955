import { describe, expect, it } from 'vitest';
import { barcodeSvg, labelHtml, printDocument, QR_MARGIN, qrSvg } from './label-html';

const layout = { width: 100, height: 40, xOffset: 5, yOffset: 5, fontSize: 10, elements: [{ field: 'receiverName' as const, x: 2, y: 3, w: 40, h: 6, fontSize: 10, bold: true }, { field: 'expressNo' as const, x: 2, y: 15, w: 90, h: 15, fontSize: 10, bold: false }] };

describe('label html', () => {
  it('places elements in millimetres, moved by the offsets, and escapes text', () => {
    const html = labelHtml(layout, { receiverName: '<张三>', expressNo: 'ZTO123' });
    expect(html).toContain('width:100mm;height:40mm');
    expect(html).toContain('left:7mm;top:8mm;width:40mm;height:6mm');
    expect(html).toContain('&lt;张三&gt;');
    expect(html).toContain('<svg');
  });

  it('draws one rect per bar of the Code 128 encoding', () => {
    const svg = barcodeSvg('ABC', 50, 10);
    // 5 symbols × 3 bars + the stop's 4 bars
    expect(svg.match(/<rect/g)).toHaveLength(19);
  });

  it('sizes the printed page to the label with one label a page', () => {
    const doc = printDocument(layout, [{}, {}], 'labels');
    expect(doc).toContain('@page { size: 100mm 40mm; margin: 0; }');
    expect(doc.match(/class="page"/g)).toHaveLength(2);
  });

  it('moves the content by the offsets only as far as keeps it on the label', () => {
    // Content 2 mm from the right edge: a 5 mm offset moves it 2 mm, not past the edge.
    const wide = { ...layout, elements: [{ field: 'routing' as const, x: 2, y: 1, w: 96, h: 6, fontSize: 12, bold: true }] };
    const html = labelHtml(wide, { routing: '310-A01' });
    expect(html).toContain('left:4mm;top:6mm;width:96mm;height:6mm');
    expect(printDocument(wide, [{}], 'labels')).not.toContain('translate(');
  });

  it('draws the waybill number as a QR code of 21 modules (version 1) fitting the element box as a square', () => {
    // Server labels carry expressNo only: the QR field encodes it.
    const qrLayout = { ...layout, elements: [{ field: 'expressNoQr' as const, x: 70, y: 5, w: 25, h: 20, fontSize: 10, bold: false }] };
    const html = labelHtml(qrLayout, { expressNo: 'ZTO7312345678901' });
    const svg = /<svg[^>]*data-modules="(\d+)"[^>]*>.*?<\/svg>/.exec(html);
    expect(svg).not.toBeNull();
    expect(svg![1]).toBe('21');
    expect(svg![0]).toContain(`viewBox="0 0 ${21 + 2 * QR_MARGIN} ${21 + 2 * QR_MARGIN}"`);
    expect(svg![0]).toContain('width:20mm;height:20mm');
    expect(svg![0]).toContain('aria-label="ZTO7312345678901"');
    // The top-left finder pattern: a run of 7 dark modules on the first row.
    expect(svg![0]).toContain(`<rect x="${QR_MARGIN}" y="${QR_MARGIN}" width="7" height="1"/>`);
  });

  it('grows the QR code to 25 modules (version 2) for a number past the 34 digits of version 1-M', () => {
    const svg = qrSvg('1'.repeat(40), 30, 40);
    expect(svg).toContain('data-modules="25"');
    expect(svg).toContain('viewBox="0 0 29 29"');
    expect(svg).toContain('width:30mm;height:30mm');
    // Every module drawn lies inside the matrix.
    for (const [, x, y, w] of svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="1"\/>/g)) {
      expect(Number(x)).toBeGreaterThanOrEqual(QR_MARGIN);
      expect(Number(x) + Number(w)).toBeLessThanOrEqual(QR_MARGIN + 25);
      expect(Number(y)).toBeLessThan(QR_MARGIN + 25);
    }
  });

  it('leaves an empty QR field as text', () => {
    expect(qrSvg('', 20, 20)).not.toContain('<svg');
  });
});
