// Stores (spec 02 §3.4): marketplace stores, offline stores and self-defined stores (type 3),
// with their authorization state.
import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { encryptedText } from '../../platform/secret-box.js';

export const stores = pgTable(
  'stores',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    name: text('name').notNull(),
    shortName: text('short_name'),
    maskName: text('mask_name'),
    website: text('website'),
    contact: text('contact'),
    tel: text('tel'),
    phone: text('phone'),
    country: text('country'),
    province: text('province'),
    city: text('city'),
    county: text('county'),
    street: text('street'),
    /** 1 online (marketplace), 2 offline, 3 self-defined. */
    storeType: integer('store_type').notNull().default(1),
    platformCode: text('platform_code').notNull(),
    shortPlatformCode: text('short_platform_code'),
    /** The seller's id on the marketplace (shop id). */
    platformShopId: text('platform_shop_id'),
    storeSource: text('store_source'),
    originalStoreSource: text('original_store_source'),
    mallAppId: text('mall_app_id'),
    storeLogo: text('store_logo'),
    platformSupplierId: text('platform_supplier_id'),
    deliverNotification: boolean('deliver_notification').notNull().default(false),
    /** Sender address mode: STORE_STORE, WAREHOUSE_WAREHOUSE, STORE_WAREHOUSE, WAREHOUSE_STORE. */
    senderAddressMode: text('sender_address_mode').notNull().default('STORE_STORE'),
    branchStoreList: jsonb('branch_store_list').notNull().default(sql`'[]'::jsonb`),
    /** What the store syncs automatically: { autoSyncOrders, autoSyncStock, autoFeedback, syncAfterSales }. */
    syncConfig: jsonb('sync_config'),
    /** Per-store secret of a self-defined store, for signed order ingest. */
    secretKey: text('secret_key'),
    usable: boolean('usable').notNull().default(true),
    /** Authorization with the marketplace: NONE, AUTHORIZED, EXPIRED. */
    authStatus: text('auth_status').notNull().default('NONE'),
    /** Encrypted at rest (platform/secret-box.ts): the code reads and writes plain text. */
    accessToken: encryptedText('access_token'),
    refreshToken: encryptedText('refresh_token'),
    tokenExpiresAt: timestamptz('token_expires_at'),
    /** When the authorization itself ends (the refresh token's end) where the marketplace said; see authorizationEndOf. */
    authorizationExpiresAt: timestamptz('authorization_expires_at'),
    authorizedAt: timestamptz('authorized_at'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stores_domain_idx').on(t.domainId, t.id),
    index('stores_token_expiry_idx').on(t.domainId, t.tokenExpiresAt),
    // Store names are unique per domain, compared trimmed and case-insensitive.
    uniqueIndex('stores_domain_name_key').on(t.domainId, sql`lower(${t.name})`),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);

/** Online items (tbSpu) of a store, as the marketplace lists them (spec 02 §3.2). */
export const tbSpus = pgTable(
  'tb_spus',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    platformCode: text('platform_code').notNull(),
    /** The item id on the marketplace. */
    tbSpuId: text('tb_spu_id').notNull(),
    title: text('title').notNull(),
    outerId: text('outer_id'),
    picUrl: text('pic_url'),
    status: text('status').notNull().default('onsale'),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: timestamptz('deleted_at'),
    /** Added by the mapping area: optimistic locking. */
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tb_spus_domain_store_idx').on(t.domainId, t.storeId), uniqueIndex('tb_spus_key').on(t.domainId, t.storeId, t.tbSpuId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'tb_spus_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] })],
);

/** Online SKUs (tbSku) and their mapping to a system SKU: wait, or already (confirmed). */
export const tbSkus = pgTable(
  'tb_skus',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    platformCode: text('platform_code').notNull(),
    tbSpuRowId: bigint('tb_spu_row_id', { mode: 'number' })
      .notNull(),
    tbSpuId: text('tb_spu_id').notNull(),
    tbSkuId: text('tb_sku_id').notNull(),
    title: text('title').notNull(),
    properties: text('properties'),
    /** The seller's code on the marketplace (outer SKU id), used to auto-match. */
    outerSkuId: text('outer_sku_id'),
    price: text('price'),
    skuPicUrl: text('sku_pic_url'),
    skuId: bigint('sku_id', { mode: 'number' }),
    mappingStatus: text('mapping_status').notNull().default('wait'),
    confirmedAt: timestamptz('confirmed_at'),
    confirmedBy: bigint('confirmed_by', { mode: 'number' }),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: timestamptz('deleted_at'),
    /**
     * Added by the mapping area. The online price as money, numeric(18,4); the text column
     * `price` above is superseded (a text column cannot be converted in place by a migration).
     */
    salePrice: money('sale_price'),
    /** Where the row came from: SYNC (store connector), IMPORT (spreadsheet), HAND (typed in). */
    source: text('source').notNull().default('SYNC'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tb_skus_key').on(t.domainId, t.storeId, t.tbSkuId),
    index('tb_skus_status_idx').on(t.domainId, t.mappingStatus, t.deleted),
    index('tb_skus_sku_idx').on(t.domainId, t.skuId),
    index('tb_skus_spu_row_idx').on(t.domainId, t.tbSpuRowId),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'tb_skus_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
    foreignKey({ name: 'tb_skus_tb_spu_row_id_fk', columns: [t.domainId, t.tbSpuRowId], foreignColumns: [tbSpus.domainId, tbSpus.id] }),
  ],
);
