import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from '../rules/numbers.js';

/** The answer of every call. */
export type Envelope<T> = { success: true; data: T } | ErrorEnvelope;

export interface FieldProblem {
  field: string;
  message: string;
}

export interface ErrorEnvelope {
  success: false;
  errorCode: string;
  message: string;
  /** Values for the web app's translation of the code (a password rule, a wait in seconds). */
  params?: Record<string, string | number>;
  /** Per-field problems of a payload that failed validation. */
  fields?: FieldProblem[];
}

const MAX_PAGE_SIZE = PAGE_SIZE_OPTIONS[PAGE_SIZE_OPTIONS.length - 1]!;

export const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A row's optimistic-lock counter: an integer column, so at most 2^31 − 1. */
export const Version = z.number().int().nonnegative().max(2_147_483_647);

/** Page searches take { currentPage, pageSize, …filters }. */
export const PageQuery = z.object({
  currentPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export interface PageResult<T> {
  voList: T[];
  total: number;
  currentPage: number;
  pageSize: number;
}

export const IdInput = z.object({ id: Id });
export type IdInput = z.infer<typeof IdInput>;

export const IdListInput = z.object({ idList: z.array(Id).min(1).max(1000) });
export type IdListInput = z.infer<typeof IdListInput>;

/** A trimmed, non-empty text of bounded length. */
export const Text = (max: number) => z.string().trim().min(1).max(max);
/** A trimmed text that may be empty; empty becomes undefined. */
export const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** An ISO date-time or 'YYYY-MM-DD HH:mm:ss' text. */
export const DateTimeText = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(new Date(v.includes('T') ? v : v.replace(' ', 'T')).getTime()), 'Invalid date-time');

export function parseDateTimeText(value: string): Date {
  return new Date(value.includes('T') ? value : value.replace(' ', 'T'));
}
