// Database refusals caused by a caller's value become validation refusals, not server faults.
import { describe, expect, it } from 'vitest';
import { AppError, inputRefusalOf } from './errors.js';

const wrapped = (code: string, extra: Record<string, unknown> = {}) => ({ message: 'Failed query', cause: Object.assign(new Error('pg'), { code, ...extra }) });

describe('database refusals of input', () => {
  it('turns numeric overflow, invalid text and too-long values into a 400 naming what is wrong', () => {
    for (const [code, text] of [
      ['22003', 'a number is out of range'],
      ['22P02', 'a value has the wrong form'],
      ['22021', 'a text holds characters that cannot be stored'],
      ['22001', 'a value is longer than allowed'],
    ] as const) {
      const refusal = inputRefusalOf(wrapped(code), 'en');
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: 'ERR_VALIDATION', httpStatus: 400, fields: [{ field: '(body)', message: text }] });
      expect(refusal!.params.detail).toBe(`(body): ${text}`);
    }
  });

  it('names the column when the database does, and answers a duplicate with 409', () => {
    expect(inputRefusalOf(wrapped('23502', { column: 'name' }), 'zh')).toMatchObject({ httpStatus: 400, params: { field: 'name' } });
    expect(inputRefusalOf(wrapped('23505'), 'en')).toMatchObject({ httpStatus: 409 });
  });

  it('leaves other errors alone (a lost connection, a deadlock, a bug)', () => {
    expect(inputRefusalOf(wrapped('40P01'), 'en')).toBeNull();
    expect(inputRefusalOf(Object.assign(new Error('x'), { code: 'ECONNRESET' }), 'en')).toBeNull();
    expect(inputRefusalOf(new TypeError('x is undefined'), 'en')).toBeNull();
  });

  it('gives a validation refusal raised without its detail one built from its fields or field', () => {
    expect(new AppError('ERR_VALIDATION', 400, { field: 'a' }, [{ field: 'a', message: 'required' }]).params.detail).toBe('a: required');
    expect(new AppError('ERR_VALIDATION', 400, { field: 'a' }).params.detail).toBe('a: invalid value');
  });
});
