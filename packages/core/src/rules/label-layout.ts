// Where a label's elements land on the label (spec 02 §9 offsets; spec 01 §9 default offsets 5).
// The offsets move the whole content to make up for a printer that prints off-centre, but never
// past the label's edge: each offset applies as far as it can while every element stays on the
// label (a 5 mm offset on a 100 × 40 label whose content reaches 2 mm from the right edge moves
// it 2 mm), so nothing is cut off — the routing code and the barcode least of all. An element that
// is itself larger than the label (a template saved before sizes were checked) is cut to the
// label's size and kept on it.

export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LabelFrame {
  width: number;
  height: number;
  xOffset: number;
  yOffset: number;
  elements: readonly LabelBox[];
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** The offset along one axis: as asked, within what keeps every element's [start, end) on [0, size]. */
function axisOffset(asked: number, size: number, starts: number[], ends: number[]): number {
  if (!starts.length) return 0;
  const lo = -Math.min(...starts);
  const hi = size - Math.max(...ends);
  // Content wider than the label cannot fit at any offset: it starts at the label's edge.
  return lo > hi ? lo : clamp(asked, lo, hi);
}

/** The offsets the content is printed with (mm): the template's, limited to keep it on the label. */
export function appliedOffsets(frame: LabelFrame): { x: number; y: number } {
  const els = frame.elements;
  return {
    x: axisOffset(frame.xOffset, frame.width, els.map((e) => e.x), els.map((e) => e.x + e.w)),
    y: axisOffset(frame.yOffset, frame.height, els.map((e) => e.y), els.map((e) => e.y + e.h)),
  };
}

/** Whether the template's offsets had to be limited to keep the content on the label. */
export function offsetsLimited(frame: LabelFrame): boolean {
  const applied = appliedOffsets(frame);
  return Math.abs(applied.x - frame.xOffset) > 1e-9 || Math.abs(applied.y - frame.yOffset) > 1e-9;
}

/** Each element's box on the label (mm) once the offsets are applied; every box lies inside the label. */
export function placeLabelElements<T extends LabelBox>(frame: Omit<LabelFrame, 'elements'> & { elements: readonly T[] }): T[] {
  const offset = appliedOffsets(frame);
  return frame.elements.map((e) => {
    const w = Math.min(e.w, frame.width);
    const h = Math.min(e.h, frame.height);
    return Object.assign({}, e, { w, h, x: clamp(e.x + offset.x, 0, frame.width - w), y: clamp(e.y + offset.y, 0, frame.height - h) });
  });
}
