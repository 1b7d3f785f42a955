// Sales orders (spec 02 §3.5, §4): the ERP order (header and lines), the platform orders it was
// made from (one row per store and platform order number: ingest is idempotent on it), the
// order-sync runs of each store, and the saved search tabs of the order list.
//
// Stock: an order's allocation is not kept here. Verify writes ALLOCATE movements with the
// document { type: 'ORDER', id: order id }, cancel verify and close write RELEASE movements; the
// ledger is the record (stock area). `stockOut` and `lines.stockOut` are the out-of-stock
// marks set by 'refresh out-of-stock' (spec 02 §4.3).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn, weight } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { stores } from './stores.js';
import { warehouses } from './warehouses.js';

export const erpOrders = pgTable(
  'erp_orders',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    /** The order number: a timestamp plus a counter (spec 02 §9), unique in the domain. */
    code: text('code').notNull(),
    /** NORMAL, DISTRIBUTION, SUPPLY, SUPPLY_DISTRIBUTION. */
    orderType: text('order_type').notNull().default('NORMAL'),
    /** CI_ERPSOH_STATUS_NORMAL | _VERIFIED | _SEND | _SYNCED | _CANCEL | _CLOSE (spec 02 §4.1). */
    statusCode: text('status_code').notNull().default('CI_ERPSOH_STATUS_NORMAL'),
    /** null, WAVE_ORDER or STOCK_OUT. */
    soExtendStatus: text('so_extend_status'),
    /** PLATFORM (pulled), MANUAL (created by hand), IMPORT (.xlsx), HTTP (self-defined store ingest). */
    source: text('source').notNull().default('PLATFORM'),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    platformCode: text('platform_code').notNull().default('DEFAULT_PLATFORM'),
    originalPlatformCode: text('original_platform_code'),
    /** The platform order numbers this order carries (several after a merge). */
    platformNos: text('platform_nos').array().notNull().default(sql`'{}'::text[]`),
    buyerNick: text('buyer_nick'),
    receiverName: text('receiver_name'),
    receiverPhone: text('receiver_phone'),
    receiverTel: text('receiver_tel'),
    receiverProvince: text('receiver_province'),
    receiverCity: text('receiver_city'),
    receiverDistrict: text('receiver_district'),
    receiverAddress: text('receiver_address'),
    receiverZip: text('receiver_zip'),
    /** The address could not be parsed into province/city/district. */
    addressException: boolean('address_exception').notNull().default(false),
    warehouseId: bigint('warehouse_id', { mode: 'number' }),
    expressCompanyCode: text('express_company_code'),
    expressNo: text('express_no'),
    /** NONE or RISK (risk-controlled orders cannot be reviewed until released). */
    riskControlStatus: text('risk_control_status').notNull().default('NONE'),
    codType: text('cod_type'),
    haveRefund: boolean('have_refund').notNull().default(false),
    /** Held back by a platform-side change (refund, cancel, address change): must not be sent. */
    intercepted: boolean('intercepted').notNull().default(false),
    interceptReason: text('intercept_reason'),
    locked: boolean('locked').notNull().default(false),
    preSale: boolean('pre_sale').notNull().default(false),
    /** Set by 'refresh out-of-stock' when a line cannot be covered (the 缺 tag). */
    stockOut: boolean('stock_out').notNull().default(false),
    /** 0 for an ordinary order, 1 for a merged parent (its sources keep mergedIntoId). */
    mergeLevel: integer('merge_level').notNull().default(0),
    mergedIntoId: bigint('merged_into_id', { mode: 'number' }),
    /** 0 for an ordinary order, 1 for a split child (splitFromId names the parent). */
    splitLevel: integer('split_level').notNull().default(0),
    splitFromId: bigint('split_from_id', { mode: 'number' }),
    haveInvoice: boolean('have_invoice').notNull().default(false),
    sellerFlag: integer('seller_flag').notNull().default(0),
    sellerRemark: text('seller_remark'),
    buyerMessage: text('buyer_message'),
    amountTotal: money('amount_total').notNull().default('0'),
    postFee: money('post_fee').notNull().default('0'),
    qtyTotal: integer('qty_total').notNull().default(0),
    skuTotal: integer('sku_total').notNull().default(0),
    weightTotal: weight('weight_total').notNull().default('0'),
    /** Header labels (spec 02 §3.5 label types): ORDER_TBSKU_EXCEPTION, WAREHOUSE_MATCH_FAIL, … */
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    payTime: timestamptz('pay_time'),
    tradingTime: timestamptz('trading_time'),
    /** The marketplace's latest ship time and promise times (spec 02 §3.5), kept up to date by each pull. */
    lastShipTime: timestamptz('last_ship_time'),
    promisedDeliveryTime: timestamptz('promised_delivery_time'),
    promiseSignTime: timestamptz('promise_sign_time'),
    promiseOutboundTime: timestamptz('promise_outbound_time'),
    promiseDeliveryTime: timestamptz('promise_delivery_time'),
    verifiedAt: timestamptz('verified_at'),
    verifiedBy: bigint('verified_by', { mode: 'number' }),
    expressPrintTime: timestamptz('express_print_time'),
    sendPrintTime: timestamptz('send_print_time'),
    deliveryTime: timestamptz('delivery_time'),
    closedAt: timestamptz('closed_at'),
    /** Why the automatic review kept this pending order for a person (an AUTO_VERIFY_* reason), null when it did not. */
    autoVerifyHold: text('auto_verify_hold'),
    /** The status before close, restored by cancel close. */
    statusBeforeClose: text('status_before_close'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('erp_orders_domain_code_key').on(t.domainId, t.code),
    index('erp_orders_domain_status_idx').on(t.domainId, t.statusCode, t.id.desc()),
    index('erp_orders_domain_created_idx').on(t.domainId, t.createdAt.desc(), t.id.desc()),
    index('erp_orders_domain_store_idx').on(t.domainId, t.storeId, t.statusCode),
    index('erp_orders_domain_buyer_idx').on(t.domainId, t.storeId, t.buyerNick),
    index('erp_orders_domain_platform_nos_idx').using('gin', t.platformNos),
    index('erp_orders_domain_labels_idx').using('gin', t.labels),
    index('erp_orders_merged_into_idx').on(t.domainId, t.mergedIntoId),
    // The order list: id desc pages of the whole domain (tab 6) and the pay-time sorts and ranges.
    index('erp_orders_domain_id_idx').on(t.domainId, t.id.desc()),
    index('erp_orders_domain_pay_time_idx').on(t.domainId, t.payTime.desc(), t.id.desc()),
    // A store and a pay-time range (the list's most common filter pair), without visiting the
    // store's whole history.
    index('erp_orders_domain_store_pay_time_idx').on(t.domainId, t.storeId, t.payTime.desc()),
    // Tabs 2/3 (reviewed or issued to a warehouse), walked in id order without a sort.
    index('erp_orders_reviewed_idx')
      .on(t.domainId, t.id.desc())
      .where(sql`status_code in ('CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED')`),
    // Tab 5 and its counts: the few open orders with an exception label or intercepted.
    index('erp_orders_open_exception_idx')
      .on(t.domainId, t.id.desc())
      .where(
        sql`status_code in ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED') and (intercepted or labels && '{ORDER_TBSKU_EXCEPTION,WAREHOUSE_MATCH_FAIL,EXPRESS_MATCH_FAIL}'::text[])`,
      ),
    check('erp_orders_totals_not_negative', sql`${t.qtyTotal} >= 0 and ${t.skuTotal} >= 0`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'erp_orders_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
    foreignKey({ name: 'erp_orders_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
  ],
);

export const erpOrderLines = pgTable(
  'erp_order_lines',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull(),
    lineSeq: integer('line_seq').notNull(),
    /** The system SKU; null while the online SKU is unmapped (ORDER_TBSKU_EXCEPTION). */
    skuId: bigint('sku_id', { mode: 'number' }),
    skuCode: text('sku_code'),
    skuName: text('sku_name'),
    skuSpecifications: text('sku_specifications'),
    qty: integer('qty').notNull(),
    price: money('price').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    skuWeight: weight('sku_weight'),
    isGift: boolean('is_gift').notNull().default(false),
    /** The line is a combination; stock is taken from its components (combinationNum each). */
    isCombination: boolean('is_combination').notNull().default(false),
    /** Line labels: PRESALE, SPECIAL_SHAPE, GIFT, GIFT_NOT_SPLIT. */
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    /** 1 when the buyer cancelled (refunded) this line. */
    cancelTag: integer('cancel_tag').notNull().default(0),
    stockOut: boolean('stock_out').notNull().default(false),
    /** Where the line came from on the platform. */
    platformNo: text('platform_no'),
    tbSpuId: text('tb_spu_id'),
    tbSkuId: text('tb_sku_id'),
    outerSkuId: text('outer_sku_id'),
    title: text('title'),
    properties: text('properties'),
    /** The promotion that added this gift line. */
    promotionId: bigint('promotion_id', { mode: 'number' }),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('erp_order_lines_order_idx').on(t.domainId, t.orderId, t.lineSeq),
    index('erp_order_lines_domain_sku_idx').on(t.domainId, t.skuId),
    index('erp_order_lines_domain_tbsku_idx').on(t.domainId, t.tbSkuId),
    check('erp_order_lines_qty_positive', sql`${t.qty} > 0`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'erp_order_lines_order_id_fk', columns: [t.domainId, t.orderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }).onDelete('cascade'),
    foreignKey({ name: 'erp_order_lines_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
  ],
);

/** Each platform order as last pulled or received; the key of idempotent ingest. */
export const platformOrders = pgTable(
  'platform_orders',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    platformNo: text('platform_no').notNull(),
    /** The marketplace's status word as last seen. */
    platformStatus: text('platform_status').notNull(),
    /** The order as the platform sent it (PlatformOrder JSON). */
    payload: jsonb('payload').notNull(),
    platformUpdatedAt: timestamptz('platform_updated_at'),
    erpOrderId: bigint('erp_order_id', { mode: 'number' }),
    /** The ingest error of the last attempt, if any (shown in the order-sync exceptions). */
    errorMsg: text('error_msg'),
    errorClosed: boolean('error_closed').notNull().default(false),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('platform_orders_store_no_key').on(t.domainId, t.storeId, t.platformNo),
    index('platform_orders_erp_order_idx').on(t.domainId, t.erpOrderId),
    // The 'sync' exceptions of the order list (tab 5 and its counts): open ingest errors only.
    index('platform_orders_open_error_idx').on(t.domainId, t.erpOrderId).where(sql`error_msg is not null and not error_closed`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'platform_orders_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
    foreignKey({ name: 'platform_orders_erp_order_id_fk', columns: [t.domainId, t.erpOrderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }),
  ],
);

/** One pull of a store's orders (scheduled or asked for): the order-sync log (logs activeKey 6). */
export const orderSyncRuns = pgTable(
  'order_sync_runs',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    /** SCHEDULED, MANUAL, or PUSH (a marketplace's pushed order message). */
    trigger: text('trigger').notNull(),
    /** RUNNING, SUCCESS, FAILURE. */
    status: text('status').notNull().default('RUNNING'),
    windowFrom: timestamptz('window_from'),
    windowTo: timestamptz('window_to'),
    pulled: integer('pulled').notNull().default(0),
    /** Pages of orders and after-sales read (each page once, however many attempts it took). */
    pages: integer('pages').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    errorMsg: text('error_msg'),
    finishedAt: timestamptz('finished_at'),
    createdBy: createdBy(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_sync_runs_domain_store_idx').on(t.domainId, t.storeId, t.id.desc()), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'order_sync_runs_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] })],
);

/** Per-store watermark of the order pulls. */
export const orderSyncStates = pgTable(
  'order_sync_states',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    /** The end of the last complete window. */
    pulledUntil: timestamptz('pulled_until'),
    watermark: text('watermark'),
    /** Consecutive failed runs (back-off). */
    failures: integer('failures').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('order_sync_states_store_key').on(t.domainId, t.storeId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'order_sync_states_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] })],
);

/** Self-defined stores' HTTP ingest: each request nonce once (replays are refused). */
export const orderIngestNonces = pgTable(
  'order_ingest_nonces',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_ingest_nonces_key').on(t.domainId, t.storeId, t.nonce), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'order_ingest_nonces_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] })],
);

/** Saved search tabs of the order list (per user). */
export const orderSearchTabs = pgTable(
  'order_search_tabs',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** The list's query (the order search input without paging). */
    params: jsonb('params').notNull(),
    sortIndex: integer('sort_index').notNull().default(0),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_search_tabs_user_idx').on(t.domainId, t.userId, t.sortIndex), primaryKey({ columns: [t.domainId, t.id] })],
);

/**
 * Exact order counts per domain and status, kept by the database: statement-level triggers on
 * erp_orders (migration order_status_counts_trigger) append one delta row per domain and status a
 * statement changed (append-only, so concurrent writers never wait on a counter row); the count of
 * a status is the sum of its rows, and readers fold a domain's deltas back into one row per status
 * now and then (compactOrderStatusCounts). Used by the unfiltered list totals and tab counts.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn(),
    statusCode: text('status_code').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_status_counts_domain_idx').on(t.domainId, t.statusCode), primaryKey({ columns: [t.domainId, t.id] })],
);

/** The counter behind order numbers: the code is yyMMddHHmmss plus this sequence's last 5 digits. */
export const erpOrderCodeSeq = pgSequence('erp_order_code_seq', { startWith: 1, cache: 50 });

export type ErpOrder = typeof erpOrders.$inferSelect;
export type ErpOrderLine = typeof erpOrderLines.$inferSelect;
