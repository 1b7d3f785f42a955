// Exact decimal arithmetic for money, weights and sizes: a value is an integer of units at a
// scale (12.3400 is 123400 at scale 4). Never float sums (STYLE.md, Contracts).

export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d+))?$/;

function numberToText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent form: expand it without losing the digits the number holds.
  return value.toFixed(20).replace(/\.?0+$/, '');
}

export function parseDecimal(value: number | string | Decimal): Decimal {
  if (typeof value === 'object') return value;
  const text = typeof value === 'number' ? numberToText(value) : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new RangeError(`not a decimal number: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(whole! + fraction) * (sign === '-' ? -1n : 1n);
  return { units, scale: fraction.length };
}

export function isDecimalText(value: string): boolean {
  return DECIMAL_TEXT.test(value.trim());
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

export function rescale(d: Decimal, scale: number): Decimal {
  if (scale === d.scale) return d;
  if (scale > d.scale) return { units: d.units * pow10(scale - d.scale), scale };
  return roundHalfUp(d, scale);
}

/** Rounds half away from zero to `places` decimals. */
export function roundHalfUp(value: number | string | Decimal, places: number): Decimal {
  const d = parseDecimal(value);
  if (d.scale <= places) return rescale(d, places);
  const divisor = pow10(d.scale - places);
  const negative = d.units < 0n;
  const abs = negative ? -d.units : d.units;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return { units: negative ? -q : q, scale: places };
}

export function addDecimals(a: number | string | Decimal, b: number | string | Decimal): Decimal {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return { units: rescale(x, scale).units + rescale(y, scale).units, scale };
}

export function multiplyDecimals(...values: (number | string | Decimal)[]): Decimal {
  return values.map(parseDecimal).reduce((acc, d) => ({ units: acc.units * d.units, scale: acc.scale + d.scale }), {
    units: 1n,
    scale: 0,
  });
}

/** Divides by 10^power exactly (a negative power multiplies): moves the decimal point. */
export function shiftDecimal(value: number | string | Decimal, power: number): Decimal {
  const d = parseDecimal(value);
  const scale = d.scale + power;
  if (scale >= 0) return { units: d.units, scale };
  return { units: d.units * pow10(-scale), scale: 0 };
}

export function formatDecimal(value: number | string | Decimal, places: number): string {
  const d = roundHalfUp(value, places);
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places > 0 ? '.' + digits.slice(digits.length - places) : '';
  return (negative && d.units !== 0n ? '-' : '') + whole + fraction;
}

/** Number of decimals written in a value ('1.250' has 3). */
export function decimalPlaces(value: number | string): number {
  const text = typeof value === 'number' ? numberToText(value) : value.trim();
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function compareDecimals(a: number | string | Decimal, b: number | string | Decimal): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  const diff = rescale(x, scale).units - rescale(y, scale).units;
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

/** a ÷ b rounded half away from zero to `places` decimals. */
export function divideDecimals(a: number | string | Decimal, b: number | string | Decimal, places: number): Decimal {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (y.units === 0n) throw new RangeError('division by zero');
  // x / y = (x.units / 10^x.scale) / (y.units / 10^y.scale); scale the numerator so the
  // quotient has `places` decimals plus one guard step handled by the rounding below.
  const exponent = places + y.scale - x.scale;
  let numerator = exponent >= 0 ? x.units * pow10(exponent) : x.units;
  let denominator = exponent >= 0 ? y.units : y.units * pow10(-exponent);
  const negative = numerator < 0n !== denominator < 0n;
  if (numerator < 0n) numerator = -numerator;
  if (denominator < 0n) denominator = -denominator;
  let q = numerator / denominator;
  if ((numerator % denominator) * 2n >= denominator) q += 1n;
  return { units: negative ? -q : q, scale: places };
}
