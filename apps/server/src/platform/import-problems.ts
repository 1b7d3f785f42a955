// The problems an import finds, as codes of core's catalogue (catalogues/import-problems.ts) with
// their params; each also carries its text in the importer's language for a client that does not
// translate codes. Every importer words its problems here, and zod's problems of a row's
// contract become codes here: one place.
import { importProblemText, type ImportProblemCode, type ImportRowProblem, type Language } from '@openseller/core';

export const say = (language: Language, zh: string, en: string) => (language === 'zh' || language === 'zh_TW' ? zh : en);

export type ProblemParams = Record<string, string | number>;
/** A problem of one column of a row, before the row number is known. */
export type FieldProblem = Omit<ImportRowProblem, 'row'>;

/** A problem of a column: its code, params and text in the importer's language. */
export function problem(language: Language, field: string, code: ImportProblemCode, params: ProblemParams = {}): FieldProblem {
  return { field, code, params, message: importProblemText(code, params, language === 'zh' || language === 'zh_TW' ? 'zh' : 'en') };
}

/** A problem of a column of a numbered row. */
export function rowProblem(language: Language, row: number, field: string, code: ImportProblemCode, params: ProblemParams = {}): ImportRowProblem {
  return { row, ...problem(language, field, code, params) };
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const count = (word: string) => NUMBER_WORDS[word.toLowerCase()] ?? Number(word);

/**
 * The contracts' own messages (packages/core), by what they say, as codes. A message no pattern
 * knows becomes INVALID with the message as its detail.
 */
const CONTRACT_MESSAGES: [RegExp, (m: RegExpMatchArray) => [ImportProblemCode, ProblemParams?]][] = [
  [/cannot be empty$/i, () => ['REQUIRED']],
  [/(?:has|is) at most (\d+) characters$/i, (m) => ['TOO_LONG', { max: Number(m[1]) }]],
  [/(?:cannot exceed|has at most|at most) (\w+) decimals?$/i, (m) => ['DECIMALS', { max: count(m[1]!) }]],
  [/must be a number$/i, () => ['NOT_A_NUMBER']],
  [/cannot be negative$|that is not negative$/i, () => ['NEGATIVE']],
  [/too large$/i, () => ['TOO_LARGE']],
  [/whole number from (\d+) to (\d+)$/i, (m) => ['WHOLE_NUMBER_RANGE', { min: Number(m[1]), max: Number(m[2]) }]],
  [/must be a whole number(?: of pieces)?$/i, () => ['WHOLE_NUMBER']],
  [/must be at least (\d+)$/i, (m) => ['AT_LEAST', { min: Number(m[1]) }]],
  [/cannot exceed (\d+)$/i, (m) => ['AT_MOST', { max: Number(m[1]) }]],
  [/commas or semicolons/i, () => ['NO_SEPARATORS']],
  [/ASCII symbols only/i, () => ['ASCII_ONLY']],
  [/mobile number or a landline/i, () => ['PHONE']],
  [/uploaded picture/i, () => ['PICTURE']],
];

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
}

function codeOfIssue(i: Issue, value: string | undefined): [ImportProblemCode, ProblemParams?] {
  if (i.code === 'invalid_type') return value === undefined || value.trim() === '' ? ['REQUIRED'] : i.message.includes('number') ? ['NOT_A_NUMBER'] : ['INVALID', { detail: i.message }];
  if (i.code === 'invalid_value') return ['NOT_AN_OPTION', { value: value ?? '' }];
  if (i.code === 'too_small') {
    if (i.origin === 'number' || i.origin === 'int' || i.origin === 'bigint') return Number(i.minimum) === 0 ? ['NEGATIVE'] : ['AT_LEAST', { min: Number(i.minimum) }];
    return ['REQUIRED'];
  }
  if (i.code === 'too_big') {
    if (i.origin === 'number' || i.origin === 'int' || i.origin === 'bigint') return ['AT_MOST', { max: Number(i.maximum) }];
    return ['TOO_LONG', { max: Number(i.maximum) }];
  }
  for (const [pattern, make] of CONTRACT_MESSAGES) {
    const m = i.message.match(pattern);
    if (m) return make(m);
  }
  return ['INVALID', { detail: i.message }];
}

/** The problems of one row's contract (zod), named by column, as codes. `values` are the row's cells. */
export function rowProblems(error: { issues: Issue[] }, language: Language, values: Record<string, string | undefined> = {}): FieldProblem[] {
  return error.issues.map((i) => {
    const field = String(i.path[0] ?? '(row)');
    const [code, params] = codeOfIssue(i, values[field]);
    return problem(language, field, code, params);
  });
}

/**
 * A load that cannot go on: the task fails with this code (an import problem or an error code)
 * and, when the data changed since the check, the rows' problems.
 */
export class ImportFailure extends Error {
  constructor(
    readonly code: ImportProblemCode,
    readonly params: ProblemParams = {},
    readonly problems: ImportRowProblem[] = [],
  ) {
    super(importProblemText(code, params, 'en'));
  }
}
