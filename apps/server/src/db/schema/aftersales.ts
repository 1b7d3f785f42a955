// After-sale documents (spec 02 §3.7, §4.1, §4.2): a header per document with its separate state
// columns (the platform's state as mirrored, the document state, the receipt of returned goods,
// the refund, the write-back to the platform) and its lines (RETURN: goods coming back or
// refunded, from the order's lines; EXCHANGE: goods sent out for an exchange or a reissue).
// Tenant tables keyed by (domain_id, id); every reference to another tenant table carries the
// domain (Citus distribution by domain_id). A platform refund id is taken once per store.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn, weight } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { erpOrderLines, erpOrders } from './orders.js';
import { stores } from './stores.js';
import { warehouses } from './warehouses.js';


export const afterSales = pgTable(
  'after_sales',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    /** MANUAL, IMPORT, PLATFORM. */
    source: text('source').notNull(),
    /** REFUND_ONLY, RETURN_REFUND, EXCHANGE, REISSUE. */
    type: text('type').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    erpOrderId: bigint('erp_order_id', { mode: 'number' }),
    /**
     * The order's code, kept beside its id (order codes never change) so the list's keyword reads
     * only after_sales instead of joining every order of the domain (bench/RESULTS.md, after-sales).
     */
    erpOrderCode: text('erp_order_code'),
    /** The platform order number (tbSohCode). */
    tbSohCode: text('tb_soh_code'),
    /** The platform's refund id (documents pulled from a platform); unique per store. */
    platformRefundId: text('platform_refund_id'),
    buyerNick: text('buyer_nick'),
    buyerName: text('buyer_name'),
    buyerPhone: text('buyer_phone'),
    buyerProvince: text('buyer_province'),
    buyerCity: text('buyer_city'),
    buyerDistrict: text('buyer_district'),
    buyerAddress: text('buyer_address'),
    buyerExpressCompanyCode: text('buyer_express_company_code'),
    buyerExpressCompanyName: text('buyer_express_company_name'),
    buyerExpressNo: text('buyer_express_no'),
    applyTime: timestamptz('apply_time'),
    /** ON_SALE (before shipping) or AFTER_SALE. */
    refundPhase: text('refund_phase'),
    afterSalesReason: text('after_sales_reason'),
    refundFee: money('refund_fee').notNull().default('0'),
    postFee: money('post_fee').notNull().default('0'),
    remark: text('remark'),
    paymentAccount: text('payment_account'),
    returnWhId: bigint('return_wh_id', { mode: 'number' }),
    /** The platform's own state, as last read (a mirror; free text). */
    platformStatus: text('platform_status'),
    /** Document state (checkStatus): UNPROCESSED, PROCESSING, COMPLETED, CLOSED. */
    checkStatus: text('check_status').notNull().default('UNPROCESSED'),
    /** NONE, WAITING, PARTIAL, ALL, STOPPED. */
    receiptStatus: text('receipt_status').notNull().default('NONE'),
    /** VERIFY, WAIT, SUCCESS, REJECT, FAILURE; null for types without a refund. */
    refundStatus: text('refund_status'),
    /** TO_SEND, SENT, FAILED; null for documents with nothing to write back (made here). */
    writeBackStatus: text('write_back_status'),
    /**
     * The return-inbound document made when the return was agreed. No foreign key: the return
     * inbound belongs to the stock area, which may delete an untouched return (read through its service).
     */
    rmaId: bigint('rma_id', { mode: 'number' }),
    returnQtyTotal: integer('return_qty_total').notNull().default(0),
    /** Why the last write-back to the platform failed (FAILED), and when it was last sent. */
    writeBackError: text('write_back_error'),
    writeBackAt: timestamptz('write_back_at'),
    /** Exchanges and reissues: when the replacement ships (NOW, AFTER_RECEIPT), and the order made for it. */
    replacementMode: text('replacement_mode'),
    replacementOrderId: bigint('replacement_order_id', { mode: 'number' }),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('after_sales_domain_code_key').on(t.domainId, t.code),
    uniqueIndex('after_sales_platform_refund_key')
      .on(t.domainId, t.storeId, t.platformRefundId)
      .where(sql`platform_refund_id is not null`),
    index('after_sales_domain_id_idx').on(t.domainId, t.id.desc()),
    index('after_sales_domain_check_idx').on(t.domainId, t.checkStatus, t.id.desc()),
    index('after_sales_domain_order_idx').on(t.domainId, t.erpOrderId),
    index('after_sales_domain_apply_idx').on(t.domainId, t.applyTime.desc()),
    foreignKey({ name: 'after_sales_store_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
    foreignKey({ name: 'after_sales_order_fk', columns: [t.domainId, t.erpOrderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }),
    index('after_sales_domain_replacement_idx').on(t.domainId, t.replacementOrderId),
    index('after_sales_domain_write_back_idx').on(t.writeBackStatus, t.domainId).where(sql`write_back_status = 'TO_SEND'`),
    foreignKey({ name: 'after_sales_replacement_order_fk', columns: [t.domainId, t.replacementOrderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }),
    check('after_sales_replacement_mode_check', sql`${t.replacementMode} is null or ${t.replacementMode} in ('NOW', 'AFTER_RECEIPT')`),
    foreignKey({ name: 'after_sales_return_wh_fk', columns: [t.domainId, t.returnWhId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    check('after_sales_type_check', sql`${t.type} in ('REFUND_ONLY', 'RETURN_REFUND', 'EXCHANGE', 'REISSUE')`),
    check('after_sales_check_status_check', sql`${t.checkStatus} in ('UNPROCESSED', 'PROCESSING', 'COMPLETED', 'CLOSED')`),
    check('after_sales_receipt_status_check', sql`${t.receiptStatus} in ('NONE', 'WAITING', 'PARTIAL', 'ALL', 'STOPPED')`),
    check('after_sales_refund_status_check', sql`${t.refundStatus} is null or ${t.refundStatus} in ('VERIFY', 'WAIT', 'SUCCESS', 'REJECT', 'FAILURE')`),
    check('after_sales_write_back_status_check', sql`${t.writeBackStatus} is null or ${t.writeBackStatus} in ('TO_SEND', 'SENT', 'FAILED')`),
    check('after_sales_fees_not_negative', sql`${t.refundFee} >= 0 and ${t.postFee} >= 0`),
  ],
);

export const afterSaleLines = pgTable(
  'after_sale_lines',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    afterSaleId: bigint('after_sale_id', { mode: 'number' }).notNull(),
    /** RETURN or EXCHANGE. */
    kind: text('kind').notNull(),
    lineNo: integer('line_no').notNull(),
    /** The order line a RETURN line comes from (the spec's detail orderId). */
    erpOrderLineId: bigint('erp_order_line_id', { mode: 'number' }),
    isCombination: boolean('is_combination').notNull().default(false),
    skuId: bigint('sku_id', { mode: 'number' }),
    skuCode: text('sku_code'),
    skuName: text('sku_name'),
    skuSpec: text('sku_spec'),
    skuNum: integer('sku_num').notNull(),
    skuPrice: money('sku_price').notNull().default('0'),
    skuWeight: weight('sku_weight'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    index('after_sale_lines_doc_idx').on(t.domainId, t.afterSaleId, t.kind, t.lineNo),
    index('after_sale_lines_order_line_idx').on(t.domainId, t.erpOrderLineId),
    foreignKey({ name: 'after_sale_lines_doc_fk', columns: [t.domainId, t.afterSaleId], foreignColumns: [afterSales.domainId, afterSales.id] }).onDelete('cascade'),
    foreignKey({ name: 'after_sale_lines_order_line_fk', columns: [t.domainId, t.erpOrderLineId], foreignColumns: [erpOrderLines.domainId, erpOrderLines.id] }),
    foreignKey({ name: 'after_sale_lines_sku_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
    check('after_sale_lines_kind_check', sql`${t.kind} in ('RETURN', 'EXCHANGE')`),
    check('after_sale_lines_num_positive', sql`${t.skuNum} > 0`),
  ],
);

export const afterSaleCodeCounters = pgTable(
  'after_sale_code_counters',
  {
    domainId: domainIdColumn().references(() => domains.id),
    day: date('day', { mode: 'string' }).notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.day] })],
);
