import { describe, expect, it } from 'vitest';
import { checkPassword, isSimpleSequence, PASSWORD_RULE_MESSAGES_ZH } from './password.js';

describe('password policy', () => {
  it('accepts a password of letters, digits and symbols between 8 and 20 characters', () => {
    expect(checkPassword('Seller#2026go', 'demo')).toBeNull();
    expect(checkPassword('a1!aaaaa', 'demo')).toBeNull();
    expect(checkPassword('a1!' + 'x'.repeat(17), 'demo')).toBeNull();
  });

  it('rejects a password shorter than 8 or longer than 20 characters', () => {
    expect(checkPassword('a1!bcde', 'demo')).toBe('LENGTH');
    expect(checkPassword('a1!' + 'x'.repeat(18), 'demo')).toBe('LENGTH');
  });

  it('rejects a password without letters, digits or symbols', () => {
    expect(checkPassword('abcdefgh1', 'demo')).toBe('CHARSET');
    expect(checkPassword('abcdefgh!', 'demo')).toBe('CHARSET');
    expect(checkPassword('12345678!', 'demo')).toBe('CHARSET');
    expect(checkPassword('abcd 1234', 'demo')).toBe('CHARSET');
  });

  it('rejects the username itself, in any case', () => {
    expect(checkPassword('Admin#123', 'admin#123')).toBe('SAME_AS_USERNAME');
  });

  it('rejects the username plus one character, a run, or a repeated character', () => {
    expect(checkPassword('shop#2026!', 'shop#2026')).toBe('USERNAME_SIMPLE');
    expect(checkPassword('shop#1234', 'shop#1')).toBe('USERNAME_SIMPLE');
    expect(checkPassword('shop#1cba', 'shop#1')).toBe('USERNAME_SIMPLE');
    expect(checkPassword('shop#1!!!', 'shop#1')).toBe('USERNAME_SIMPLE');
    expect(checkPassword('shop#1132', 'shop#1')).toBeNull();
  });

  it('keeps the exact product messages', () => {
    expect(PASSWORD_RULE_MESSAGES_ZH).toEqual({
      LENGTH: '密码长度请设置在8-20位',
      CHARSET: '密码需同时包含：字母、数字、符号',
      SAME_AS_USERNAME: '密码不能与用户名一样',
      USERNAME_SIMPLE: '密码不能是用户名与简单字符组合',
    });
  });

  it('recognises simple sequences', () => {
    expect(isSimpleSequence('7')).toBe(true);
    expect(isSimpleSequence('6789')).toBe(true);
    expect(isSimpleSequence('fedc')).toBe(true);
    expect(isSimpleSequence('aaaa')).toBe(true);
    expect(isSimpleSequence('1357')).toBe(false);
    expect(isSimpleSequence('')).toBe(false);
  });
});
