import { z } from 'zod';
import { OPERATION_LOG_ACTIONS, OPERATION_LOG_ENTITY_KINDS } from '../catalogues/operation-log.js';
import { DateTimeText, Id, OptionalText, PageQuery } from './common.js';

/** Areas whose operation log is the business-document log (logs activeKey 1). */
export const DOCUMENT_LOG_AREAS = ['goods', 'mapping', 'promotions', 'stock', 'inbound', 'outbound', 'transfer', 'stockcheck', 'rma', 'purchasing', 'orders', 'aftersales', 'finance'] as const;
/** Areas whose operation log is the configuration log (logs activeKey 5). */
export const CONFIG_LOG_AREAS = ['accounts', 'stores', 'warehouses', 'express', 'expressrules', 'suppliers', 'stocksync', 'print', 'system', 'settings'] as const;
/** The platform administrator's changes to a seller's domain: written under that domain, listed by no seller log screen. */
export const PLATFORM_LOG_AREA = 'platform';
/**
 * Every area an operation-log entry is written under. The server's writer takes only these, so an
 * entry is always found by one of the two log screens (or is the platform's own).
 */
export type OperationLogArea = (typeof DOCUMENT_LOG_AREAS)[number] | (typeof CONFIG_LOG_AREAS)[number] | typeof PLATFORM_LOG_AREA;

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

export const OperationLogRow = z.object({
  id: z.number(),
  area: z.string(),
  entityType: z.enum(OPERATION_LOG_ENTITY_KINDS),
  entityId: z.string(),
  /** The code a person knows the record by (null for entries about no single record). */
  recordCode: z.string().nullable(),
  action: z.enum(OPERATION_LOG_ACTIONS),
  loginName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type OperationLogRow = z.infer<typeof OperationLogRow>;

/**
 * writeDocLog (spec 02 §7.14): the web app records in orders' history what it did itself, outside
 * any server call (a print made in the browser, a reprint). Only these actions, only the domain's
 * orders.
 */
export const DOC_LOG_CLIENT_ACTIONS = ['print', 'reprint'] as const;
export const WriteDocLogInput = z.object({
  idList: z.array(Id).min(1).max(500),
  action: z.enum(DOC_LOG_CLIENT_ACTIONS),
  remark: OptionalText(200),
});
export type WriteDocLogInput = z.infer<typeof WriteDocLogInput>;

/** logOption/getOptionByType?type=…: the choices of a log filter. */
export const LOG_OPTION_TYPES = ['docArea', 'configArea', 'entityType', 'action'] as const;
export const LogOptionTypeInput = z.object({ type: z.enum(LOG_OPTION_TYPES) });
export type LogOptionTypeInput = z.infer<typeof LogOptionTypeInput>;
export const LogOption = z.object({ code: z.string() });
export type LogOption = z.infer<typeof LogOption>;
