import { z } from 'zod';
import { DateTimeText, PageQuery } from './common.js';

/** Areas whose operation log is the business-document log (logs activeKey 1). */
export const DOCUMENT_LOG_AREAS = ['goods', 'mapping', 'promotions', 'stock', 'inbound', 'outbound', 'transfer', 'stockcheck', 'purchase', 'orders', 'aftersale', 'finance'] as const;
/** Areas whose operation log is the configuration log (logs activeKey 5). */
export const CONFIG_LOG_AREAS = ['accounts', 'stores', 'warehouses', 'express', 'courier-rules', 'suppliers', 'stocksync', 'print', 'system', 'settings'] as const;

export const OperationLogSearchInput = PageQuery.extend({
  area: z.string().trim().max(40).optional(),
  entityType: z.string().trim().max(40).optional(),
  /** The id or code of the record the entry is about. */
  entityId: z.string().trim().max(100).optional(),
  loginName: z.string().trim().max(64).optional(),
  action: z.string().trim().max(60).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
});
export type OperationLogSearchInput = z.infer<typeof OperationLogSearchInput>;

export interface OperationLogRow {
  id: number;
  area: string;
  entityType: string;
  entityId: string;
  action: string;
  loginName: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}
