// The editor's canvas: the label drawn at the paper pixel-to-mm rate (4.25 px/mm, spec 02 §9) times
// a zoom, each element a box that can be dragged and resized with the mouse; the contents are the
// preview values (a real order's or sample data), barcodes drawn by the Code 128 encoder and QR codes from the `qrcode` module matrix.
import { useRef } from 'react';
import { PRINT_DEFAULTS, type PrintElement } from '@openseller/core';
import { elementHtml, fieldValue, type LabelLayout } from '../label-html';

const round = (v: number) => Math.round(v * 2) / 2;

export function TemplateCanvas({
  layout,
  values,
  zoom,
  selected,
  onSelect,
  onChange,
  labelOf,
}: {
  layout: LabelLayout;
  values: Record<string, string>;
  zoom: number;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onChange: (index: number, patch: Partial<PrintElement>) => void;
  labelOf: (field: string) => string;
}) {
  const scale = PRINT_DEFAULTS.pxPerMm * zoom;
  const drag = useRef<{ index: number; mode: 'move' | 'size'; x0: number; y0: number; el: PrintElement } | null>(null);

  function start(e: React.PointerEvent, index: number, mode: 'move' | 'size') {
    e.stopPropagation();
    e.preventDefault();
    onSelect(index);
    drag.current = { index, mode, x0: e.clientX, y0: e.clientY, el: layout.elements[index]! };
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  }
  function move(e: React.PointerEvent) {
    const d = drag.current;
    if (!d) return;
    const dx = (e.clientX - d.x0) / scale;
    const dy = (e.clientY - d.y0) / scale;
    if (d.mode === 'move') {
      onChange(d.index, { x: Math.max(0, Math.min(layout.width - d.el.w, round(d.el.x + dx))), y: Math.max(0, Math.min(layout.height - d.el.h, round(d.el.y + dy))) });
    } else {
      onChange(d.index, { w: Math.max(1, Math.min(layout.width - d.el.x, round(d.el.w + dx))), h: Math.max(1, Math.min(layout.height - d.el.y, round(d.el.h + dy))) });
    }
  }
  const end = () => (drag.current = null);

  return (
    <div style={{ overflow: 'auto', padding: 16, background: '#f0f0f0', borderRadius: 6 }} onPointerDown={() => onSelect(null)}>
      <div
        role="application"
        aria-label="canvas"
        style={{ position: 'relative', width: layout.width * scale, height: layout.height * scale, background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,.25)', fontFamily: `${PRINT_DEFAULTS.fontFamily}, serif`, userSelect: 'none' }}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      >
        {layout.elements.map((el, i) => (
          <div
            key={i}
            title={labelOf(el.field)}
            onPointerDown={(e) => start(e, i, 'move')}
            style={{
              position: 'absolute',
              left: el.x * scale,
              top: el.y * scale,
              width: el.w * scale,
              height: el.h * scale,
              outline: selected === i ? '2px solid #1677ff' : '1px dashed #999',
              cursor: 'move',
              overflow: 'hidden',
            }}
          >
            {/* The content at real size, scaled to the canvas. */}
            <div
              style={{ width: `${el.w}mm`, height: `${el.h}mm`, transform: `scale(${scale / (96 / 25.4)})`, transformOrigin: '0 0', fontSize: `${el.fontSize || layout.fontSize}pt`, fontWeight: el.bold ? 700 : 400, lineHeight: 1.15, wordBreak: 'break-all', pointerEvents: 'none' }}
              dangerouslySetInnerHTML={{ __html: elementHtml(el, fieldValue(values, el.field) || labelOf(el.field)) }}
            />
            <span
              aria-label="resize"
              onPointerDown={(e) => start(e, i, 'size')}
              style={{ position: 'absolute', right: 0, bottom: 0, width: 8, height: 8, background: selected === i ? '#1677ff' : '#999', cursor: 'nwse-resize' }}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
