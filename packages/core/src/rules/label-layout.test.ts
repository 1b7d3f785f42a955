import { describe, expect, it } from 'vitest';
import { appliedOffsets, offsetsLimited, placeLabelElements, type LabelBox } from './label-layout.js';

const inside = (box: LabelBox, width: number, height: number) => box.x >= 0 && box.y >= 0 && box.x + box.w <= width + 1e-9 && box.y + box.h <= height + 1e-9;

// The normal system label: routing across the top, the barcode lower down, 2 mm from each side.
const normal = {
  width: 100,
  height: 40,
  xOffset: 5,
  yOffset: 5,
  elements: [
    { x: 2, y: 1, w: 96, h: 5.7 },
    { x: 2, y: 26.1, w: 96, h: 9.1 },
  ],
};

describe('label offsets', () => {
  it('moves the content only as far as keeps it on the label (5 mm asked, 2 mm of room on the right)', () => {
    expect(appliedOffsets(normal)).toEqual({ x: 2, y: expect.closeTo(4.8, 5) });
    expect(offsetsLimited(normal)).toBe(true);
    for (const box of placeLabelElements(normal)) expect(inside(box, 100, 40)).toBe(true);
    expect(placeLabelElements(normal)[0]).toMatchObject({ x: 4, w: 96 });
  });

  it('applies an offset in full when there is room, in either direction', () => {
    const roomy = { ...normal, elements: [{ x: 10, y: 10, w: 50, h: 10 }] };
    expect(appliedOffsets({ ...roomy, xOffset: 5, yOffset: -5 })).toEqual({ x: 5, y: -5 });
    expect(offsetsLimited({ ...roomy, xOffset: 5, yOffset: -5 })).toBe(false);
    expect(appliedOffsets({ ...roomy, xOffset: -20, yOffset: 0 })).toEqual({ x: -10, y: 0 });
  });

  it('keeps an element larger than the label on it, cut to the label', () => {
    const [box] = placeLabelElements({ width: 72, height: 5, xOffset: 5, yOffset: 5, elements: [{ x: 2, y: 0.5, w: 90, h: 8 }] });
    expect(box).toEqual({ x: 0, y: 0, w: 72, h: 5 });
  });

  it('keeps what else an element carries (its field, font)', () => {
    const [box] = placeLabelElements({ width: 60, height: 26, xOffset: 0, yOffset: 0, elements: [{ x: 1, y: 1, w: 10, h: 5, field: 'routing' }] });
    expect(box).toEqual({ x: 1, y: 1, w: 10, h: 5, field: 'routing' });
  });

  it('ignores the offsets of a label without elements', () => {
    expect(appliedOffsets({ width: 100, height: 40, xOffset: 5, yOffset: 5, elements: [] })).toEqual({ x: 0, y: 0 });
  });
});
