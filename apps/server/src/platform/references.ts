// Reference checkers: an area that uses another area's rows adds a checker to that area's registry
// list, so a row in use is not stopped or deleted (warehouses, locations, suppliers, express
// companies, stores, SKUs).
import type { Tx } from '../db/client.js';

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
