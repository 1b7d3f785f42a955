// Checking orders before they ship (spec 02 §7.10 sendErpSoH4Check / sendErpSoH4Weigh, §3.5 line
// imei1/imei2): the serial numbers scanned for a line (one row per piece; imei1 and imei2 of the
// line are its first two), and one record per checked or weighed shipment.
import { bigint, boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, domainIdColumn, tenantIdColumn, updatedAt, versionColumn, weight } from '../columns.js';
import { domains } from './accounts.js';
import { erpOrderLines, erpOrders } from './orders.js';

export const erpOrderLineSerials = pgTable(
  'erp_order_line_serials',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull(),
    lineId: bigint('line_id', { mode: 'number' })
      .notNull(),
    /** 1 for imei1, 2 for imei2, … */
    seq: integer('seq').notNull(),
    serialNumber: text('serial_number').notNull(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('erp_order_line_serials_line_seq').on(t.domainId, t.lineId, t.seq), index('erp_order_line_serials_domain_serial').on(t.domainId, t.serialNumber), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'erp_order_line_serials_order_id_fk', columns: [t.domainId, t.orderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }).onDelete('cascade'), foreignKey({ name: 'erp_order_line_serials_line_id_fk', columns: [t.domainId, t.lineId], foreignColumns: [erpOrderLines.domainId, erpOrderLines.id] }).onDelete('cascade')],
);

/** A shipment sent through checking (CHECK) or weighing (WEIGH), with the weights compared. */
export const erpOrderCheckRecords = pgTable(
  'erp_order_check_records',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull(),
    mode: text('mode').notNull(),
    weight: weight('weight'),
    goodsWeight: weight('goods_weight'),
    /** Shipped despite a weight beyond the margin. */
    forced: boolean('forced').notNull().default(false),
    userId: bigint('user_id', { mode: 'number' }),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('erp_order_check_records_order').on(t.domainId, t.orderId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'erp_order_check_records_order_id_fk', columns: [t.domainId, t.orderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }).onDelete('cascade')],
);
