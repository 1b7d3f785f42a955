// Menu (page) permissions and user fields. A menu key grants a page and every server call of
// its area; a field key lets the server send a sensitive field (spec 01 §6).

export interface MenuDefinition {
  key: string;
  /** i18n key under the `menus` namespace. */
  label: string;
}

export interface MenuGroup {
  key: string;
  label: string;
  menus: MenuDefinition[];
}

const m = (key: string): MenuDefinition => ({ key, label: key });

/** Seller menus, grouped as the role editor shows them. */
export const SELLER_MENU_GROUPS: MenuGroup[] = [
  { key: 'purchase', label: 'group.purchase', menus: [m('MENU_PURCHASE')] },
  { key: 'goods', label: 'group.goods', menus: [m('MENU_SKU'), m('MENU_TBSKU_RELATION'), m('MENU_NEW_PROMOTION_MANAGE')] },
  { key: 'orders', label: 'group.orders', menus: [m('MENU_ERPSO'), m('MENU_ERPSO_CREATE'), m('MENU_RMA_MANAGE')] },
  { key: 'aftersale', label: 'group.aftersale', menus: [m('MENU_AFTER_SALES')] },
  {
    key: 'stock',
    label: 'group.stock',
    menus: [m('MENU_INV'), m('MENU_ASN_CREATE'), m('MENU_WDO_CREATE'), m('MENU_INV_TRANSFER'), m('MENU_INV_ADJUST'), m('MENU_INV_SYNC')],
  },
  {
    key: 'wave',
    label: 'group.wave',
    menus: [m('MENU_WAVE_STRATEGY_DISTRIBUTION'), m('MENU_WAVE_STRATEGY_DETAIL'), m('MENU_WAVE_INSPECTION')],
  },
  {
    key: 'distribution',
    label: 'group.distribution',
    menus: [
      m('MENU_DISTRIBUTION'),
      m('DISTRIBUTION_SKU_PRICE'),
      m('MENU_DISTRIBUTION_CREDIT'),
      m('MENU_VENDOR'),
      m('MENU_DISTRIBUTION_BILL'),
      m('DISTRIBUTION_EXPRESS_FREIGHT_TEMPLATE'),
      m('MENU_DISTRIBUTION_SKU_RELATION'),
    ],
  },
  { key: 'reports', label: 'group.reports', menus: [m('MENU_REPORT')] },
  {
    key: 'finance',
    label: 'group.finance',
    menus: [m('MENU_PAYABLE_MANAGE'), m('MENU_RECONCILIATION'), m('MENU_PLATFORM_BILL'), m('MENU_BILL_SUMMARY')],
  },
  {
    key: 'config',
    label: 'group.config',
    menus: [
      m('MENU_WH_LIST'),
      m('MENU_WH_EXPRESS'),
      m('MENU_ETRACK_ACCOUNT'),
      m('MENU_PRINT_TEMPLATE'),
      m('MENU_EXPRESS_RULE'),
      m('MENU_FREIGHT_TEMPLATE'),
      m('MENU_EXPRESS_RECONCILIATION'),
      m('MENU_EXPRESS_STOP'),
      m('MENU_STORE'),
      m('MENU_SUPPLIER'),
      m('MENU_USER_CONFIG'),
      m('MENU_USER_MANAGER'),
    ],
  },
  {
    key: 'personal',
    label: 'group.personal',
    menus: [m('MENU_ACCOUNT'), m('MENU_DATA_DOWNLOAD'), m('MENU_LOGIN_RECOR'), m('MENU_BIZ_LOG')],
  },
];

export const SELLER_MENUS: readonly string[] = SELLER_MENU_GROUPS.flatMap((g) => g.menus.map((x) => x.key));

/** The root account's menu: the admin area. */
export const ROOT_MENUS: readonly string[] = ['MENU_SYSTEM'];

export const ALL_MENUS: readonly string[] = [...SELLER_MENUS, ...ROOT_MENUS];

export function isSellerMenu(key: string): boolean {
  return SELLER_MENUS.includes(key);
}

/** The menu that lets an account download files, and so start an export (spec 01 §4.5, §6). */
export const DOWNLOAD_MENU = 'MENU_DATA_DOWNLOAD';

/**
 * Whether an account may start an export and download its file. An export is made to be
 * downloaded, so one that the account could not download is refused before it is made (spec 01
 * §6: 'no download permission, please contact the main account holder').
 */
export function canDownload(menus: ReadonlySet<string>): boolean {
  return menus.has(DOWNLOAD_MENU);
}

/** Extra (domain-level) menus. */
export const EXTRA_MENU_DISTRIBUTION = 'DISTRIBUTION';

/**
 * Sensitive fields. `levelGated` fields show only at paid levels and only if the user's field
 * list includes them; COST_PRICE needs only the field.
 */
export interface FieldDefinition {
  key: string;
  levelGated: boolean;
}

export const USER_FIELDS: readonly FieldDefinition[] = [
  { key: 'COST_PRICE', levelGated: false },
  { key: 'PURCHASE_PRICE', levelGated: true },
  /** Receivers' names, phones and addresses in full (revealed one call at a time, logged). */
  { key: 'RECEIVER_DECRYPT', levelGated: false },
];

export const USER_FIELD_KEYS: readonly string[] = USER_FIELDS.map((f) => f.key);

export const ROLE_SUPER_ADMIN = 'SUPER_ADMIN';
export const ROLE_WMS_ADMIN = 'WMS_ADMIN';

export const ACCOUNT_TYPES = ['MAIN_ACCOUNT_TYPE', 'SUB_ACCOUNT_TYPE', 'ROOT_ACCOUNT_TYPE'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
