import { ErrorCodes, type FieldProblem } from '@openseller/core';

/**
 * An error with a stable code. The server words it in the caller's language (messages.ts); the
 * web app may word it itself from the code and params.
 */
export class AppError extends Error {
  readonly params: Record<string, string | number>;

  constructor(
    readonly code: string,
    readonly httpStatus: number = 400,
    params: Record<string, string | number> = {},
    readonly fields?: FieldProblem[],
  ) {
    super(code);
    this.name = 'AppError';
    // A validation refusal always says what is wrong: its message is "Invalid request: <detail>",
    // so a refusal raised with only its fields (or only the field's name) gets its detail here.
    this.params = code === ErrorCodes.VALIDATION && params.detail === undefined ? { ...params, detail: validationDetail(params, fields) } : params;
  }
}

function validationDetail(params: Record<string, string | number>, fields: FieldProblem[] | undefined): string {
  if (fields?.length) return fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return params.field !== undefined ? `${params.field}: invalid value` : 'invalid value';
}

/** A validation refusal naming each field and what is wrong with it. */
export const invalidInput = (fields: FieldProblem[]) => new AppError(ErrorCodes.VALIDATION, 400, { field: fields[0]?.field ?? '(body)' }, fields);

export const unauthorized = () => new AppError(ErrorCodes.SESSION_INFO_NOT_EXIST, 401);
export const forbidden = () => new AppError(ErrorCodes.NO_PERMISSION, 403);
export const notFound = (what: string) => new AppError(ErrorCodes.NOT_FOUND, 404, { what });
export const versionConflict = (what: string) => new AppError(ErrorCodes.VERSION_CONFLICT, 409, { what });

// PostgreSQL refusals a caller's value can cause (SQLSTATE class 22 "data exception", a missing
// reference, a broken check, a duplicate, a value past a limit). The edge checks should catch such
// values first; one that slips through is still the caller's mistake, refused, not a server fault.
const INPUT_REFUSALS: Array<{ test: (code: string) => boolean; status: number; zh: string; en: string }> = [
  { test: (c) => c === '22001', status: 400, zh: '有值超过了允许的长度', en: 'a value is longer than allowed' },
  { test: (c) => c === '22003', status: 400, zh: '有数值超出了允许的范围', en: 'a number is out of range' },
  { test: (c) => c === '22021' || c === '22P05', status: 400, zh: '有文本含有无法保存的字符', en: 'a text holds characters that cannot be stored' },
  { test: (c) => c === '22007' || c === '22008', status: 400, zh: '有日期或时间无效', en: 'a date or time is invalid' },
  { test: (c) => c.startsWith('22'), status: 400, zh: '有值的格式不正确', en: 'a value has the wrong form' },
  { test: (c) => c === '23503', status: 400, zh: '引用的记录不存在', en: 'a referenced record does not exist' },
  { test: (c) => c === '23502' || c === '23514', status: 400, zh: '有值不符合要求', en: 'a value is missing or not allowed' },
  { test: (c) => c === '23505', status: 409, zh: '已存在相同的记录', en: 'the same record already exists' },
  { test: (c) => c === '54000', status: 400, zh: '有值超过了系统限制', en: 'a value is past a system limit' },
];

/** The refusal for a database error caused by the caller's input, or null for any other error. */
export function inputRefusalOf(error: unknown, language: string): AppError | null {
  // Drizzle wraps the driver's error; the SQLSTATE is on the innermost cause.
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) continue;
    const refusal = INPUT_REFUSALS.find((r) => r.test(code));
    if (!refusal) return null;
    const column = (e as { column?: unknown }).column;
    const field = typeof column === 'string' && column ? column : '(body)';
    const message = language === 'zh' || language === 'zh_TW' ? refusal.zh : refusal.en;
    return new AppError(ErrorCodes.VALIDATION, refusal.status, { field }, [{ field, message }]);
  }
  return null;
}
