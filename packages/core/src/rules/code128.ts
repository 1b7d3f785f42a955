// Code 128 barcodes (ISO/IEC 15417) for waybill labels: the text becomes a list of bar and space
// widths in modules (bar first), ready to draw as SVG. Code set B carries printable ASCII; runs of
// 4 or more digits (at the start or end, or 6+ in the middle) switch to code set C (two digits per
// symbol), which keeps long express numbers short. The checksum is the start value plus each
// symbol value times its position, modulo 103.

/** The 107 patterns: bar/space widths of each symbol value 0–106 (106 = stop, 7 elements). */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const CODE128 = { START_B: 104, START_C: 105, CODE_B: 100, CODE_C: 99, STOP: 106 } as const;

export class Code128Error extends Error {
  constructor(readonly character: string) {
    super(`Code 128 cannot encode ${JSON.stringify(character)}`);
  }
}

/** The symbol values of text, start and checksum included, stop excluded. */
export function code128Values(text: string): number[] {
  if (!text.length) throw new Code128Error('');
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (ch.length !== 1 || c < 32 || c > 126) throw new Code128Error(ch);
  }
  const values: number[] = [];
  let set: 'B' | 'C' | null = null;
  let i = 0;
  const digitRun = (from: number) => {
    let j = from;
    while (j < text.length && text[j]! >= '0' && text[j]! <= '9') j++;
    return j - from;
  };
  while (i < text.length) {
    const run = digitRun(i);
    const atStart = i === 0;
    const atEnd = i + run === text.length;
    const useC = (atStart && atEnd && run >= 2 && run % 2 === 0) || (atStart || atEnd ? run >= 4 : run >= 6);
    if (useC) {
      // An odd run: the first digit goes in code set B (or the last, at the start of the text).
      let take = run - (run % 2);
      if (run % 2 === 1 && atStart) {
        take = run - 1;
      } else if (run % 2 === 1) {
        // one digit in set B first
        if (set !== 'B') {
          values.push(set === null ? CODE128.START_B : CODE128.CODE_B);
          set = 'B';
        }
        values.push(text.charCodeAt(i) - 32);
        i++;
      }
      if (set !== 'C') {
        values.push(set === null ? CODE128.START_C : CODE128.CODE_C);
        set = 'C';
      }
      for (let k = 0; k < take; k += 2) values.push(Number(text.slice(i + k, i + k + 2)));
      i += take;
    } else {
      if (set !== 'B') {
        values.push(set === null ? CODE128.START_B : CODE128.CODE_B);
        set = 'B';
      }
      values.push(text.charCodeAt(i) - 32);
      i++;
    }
  }
  values.push(code128Checksum(values));
  return values;
}

/** Start value + Σ value × position (1-based), modulo 103. */
export function code128Checksum(valuesWithStart: readonly number[]): number {
  let sum = valuesWithStart[0]!;
  for (let p = 1; p < valuesWithStart.length; p++) sum += valuesWithStart[p]! * p;
  return sum % 103;
}

/** Bar and space widths in modules, bar first, stop pattern included (no quiet zones). */
export function code128Widths(text: string): number[] {
  const values = [...code128Values(text), CODE128.STOP];
  const widths: number[] = [];
  for (const v of values) for (const d of PATTERNS[v]!) widths.push(Number(d));
  return widths;
}

/** The bars as [x, width] in modules, and the total width (quiet zones of 10 modules each side). */
export function code128Bars(text: string, quiet = 10): { bars: Array<[number, number]>; modules: number } {
  const widths = code128Widths(text);
  const bars: Array<[number, number]> = [];
  let x = quiet;
  widths.forEach((w, k) => {
    if (k % 2 === 0) bars.push([x, w]);
    x += w;
  });
  return { bars, modules: x + quiet };
}
