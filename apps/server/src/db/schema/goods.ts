// Goods: SPUs (products) with their SKUs (sellable variants), combination goods, the
// classification tree and shelf-life records (spec 02 §3.1). An SPU without variants has one
// SKU carrying the SPU's code, so stock and orders always point at a SKU.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, size, tenantIdColumn, updatedAt, versionColumn, weight } from '../columns.js';
import { domains } from './accounts.js';

/** The classification tree (spuSysClassify). nodeType: DEFAULT, LEVEL_1, LEVEL_2, LEVEL_3. */
export const skuClasses = pgTable(
  'sku_classes',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    nodeType: text('node_type').notNull().default('LEVEL_1'),
    sortIndex: integer('sort_index').notNull().default(0),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sku_classes_domain_code_key').on(t.domainId, t.code), index('sku_classes_parent_idx').on(t.domainId, t.parentId), primaryKey({ columns: [t.domainId, t.id] })],
);

export const spus = pgTable(
  'spus',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    goodsNo: text('goods_no'),
    barCode: text('bar_code'),
    brand: text('brand'),
    category: text('category'),
    unit: text('unit'),
    color: text('color'),
    size: text('size'),
    specifications: text('specifications'),
    season: text('season'),
    lotInfo: text('lot_info'),
    /** Shelf life in days. */
    shelfLife: integer('shelf_life'),
    packageInfo: text('package_info'),
    price: money('price'),
    costPrice: money('cost_price'),
    length: size('length'),
    width: size('width'),
    height: size('height'),
    weight: weight('weight'),
    udf1: text('udf1'),
    udf2: text('udf2'),
    remark: text('remark'),
    picUrl: text('pic_url'),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    marks: text('marks').array().notNull().default(sql`'{}'::text[]`),
    classId: bigint('class_id', { mode: 'number' }),
    hasSku: boolean('has_sku').notNull().default(false),
    isCombination: boolean('is_combination').notNull().default(false),
    /** onsale or instock (taken down). */
    status: text('status').notNull().default('onsale'),
    /** Dispatch to a warehouse system: NONE, REQUEST, SENDING, SUCCESS, FAILURE. */
    syncStatus: text('sync_status').notNull().default('NONE'),
    delFlag: boolean('del_flag').notNull().default(false),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('spus_domain_code_key').on(t.domainId, t.code).where(sql`del_flag = false`),
    index('spus_domain_id_idx').on(t.domainId, t.id.desc().nullsFirst()),
    index('spus_domain_class_idx').on(t.domainId, t.classId),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'spus_class_id_fk', columns: [t.domainId, t.classId], foreignColumns: [skuClasses.domainId, skuClasses.id] }),
  ],
);

export const skus = pgTable(
  'skus',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    spuId: bigint('spu_id', { mode: 'number' })
      .notNull(),
    code: text('code').notNull(),
    barCode: text('bar_code'),
    name: text('name'),
    specifications: text('specifications'),
    color: text('color'),
    size: text('size'),
    price: money('price'),
    costPrice: money('cost_price'),
    /** The latest price set by a cooperating supplier (distribution). */
    distributionPrice: money('distribution_price'),
    length: size('length'),
    width: size('width'),
    height: size('height'),
    weight: weight('weight'),
    /**
     * A SKU of goods with variants entered without its own cost price or weight takes the goods'
     * value: cost_price / weight hold that value (every reader uses them) and these flags say so,
     * so a later change of the goods' value reaches the SKU (goods README "values from the goods").
     */
    costPriceFromGoods: boolean('cost_price_from_goods').notNull().default(false),
    weightFromGoods: boolean('weight_from_goods').notNull().default(false),
    picUrl: text('pic_url'),
    isCombination: boolean('is_combination').notNull().default(false),
    status: text('status').notNull().default('onsale'),
    syncStatus: text('sync_status').notNull().default('NONE'),
    /**
     * The live-broadcast code (spec 02 §3.1 livestream columns): a short code the seller puts in
     * an online listing's name, so the listing's SKUs are matched to this SKU without asking.
     */
    liveCode: text('live_code'),
    delFlag: boolean('del_flag').notNull().default(false),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('skus_domain_live_code_key').on(t.domainId, t.liveCode).where(sql`live_code is not null`),
    uniqueIndex('skus_domain_code_key').on(t.domainId, t.code).where(sql`del_flag = false`),
    index('skus_domain_spu_idx').on(t.domainId, t.spuId),
    index('skus_domain_barcode_idx').on(t.domainId, t.barCode),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'skus_spu_id_fk', columns: [t.domainId, t.spuId], foreignColumns: [spus.domainId, spus.id] }),
  ],
);

/** The components of a combination SKU, with quantity and apportioned cost price. */
export const combinationComponents = pgTable(
  'combination_components',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    comboSkuId: bigint('combo_sku_id', { mode: 'number' })
      .notNull(),
    componentSkuId: bigint('component_sku_id', { mode: 'number' })
      .notNull(),
    qty: integer('qty').notNull(),
    apportionCostPrice: money('apportion_cost_price'),
    sortIndex: integer('sort_index').notNull().default(0),
  },
  (t) => [
    uniqueIndex('combination_components_key').on(t.domainId, t.comboSkuId, t.componentSkuId),
    index('combination_components_component_idx').on(t.domainId, t.componentSkuId),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'combination_components_combo_sku_id_fk', columns: [t.domainId, t.comboSkuId], foreignColumns: [skus.domainId, skus.id] }),
    foreignKey({ name: 'combination_components_component_sku_id_fk', columns: [t.domainId, t.componentSkuId], foreignColumns: [skus.domainId, skus.id] }),
  ],
);

/** Shelf-life (product date) records of a SKU: a production date and a quantity. */
export const skuProductDates = pgTable(
  'sku_product_dates',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    productDate: date('product_date', { mode: 'string' }).notNull(),
    qty: integer('qty').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sku_product_dates_sku_idx').on(t.domainId, t.skuId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sku_product_dates_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] })],
);
