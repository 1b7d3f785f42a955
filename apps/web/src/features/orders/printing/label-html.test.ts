import { describe, expect, it } from 'vitest';
import { barcodeSvg, labelHtml, printDocument } from './label-html';

const layout = { width: 100, height: 40, xOffset: 5, yOffset: 5, fontSize: 10, elements: [{ field: 'receiverName' as const, x: 2, y: 3, w: 40, h: 6, fontSize: 10, bold: true }, { field: 'expressNo' as const, x: 2, y: 15, w: 90, h: 15, fontSize: 10, bold: false }] };

describe('label html', () => {
  it('places elements in millimetres and escapes text', () => {
    const html = labelHtml(layout, { receiverName: '<张三>', expressNo: 'ZTO123' });
    expect(html).toContain('width:100mm;height:40mm');
    expect(html).toContain('left:2mm;top:3mm;width:40mm;height:6mm');
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
});
