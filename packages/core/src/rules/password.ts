// Password policy of spec 01 §5. The zh messages are product text; other languages translate
// the rule code.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

export type PasswordRule = 'LENGTH' | 'CHARSET' | 'SAME_AS_USERNAME' | 'USERNAME_SIMPLE';

export const PASSWORD_RULE_MESSAGES_ZH: Record<PasswordRule, string> = {
  LENGTH: '密码长度请设置在8-20位',
  CHARSET: '密码需同时包含：字母、数字、符号',
  SAME_AS_USERNAME: '密码不能与用户名一样',
  USERNAME_SIMPLE: '密码不能是用户名与简单字符组合',
};

export const PASSWORD_RULE_MESSAGES_EN: Record<PasswordRule, string> = {
  LENGTH: 'The password must be 8 to 20 characters long',
  CHARSET: 'The password must contain letters, digits and symbols',
  SAME_AS_USERNAME: 'The password must not be the same as the username',
  USERNAME_SIMPLE: 'The password must not be the username plus a simple sequence of characters',
};

/**
 * A "simple" suffix: one character, an ascending or descending run of consecutive character
 * codes ('123', 'abc', '987'), or one character repeated ('!!!', '000').
 */
export function isSimpleSequence(text: string): boolean {
  const chars = Array.from(text);
  if (chars.length === 0) return false;
  if (chars.length === 1) return true;
  const codes = chars.map((c) => c.codePointAt(0)!);
  const steps = codes.slice(1).map((c, i) => c - codes[i]!);
  const allSame = (d: number) => steps.every((s) => s === d);
  return allSame(0) || allSame(1) || allSame(-1);
}

/** The first rule the password breaks, or null when it passes. */
export function checkPassword(password: string, username?: string | null): PasswordRule | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'LENGTH';
  const hasLetter = /[A-Za-z]/.test(password);
  const hasDigit = /[0-9]/.test(password);
  const hasSymbol = /[^A-Za-z0-9\s]/.test(password);
  if (!hasLetter || !hasDigit || !hasSymbol) return 'CHARSET';
  const name = (username ?? '').trim();
  if (name) {
    const lower = password.toLowerCase();
    const lowerName = name.toLowerCase();
    if (lower === lowerName) return 'SAME_AS_USERNAME';
    if (lower.startsWith(lowerName) && isSimpleSequence(password.slice(name.length))) return 'USERNAME_SIMPLE';
  }
  return null;
}
