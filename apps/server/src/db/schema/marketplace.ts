// The stores area's own tables: authorization requests (the OAuth state), online-goods sync runs,
// and the state of the sandbox marketplace — a pretend marketplace served by this app for demos
// and tests, whose shops, items, orders, refunds, tokens and received calls live here so that a
// pull by time window and watermark is a real query.
import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, domainIdColumn, idColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { stores } from './stores.js';

/** One authorization attempt: the state sent to the marketplace, good once for 15 minutes. */
export const storeAuthRequests = pgTable(
  'store_auth_requests',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    /** sha256 of the state; the state itself is only in the browser's address. */
    stateHash: text('state_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    requestedByName: text('requested_by_name'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('store_auth_requests_state_key').on(t.domainId, t.stateHash), index('store_auth_requests_store_idx').on(t.domainId, t.storeId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'store_auth_requests_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }).onDelete('cascade')],
);

/** One run of "sync online goods" of a store: QUEUED, RUNNING, SUCCESS or FAILED. */
export const storeSyncRuns = pgTable(
  'store_sync_runs',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    kind: text('kind').notNull().default('ONLINE_GOODS'),
    status: text('status').notNull().default('QUEUED'),
    pages: integer('pages').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    itemsCreated: integer('items_created').notNull().default(0),
    itemsUpdated: integer('items_updated').notNull().default(0),
    skusCreated: integer('skus_created').notNull().default(0),
    skusUpdated: integer('skus_updated').notNull().default(0),
    /** Connector calls made, retries included. */
    attempts: integer('attempts').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    requestedByName: text('requested_by_name'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('store_sync_runs_store_idx').on(t.domainId, t.storeId, t.id), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'store_sync_runs_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }).onDelete('cascade')],
);

// ---- the sandbox marketplace ------------------------------------------------------------------

/** A shop on the sandbox marketplace, one per sandbox store, with its simulated behaviour. */
export const sandboxShops = pgTable(
  'sandbox_shops',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    /** The shop's id on the sandbox (an unguessable key, also the consent page's `shop`). */
    shopKey: text('shop_key').notNull(),
    /** Share of calls failing at random, 0.00 to 1.00. */
    failureRate: numeric('failure_rate', { precision: 3, scale: 2 }).notNull().default('0'),
    latencyMs: integer('latency_ms').notNull().default(0),
    tokenLifetimeSeconds: integer('token_lifetime_seconds').notNull().default(30 * 86_400),
    rateLimitPerMinute: integer('rate_limit_per_minute'),
    rateWindowStart: timestamptz('rate_window_start'),
    rateWindowCount: integer('rate_window_count').notNull().default(0),
    /** Failures to produce on the next calls, in order: [{ kind, operation? }]. */
    forcedFailures: jsonb('forced_failures').notNull().default(sql`'[]'::jsonb`),
    /** Calls received so far; the random failures are drawn from (shop, call number). */
    callCount: bigint('call_count', { mode: 'number' }).notNull().default(0),
    orderSeq: integer('order_seq').notNull().default(0),
    itemSeq: integer('item_seq').notNull().default(0),
    /** Orders generated from now on must ship within this many hours of payment (their latest ship time). */
    shipByHours: integer('ship_by_hours').notNull().default(48),
    /** Whether the sandbox pushes signed order-change messages to this installation's receiver. */
    pushMessages: boolean('push_messages').notNull().default(false),
    /** Faults for the next pushes, in order: DUPLICATE, OUT_OF_ORDER, WRONG_SIGNATURE. */
    pushFailures: jsonb('push_failures').notNull().default(sql`'[]'::jsonb`),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_shops_store_key').on(t.domainId, t.storeId), uniqueIndex('sandbox_shops_shop_key').on(t.domainId, t.shopKey), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_shops_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }).onDelete('cascade')],
);

/** Authorization codes the consent page handed out (hashed), good once for 10 minutes. */
export const sandboxAuthCodes = pgTable(
  'sandbox_auth_codes',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull(),
    codeHash: text('code_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_auth_codes_code_key').on(t.domainId, t.codeHash), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_auth_codes_shop_id_fk', columns: [t.domainId, t.shopId], foreignColumns: [sandboxShops.domainId, sandboxShops.id] }).onDelete('cascade')],
);

/** Access and refresh tokens the sandbox issued (hashed). */
export const sandboxTokens = pgTable(
  'sandbox_tokens',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    refreshExpiresAt: timestamptz('refresh_expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_tokens_access_key').on(t.domainId, t.accessTokenHash),
    uniqueIndex('sandbox_tokens_refresh_key').on(t.domainId, t.refreshTokenHash),
    index('sandbox_tokens_shop_idx').on(t.shopId),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'sandbox_tokens_shop_id_fk', columns: [t.domainId, t.shopId], foreignColumns: [sandboxShops.domainId, sandboxShops.id] }).onDelete('cascade'),
  ],
);

export const sandboxItems = pgTable(
  'sandbox_items',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull(),
    itemId: text('item_id').notNull(),
    title: text('title').notNull(),
    outerId: text('outer_id'),
    picUrl: text('pic_url'),
    status: text('status').notNull().default('onsale'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_items_key').on(t.domainId, t.shopId, t.itemId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_items_shop_id_fk', columns: [t.domainId, t.shopId], foreignColumns: [sandboxShops.domainId, sandboxShops.id] }).onDelete('cascade')],
);

export const sandboxItemSkus = pgTable(
  'sandbox_item_skus',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull(),
    itemRowId: bigint('item_row_id', { mode: 'number' })
      .notNull(),
    skuId: text('sku_id').notNull(),
    properties: text('properties'),
    outerSkuId: text('outer_sku_id'),
    price: money('price').notNull(),
    quantity: integer('quantity').notNull().default(0),
    sortIndex: integer('sort_index').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_item_skus_key').on(t.domainId, t.shopId, t.skuId), index('sandbox_item_skus_item_idx').on(t.itemRowId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_item_skus_shop_id_fk', columns: [t.domainId, t.shopId], foreignColumns: [sandboxShops.domainId, sandboxShops.id] }).onDelete('cascade'), foreignKey({ name: 'sandbox_item_skus_item_row_id_fk', columns: [t.domainId, t.itemRowId], foreignColumns: [sandboxItems.domainId, sandboxItems.id] }).onDelete('cascade')],
);

/** Buyer orders on the sandbox; created_at / updated_at are the marketplace's own times. */
export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull(),
    orderNo: text('order_no').notNull(),
    status: text('status').notNull().default('WAIT_SELLER_SEND_GOODS'),
    buyerNick: text('buyer_nick').notNull(),
    receiverName: text('receiver_name').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    receiverProvince: text('receiver_province').notNull(),
    receiverCity: text('receiver_city').notNull(),
    receiverDistrict: text('receiver_district').notNull(),
    receiverAddress: text('receiver_address').notNull(),
    amount: money('amount').notNull(),
    postFee: money('post_fee').notNull().default('0'),
    /** [{ itemId, skuId, outerSkuId, title, properties, qty, price }] */
    lines: jsonb('lines').notNull(),
    payTime: timestamptz('pay_time').notNull(),
    expressCompanyCode: text('express_company_code'),
    expressNo: text('express_no'),
    shippedAt: timestamptz('shipped_at'),
    /** The latest ship time the marketplace gives the seller (its promise times follow from it). */
    lastShipTime: timestamptz('last_ship_time'),
    /** Held by the marketplace's risk control (the seller must not ship it until released). */
    riskControlled: boolean('risk_controlled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_orders_key').on(t.domainId, t.shopId, t.orderNo), index('sandbox_orders_window_idx').on(t.shopId, t.updatedAt, t.id), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_orders_shop_id_fk', columns: [t.domainId, t.shopId], foreignColumns: [sandboxShops.domainId, sandboxShops.id] }).onDelete('cascade')],
);

/** After-sale (refund) requests of sandbox orders. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull(),
    refundId: text('refund_id').notNull(),
    orderNo: text('order_no').notNull(),
    status: text('status').notNull().default('WAIT_SELLER_AGREE'),
    reason: text('reason'),
    refundFee: money('refund_fee').notNull(),
    /** What the buyer asks for: REFUND_ONLY, RETURN_REFUND or EXCHANGE. */
    type: text('type').notNull().default('REFUND_ONLY'),
    /** The parcel the buyer sent back (a return or an exchange), once sent. */
    buyerExpressCompanyCode: text('buyer_express_company_code'),
    buyerExpressNo: text('buyer_express_no'),
    lines: jsonb('lines').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_refunds_key').on(t.domainId, t.shopId, t.refundId), index('sandbox_refunds_window_idx').on(t.shopId, t.updatedAt, t.id), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_refunds_shop_id_fk', columns: [t.domainId, t.shopId], foreignColumns: [sandboxShops.domainId, sandboxShops.id] }).onDelete('cascade')],
);

/** Every call the sandbox received, with its outcome; pushes keep what they carried. */
export const sandboxCalls = pgTable(
  'sandbox_calls',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull(),
    operation: text('operation').notNull(),
    /** OK, a failure kind (TIMEOUT, RATE_LIMITED, TOKEN_EXPIRED, ERROR), or REJECTED. */
    outcome: text('outcome').notNull(),
    message: text('message'),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_calls_shop_idx').on(t.shopId, t.id), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_calls_shop_id_fk', columns: [t.domainId, t.shopId], foreignColumns: [sandboxShops.domainId, sandboxShops.id] }).onDelete('cascade')],
);

/**
 * Export files the sandbox marketplace made for a seller (the decryption flow, spec 01 §4.5): the
 * shop's orders of one export, receivers in full, fetched by key with a signature.
 */
export const sandboxExportFiles = pgTable(
  'sandbox_export_files',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull(),
    fileKey: text('file_key').notNull(),
    exportType: text('export_type').notNull(),
    orderNos: text('order_nos').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_export_files_key').on(t.domainId, t.fileKey),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'sandbox_export_files_shop_id_fk', columns: [t.domainId, t.shopId], foreignColumns: [sandboxShops.domainId, sandboxShops.id] }).onDelete('cascade'),
  ],
);

/**
 * Messages a marketplace pushed to us (order changes), signed by the platform (issue #18
 * must-have 6; connectors/marketplace/inbound/). Unique per (platform, app, message id) within the
 * domain of the shop it names: a duplicate is answered "ok" and not processed again. Processing
 * means the store's orders are pulled through the ordinary order pull (one pull takes every message
 * queued before it started).
 */
export const marketplaceInboundMessages = pgTable(
  'marketplace_inbound_messages',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    /** The store's platform code (CI_PLATFORM_DY, SANDBOX…). */
    platformCode: text('platform_code').notNull(),
    /** The app the platform addressed (its app key / client key). */
    appKey: text('app_key').notNull(),
    messageId: text('message_id').notNull(),
    /** The platform's event word (tag, event type). */
    event: text('event').notNull(),
    /** The marketplace order numbers the message names. */
    platformNos: jsonb('platform_nos').notNull().default(sql`'[]'::jsonb`),
    /** When the platform says it sent the message. */
    sentAt: timestamptz('sent_at').notNull(),
    /** QUEUED (waits for the store's pull), PROCESSING (claimed by a pull), PROCESSED, IGNORED (nothing to do: order sync off, store unusable), FAILED (the pull failed). */
    status: text('status').notNull().default('QUEUED'),
    outcome: text('outcome'),
    /** When a pull claimed it (PROCESSING); also the claim's mark: only that pull records the outcome. */
    claimedAt: timestamptz('claimed_at'),
    /** How many times a pull claimed it (a claim lost in a crash is reclaimed; after 3 it is FAILED). */
    attempts: integer('attempts').notNull().default(0),
    /** The order pull that took it (order_sync_runs.id). */
    syncRunId: bigint('sync_run_id', { mode: 'number' }),
    processedAt: timestamptz('processed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('marketplace_inbound_messages_key').on(t.domainId, t.platformCode, t.appKey, t.messageId),
    index('marketplace_inbound_messages_queued_idx').on(t.domainId, t.storeId, t.status, t.id),
    /** The sweep's look-up of messages waiting or claimed, across domains. */
    index('marketplace_inbound_messages_open_idx').on(t.status, t.claimedAt).where(sql`status in ('QUEUED', 'PROCESSING')`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'marketplace_inbound_messages_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }).onDelete('cascade'),
  ],
);

/**
 * Platform messages naming a seller that is no store here (Taobao's message service hands the app
 * every authorised seller's messages): kept once per (platform, app, message id) as IGNORED, so a
 * redelivery is recognised and confirmed again. Platform-level like connector_apps: no domain owns them.
 */
export const marketplaceUnmatchedMessages = pgTable(
  'marketplace_unmatched_messages',
  {
    id: idColumn(),
    platformCode: text('platform_code').notNull(),
    appKey: text('app_key').notNull(),
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    /** The seller's id on the platform the message names (Taobao user_id). */
    shopId: text('shop_id').notNull(),
    platformNos: jsonb('platform_nos').notNull().default(sql`'[]'::jsonb`),
    sentAt: timestamptz('sent_at').notNull(),
    /** Why it is not processed: no store of the seller here. */
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('marketplace_unmatched_messages_key').on(t.platformCode, t.appKey, t.messageId)],
);
