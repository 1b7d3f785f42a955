import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ImportFailure, problem, rowProblems } from './import-problems.js';

const Row = z.object({
  code: z.string().trim().min(1).max(8),
  qty: z.coerce.number().int().min(1).max(99),
  price: z.string().refine((v) => !/\.\d{5,}$/.test(v), 'Price cannot exceed four decimals'),
  kind: z.enum(['A', 'B']),
  note: z.string().refine(() => false, 'Something only this contract says'),
});

describe('import problems', () => {
  it('turns the problems of a row contract into codes with params, worded in the reader language', () => {
    const values = { code: '', qty: '0', price: '1.123456', kind: 'C', note: 'x' };
    const parsed = Row.safeParse(values);
    expect(parsed.success).toBe(false);
    const problems = rowProblems(parsed.error!, 'zh', values);
    const byField = Object.fromEntries(problems.map((p) => [p.field, p]));
    expect(byField.code).toMatchObject({ code: 'REQUIRED', message: '该字段不能为空' });
    expect(byField.qty).toMatchObject({ code: 'AT_LEAST', params: { min: 1 }, message: '不能小于 1' });
    expect(byField.price).toMatchObject({ code: 'DECIMALS', params: { max: 4 }, message: '最多 4 位小数' });
    expect(byField.kind).toMatchObject({ code: 'NOT_AN_OPTION', params: { value: 'C' } });
    expect(byField.note).toMatchObject({ code: 'INVALID', params: { detail: 'Something only this contract says' } });
  });

  it('names a text too long by its limit', () => {
    const values = { code: 'ABCDEFGHIJ', qty: '1', price: '1', kind: 'A', note: '' };
    const problems = rowProblems(Row.safeParse(values).error!, 'en', values);
    expect(problems.find((p) => p.field === 'code')).toMatchObject({ code: 'TOO_LONG', params: { max: 8 }, message: 'At most 8 characters' });
  });

  it('words a problem with its params filled', () => {
    expect(problem('en', 'warehouseCode', 'WAREHOUSE_STOPPED', { name: 'East' })).toEqual({ field: 'warehouseCode', code: 'WAREHOUSE_STOPPED', params: { name: 'East' }, message: 'The warehouse East is stopped' });
    expect(new ImportFailure('FILE_TOO_MANY_ROWS', { max: 10, rows: 12 }).message).toBe('At most 10 rows can be imported at once; the file has 12');
  });
});
