import { z } from 'zod';
import { OPERATION_LOG_ENTITY_KINDS, type OperationLogAction, type OperationLogEntityKind } from '../catalogues/operation-log.js';
import { DateTimeText, PageQuery } from './common.js';

/** Areas whose operation log is the business-document log (logs activeKey 1). */
export const DOCUMENT_LOG_AREAS = ['goods', 'mapping', 'promotions', 'stock', 'inbound', 'outbound', 'transfer', 'stockcheck', 'purchase', 'orders', 'aftersale', 'finance'] as const;
/** Areas whose operation log is the configuration log (logs activeKey 5). */
export const CONFIG_LOG_AREAS = ['accounts', 'stores', 'warehouses', 'express', 'courier-rules', 'suppliers', 'stocksync', 'print', 'system', 'settings'] as const;

export const OperationLogSearchInput = PageQuery.extend({
  area: z.string().trim().max(40).optional(),
  entityType: z.enum(OPERATION_LOG_ENTITY_KINDS).optional(),
  /** One record's history: its id, read together with its kind (entityType). */
  entityId: z.string().trim().max(100).optional(),
  /** The code a person knows a record by, as the record column shows it (an order number, a goods code). */
  record: z.string().trim().max(100).optional(),
  loginName: z.string().trim().max(64).optional(),
  action: z.string().trim().max(60).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
}).refine((v) => !v.entityId || v.entityType, { path: ['entityType'], message: 'Required with entityId: an id means nothing without the kind of record' });
export type OperationLogSearchInput = z.infer<typeof OperationLogSearchInput>;

export interface OperationLogRow {
  id: number;
  area: string;
  entityType: OperationLogEntityKind;
  entityId: string;
  /** The code a person knows the record by (null for entries about no single record). */
  recordCode: string | null;
  action: OperationLogAction;
  loginName: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}
