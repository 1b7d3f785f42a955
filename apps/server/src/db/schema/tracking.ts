// Courier tracking of sent orders (spec 02 §4.1 express tracking, spec 01 §2.2 /order tab 7): the
// last state the carrier gave for an order's express number, its last event, and whether the
// user asked to stop checking it. One row per order, written when it is first checked or ignored.
import { bigint, boolean, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, domainIdColumn, tenantIdColumn, timestamptz, updatedAt } from '../columns.js';
import { domains } from './accounts.js';
import { erpOrders } from './orders.js';

export const orderTracking = pgTable(
  'order_tracking',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    expressNo: text('express_no').notNull(),
    /** TRACKING_STATES: NO, NOT_TRANSIT, REGISTER, GOT, TRANSIT, SIGNED, EXCEPTION, REGISTER_ERROR. */
    state: text('state').notNull().default('NO'),
    lastEventText: text('last_event_text'),
    lastEventAt: timestamptz('last_event_at'),
    ignored: boolean('ignored').notNull().default(false),
    /** When the carrier was last asked (null: never). */
    checkedAt: timestamptz('checked_at'),
    /** The carrier's answer when the last check failed. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('order_tracking_order_key').on(t.domainId, t.orderId), index('order_tracking_domain_state_idx').on(t.domainId, t.state), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'order_tracking_order_id_fk', columns: [t.domainId, t.orderId], foreignColumns: [erpOrders.domainId, erpOrders.id] })],
);
export type OrderTracking = typeof orderTracking.$inferSelect;
