// Amounts in Chinese capital numerals (大写金额): digits 零 to 玖, units 拾 佰 仟 万 亿, and
// 元 角 分. Follows the payment-settlement convention: 整 after 元 or 角, never after 分.
import { roundHalfUp } from './decimal.js';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const IN_GROUP = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿'];

/** Largest amount written: 9999,9999,9999.99 (below a trillion). */
export const MAX_CAPITAL_AMOUNT = 999_999_999_999.99;

function integerToCapital(digits: string): string {
  let out = '';
  let pendingZero = false;
  const length = digits.length;
  for (let i = 0; i < length; i++) {
    const digit = Number(digits[i]);
    const position = length - 1 - i;
    const inGroup = position % 4;
    const group = Math.floor(position / 4);
    if (digit === 0) {
      pendingZero = out !== '';
    } else {
      if (pendingZero) out += '零';
      pendingZero = false;
      out += DIGITS[digit]! + IN_GROUP[inGroup]!;
    }
    if (inGroup === 0 && group > 0) {
      const groupDigits = digits.slice(Math.max(0, i - 3), i + 1);
      if (/[1-9]/.test(groupDigits)) out += GROUPS[group]!;
    }
  }
  return out;
}

export function toChineseCapital(amount: number | string): string {
  const rounded = roundHalfUp(amount, 2);
  const negative = rounded.units < 0n;
  const cents = negative ? -rounded.units : rounded.units;
  if (Number(cents) / 100 > MAX_CAPITAL_AMOUNT) throw new RangeError('amount too large for capital numerals');
  const yuan = cents / 100n;
  const jiao = Number((cents / 10n) % 10n);
  const fen = Number(cents % 10n);
  if (cents === 0n) return '零元整';

  let out = negative ? '负' : '';
  if (yuan > 0n) out += integerToCapital(yuan.toString()) + '元';
  if (jiao === 0 && fen === 0) return out + '整';
  if (jiao > 0) out += DIGITS[jiao]! + '角';
  else if (yuan > 0n) out += '零';
  if (fen > 0) out += DIGITS[fen]! + '分';
  else out += '整';
  return out;
}
