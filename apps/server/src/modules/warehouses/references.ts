// What the warehouses, express and suppliers areas share: reference checkers other areas add to
// the registry lists, and the mapping of a unique-index violation to the field it concerns.
import type { Tx } from '../../db/client.js';

/** One kind of use of a row, e.g. { reason: 'purchase orders', count: 3 }. */
export interface ReferenceUse {
  reason: string;
  count: number;
}

/**
 * A checker an area adds to a registry list ('warehouse-references', 'location-references',
 * 'supplier-references', 'express-company-references', and the ones this area adds to:
 * 'store-references', 'sku-references'). It answers the uses of the given rows in its area;
 * an empty list means none.
 */
export type ReferenceChecker = (tx: Tx, domainId: number, ids: number[]) => Promise<ReferenceUse[]>;

/** Runs every checker of a list; answers the uses found, biggest first. */
export async function findReferences(checkers: ReferenceChecker[], tx: Tx, domainId: number, ids: number[]): Promise<ReferenceUse[]> {
  if (!ids.length) return [];
  const uses: ReferenceUse[] = [];
  for (const check of checkers) for (const use of await check(tx, domainId, ids)) if (use.count > 0) uses.push(use);
  return uses.sort((a, b) => b.count - a.count);
}

/** The constraint a unique-index violation names, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505') return pg.constraint ?? '';
  }
  return undefined;
}

/** Escapes LIKE wildcards in user text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export const iso = (d: Date) => d.toISOString();
