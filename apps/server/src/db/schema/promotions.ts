// Gift promotions (spec 02 §3.3): a promotion with its time window, store scope, buyer-nick
// condition and total cap; its rules; and each rule's conditions (tiers) with their gift lists.
// The 'id:qty;' lists are stored as the API takes them; the SKU ids they name are kept beside
// them as arrays, so "which promotions give or require this SKU" is one indexed query.
import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';

export const promotions = pgTable(
  'promotions',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    name: text('name').notNull(),
    fromTime: timestamptz('from_time').notNull(),
    toTime: timestamptz('to_time').notNull(),
    /** Empty: every store of the domain. */
    storeIds: bigint('store_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** NONE, INCLUDE (only the listed nicks), EXCLUDE (everyone but the listed nicks). */
    nickConditionType: text('nick_condition_type').notNull().default('NONE'),
    nickList: text('nick_list').array().notNull().default(sql`'{}'::text[]`),
    /** How many orders may receive gifts in total; null: no cap. */
    promotionAllCount: integer('promotion_all_count'),
    /** How many orders received gifts so far (raised by order ingest through the registry). */
    givenCount: integer('given_count').notNull().default(0),
    open: boolean('open').notNull().default(true),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promotions_domain_name_key').on(t.domainId, t.name),
    index('promotions_domain_id_idx').on(t.domainId, t.id.desc().nullsFirst()),
    index('promotions_domain_open_idx').on(t.domainId, t.open, t.toTime),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);

export const promotionRules = pgTable(
  'promotion_rules',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull(),
    /** Position in ruleList. */
    seq: integer('seq').notNull(),
    ruleType: text('rule_type').notNull(),
    /** 1 single, 2 multi-tier. */
    ruleMode: smallint('rule_mode').notNull().default(1),
    repeatable: boolean('repeatable').notNull().default(false),
    onlineSku: boolean('online_sku').notNull().default(false),
    /** 'id:qty;' of SKU ids, or of online SKU (tb_skus) row ids when online_sku. */
    needBuySkuList: text('need_buy_sku_list').notNull().default(''),
    /** The system SKU ids of need_buy_sku_list (empty for online goods). */
    needBuySkuIds: bigint('need_buy_sku_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promotion_rules_promotion_idx').on(t.domainId, t.promotionId, t.seq),
    index('promotion_rules_need_buy_idx').using('gin', t.needBuySkuIds),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'promotion_rules_promotion_id_fk', columns: [t.domainId, t.promotionId], foreignColumns: [promotions.domainId, promotions.id] }).onDelete('cascade'),
  ],
);

export const promotionConditions = pgTable(
  'promotion_conditions',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull(),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull(),
    /** Position in the rule's conditionList (the tier). */
    seq: integer('seq').notNull(),
    giftList: text('gift_list').notNull(),
    giftSkuIds: bigint('gift_sku_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    qtyMoreThan: integer('qty_more_than'),
    qtyLessThan: integer('qty_less_than'),
    amountMoreThan: money('amount_more_than'),
    amountLessThan: money('amount_less_than'),
    randomGift: boolean('random_gift').notNull().default(false),
    randomKind: integer('random_kind'),
    qtyNeedBuy: integer('qty_need_buy'),
    sellerMessage: text('seller_message'),
    buyerMessage: text('buyer_message'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promotion_conditions_rule_idx').on(t.domainId, t.promotionId, t.ruleId, t.seq),
    index('promotion_conditions_gift_idx').using('gin', t.giftSkuIds),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'promotion_conditions_promotion_id_fk', columns: [t.domainId, t.promotionId], foreignColumns: [promotions.domainId, promotions.id] }).onDelete('cascade'),
    foreignKey({ name: 'promotion_conditions_rule_id_fk', columns: [t.domainId, t.ruleId], foreignColumns: [promotionRules.domainId, promotionRules.id] }).onDelete('cascade'),
  ],
);
