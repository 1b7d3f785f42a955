// Column headers wrap between words, never inside one (styles.css). A table laid out with fixed
// column widths (fixed columns, a fixed header, ellipsis) cannot widen a column whose header word
// is longer than its width, so the word would run over the next header; this gives such a column
// the width of its longest word in the reader's language, measured in the header font.
import { theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';

/** Horizontal padding of a header cell at the largest table size, both sides. */
const CELL_PADDING = 2 * 16;
/** Room for a sort arrow and for a filter trigger beside the title. */
const SORTER_ROOM = 20;
const FILTER_ROOM = 24;
/** Rounding and font differences between the canvas and the page. */
const SLACK = 4;

// Where a header may break: after white space and hyphens in most scripts, and between any two
// characters of Chinese, Japanese and Korean text (as the browser does with word-break: normal).
const CJK = '\\u2E80-\\u9FFF\\uAC00-\\uD7AF\\uF900-\\uFAFF\\uFF00-\\uFFEF';
const UNBREAKABLE = new RegExp(`[${CJK}]|[^\\s${CJK}\\-\\u2010]+[\\-\\u2010]?`, 'g');

/** The parts of a header that cannot be broken across lines. */
export function unbreakableParts(title: string): string[] {
  return title.match(UNBREAKABLE) ?? [];
}

let context: CanvasRenderingContext2D | null | undefined;
const measured = new Map<string, number>();

function textWidth(text: string): number {
  const known = measured.get(text);
  if (known !== undefined) return known;
  if (context === undefined) {
    const token = theme.getDesignToken();
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (context) context.font = `${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`;
  }
  const width = context ? context.measureText(text).width : 0;
  measured.set(text, width);
  return width;
}

/** The width a column needs so that no word of its header is wider than the cell. */
export function headerWordWidth(title: string, room = 0): number {
  const widest = Math.max(0, ...unbreakableParts(title).map(textWidth));
  return Math.ceil(widest + CELL_PADDING + room + SLACK);
}

/** The columns, each at least as wide as the longest word of its (text) header. */
export function fitHeaderWidths<T>(columns: ColumnsType<T>): ColumnsType<T> {
  return columns.map((column) => {
    if (typeof column.title !== 'string' || typeof column.width !== 'number') return column;
    const room = (column.sorter ? SORTER_ROOM : 0) + (column.filters || column.filterDropdown ? FILTER_ROOM : 0);
    const needed = headerWordWidth(column.title, room);
    return needed > column.width ? { ...column, width: needed } : column;
  });
}
