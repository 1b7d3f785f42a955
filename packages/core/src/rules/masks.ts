// Display masks for personal data (spec 01 §5, spec 02 §3.5).

/** A mainland mobile number: 11 digits starting with 1. */
export const MOBILE_PATTERN = /^1\d{10}$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

/** Landline with area code and optional extension: 010-12345678, 0571-1234567-123. */
export const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;

/** Phone numbers show the first 3 digits, stars, then the last 4. */
export function maskPhone(value: string | null | undefined): string {
  if (!value) return '';
  const chars = Array.from(value);
  if (chars.length < 8) return maskText(value);
  return chars.slice(0, 3).join('') + '*'.repeat(chars.length - 7) + chars.slice(-4).join('');
}

/**
 * Other strings show stars except the last 4 characters. A string of 4 characters or fewer
 * (a short name) keeps only its last character, so that a mask always hides something.
 */
export function maskText(value: string | null | undefined): string {
  if (!value) return '';
  const chars = Array.from(value);
  if (chars.length <= 1) return '*';
  const keep = chars.length > 4 ? 4 : 1;
  return '*'.repeat(chars.length - keep) + chars.slice(-keep).join('');
}

/** Masks a value by its kind: phone-bearing fields use the phone mask. */
export function maskValue(value: string | null | undefined, kind: 'phone' | 'text'): string {
  return kind === 'phone' ? maskPhone(value) : maskText(value);
}
