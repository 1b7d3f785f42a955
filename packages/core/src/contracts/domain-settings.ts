// The business rules configuration (spec 01 §2.2 /config/configuration, MENU_USER_CONFIG): the
// domain settings the product reads today, kept as domain configuration items (domain_configs
// item_code → value text). The catalogue says what each item holds, its bounds and its default;
// the save contract refuses an unknown item or a value out of its bounds, naming `items.N.value`.
import { z } from 'zod';
import { DEFAULT_WEIGH_MARGIN_PERCENT } from '../rules/order-check.js';
import { WEIGH_MARGIN_CONFIG } from './orders-checking.js';
import { ORDER_OVERDUE_CONFIG, ORDER_OVERDUE_DEFAULT } from './orders-list.js';

export const DOMAIN_SETTING_GROUPS = ['orders', 'print', 'reports'] as const;

/** The shop's day of the reports (issue 16): an IANA time zone; Asia/Shanghai by default. */
export const REPORT_TIME_ZONE_CONFIG = 'REPORT_TIME_ZONE';
export const DEFAULT_REPORT_TIME_ZONE = 'Asia/Shanghai';

/** PRINT_CONFIG: the count of distinct goods a print page holds before the order goes on to a next page (spec 02 §4.3); 0 = no split. A template's own goods per page comes first. */
export const PRINT_GOODS_NUMBER_CONFIG = 'PRINT_GOODS_NUMBER';
export type DomainSettingGroup = (typeof DOMAIN_SETTING_GROUPS)[number];

export type DomainSettingKind = 'boolean' | 'integer' | 'decimal' | 'timeZone';

export interface DomainSettingDefinition {
  code: string;
  kind: DomainSettingKind;
  group: DomainSettingGroup;
  /** Bounds of a number (inclusive). */
  min?: number;
  max?: number;
  /** Decimal places a decimal may carry. */
  scale?: number;
  /** The value text used while the domain has stored none. */
  defaultValue: string;
}

/** The known settings, in the order the page shows them. */
export const DOMAIN_SETTINGS: readonly DomainSettingDefinition[] = [
  // The 'about to time out' warning of the order list (spec 01 §9): on, 24 hours by default.
  { code: ORDER_OVERDUE_CONFIG.enabled, kind: 'boolean', group: 'orders', defaultValue: String(ORDER_OVERDUE_DEFAULT.enabled) },
  // The countdown is shown in days, hours and minutes, so up to 30 days ahead is allowed.
  { code: ORDER_OVERDUE_CONFIG.hours, kind: 'integer', group: 'orders', min: 1, max: 720, defaultValue: String(ORDER_OVERDUE_DEFAULT.hours) },
  // Weigh and send (spec 02 §7.10): how far a parcel may differ from the goods' weight.
  { code: WEIGH_MARGIN_CONFIG, kind: 'decimal', group: 'orders', min: 0, max: 100, scale: 2, defaultValue: String(DEFAULT_WEIGH_MARGIN_PERCENT) },
  // Printing (spec 02 §4.3): the goods number of a print page; 0 prints every order on one page.
  { code: PRINT_GOODS_NUMBER_CONFIG, kind: 'integer', group: 'print', min: 0, max: 100, defaultValue: '0' },
  // Reports: the time zone whose midnight starts the shop's day; a change recomputes the figures.
  { code: REPORT_TIME_ZONE_CONFIG, kind: 'timeZone', group: 'reports', defaultValue: DEFAULT_REPORT_TIME_ZONE },
];

/** Whether a text names a time zone this runtime knows (IANA names such as Asia/Shanghai, or UTC). */
export function isTimeZoneName(text: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(text) || text.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
    return true;
  } catch {
    return false;
  }
}

export const DOMAIN_SETTING_CODES = DOMAIN_SETTINGS.map((s) => s.code);

export function domainSettingOf(code: string): DomainSettingDefinition | undefined {
  return DOMAIN_SETTINGS.find((s) => s.code === code);
}

const BOOLEAN_TEXTS: Record<string, string> = { true: 'true', false: 'false', '1': 'true', '0': 'false' };

/**
 * The stored text of a value for a setting ('true'/'false', '24', '12.5'), or a sentence saying
 * what is wrong with it. Booleans and numbers are taken as such or as their text.
 */
export function normalizeDomainSetting(definition: DomainSettingDefinition, value: unknown): { value: string } | { problem: string } {
  if (definition.kind === 'boolean') {
    const text = typeof value === 'boolean' ? String(value) : typeof value === 'string' ? BOOLEAN_TEXTS[value.trim().toLowerCase()] : undefined;
    return text ? { value: text } : { problem: `${definition.code} must be true or false` };
  }
  if (definition.kind === 'timeZone') {
    const zone = typeof value === 'string' ? value.trim() : '';
    return isTimeZoneName(zone) ? { value: zone } : { problem: `${definition.code} must be a time zone such as Asia/Shanghai` };
  }
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const scale = definition.kind === 'integer' ? 0 : (definition.scale ?? 0);
  const pattern = scale ? new RegExp(`^-?\\d+(\\.\\d{1,${scale}})?$`) : /^-?\d+$/;
  const range = `from ${definition.min ?? '-∞'} to ${definition.max ?? '∞'}`;
  const shape = definition.kind === 'integer' ? `a whole number ${range}` : `a number ${range} with at most ${scale} decimals`;
  if (!pattern.test(text)) return { problem: `${definition.code} must be ${shape}` };
  const n = Number(text);
  if ((definition.min !== undefined && n < definition.min) || (definition.max !== undefined && n > definition.max)) return { problem: `${definition.code} must be ${shape}` };
  // Number → text drops leading and trailing zeros ('08' → '8', '12.50' → '12.5'); exact at these sizes.
  return { value: String(n) };
}

const DomainSettingItem = z
  .object({
    itemCode: z.string({ message: 'itemCode: name the setting' }).trim().min(1, 'itemCode: name the setting'),
    value: z.union([z.string().max(100), z.number(), z.boolean()], { message: 'value: give a value' }),
  })
  .transform((item, ctx) => {
    const definition = domainSettingOf(item.itemCode);
    if (!definition) {
      ctx.addIssue({ code: 'custom', path: ['itemCode'], message: `Unknown setting ${item.itemCode}` });
      return z.NEVER;
    }
    const normalized = normalizeDomainSetting(definition, item.value);
    if ('problem' in normalized) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: normalized.problem });
      return z.NEVER;
    }
    return { itemCode: definition.code, value: normalized.value };
  });

export const DomainSettingsSaveInput = z.object({
  items: z
    .array(DomainSettingItem, { message: 'items: list the settings to save' })
    .min(1, 'items: list the settings to save')
    .max(DOMAIN_SETTINGS.length)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.itemCode)) ctx.addIssue({ code: 'custom', path: [index, 'itemCode'], message: `${item.itemCode} is listed twice` });
        seen.add(item.itemCode);
      });
    }),
});
export type DomainSettingsSaveInput = z.infer<typeof DomainSettingsSaveInput>;

/** One setting as the domain has it: the stored value, or the default while none is stored. */
export const DomainSettingView = z.object({
  itemCode: z.string(),
  kind: z.enum(['boolean', 'integer', 'decimal', 'timeZone']),
  group: z.enum(DOMAIN_SETTING_GROUPS),
  min: z.number().nullable(),
  max: z.number().nullable(),
  scale: z.number().nullable(),
  value: z.string(),
  defaultValue: z.string(),
  /** The value in force is the default (none stored, or the stored one equals it). */
  isDefault: z.boolean(),
  /** The domain has a value stored for the item. */
  stored: z.boolean(),
});
export type DomainSettingView = z.infer<typeof DomainSettingView>;

/** What a save answers: every setting as it now is, and which codes changed. */
export const DomainSettingsSaveResult = z.object({
  items: z.array(DomainSettingView),
  changed: z.array(z.string()),
});
export type DomainSettingsSaveResult = z.infer<typeof DomainSettingsSaveResult>;

// ---- the spec's sysconfig calls (02 §7.14: /cloud/core/sysconfig) -------------------------------

/**
 * The codes getConfigByCode reads: a group of settings by its code, or one setting by its item
 * code. USER_CONFIG is the business rules page (every item); OVER_TIME_WARNING the order list's
 * 'about to time out' warning; PRINT_CONFIG the domain's print settings (the goods number of a
 * print page).
 */
export const SYS_CONFIG_GROUPS: Readonly<Record<string, readonly string[]>> = {
  USER_CONFIG: DOMAIN_SETTING_CODES,
  OVER_TIME_WARNING: [ORDER_OVERDUE_CONFIG.enabled, ORDER_OVERDUE_CONFIG.hours],
  PRINT_CONFIG: DOMAIN_SETTINGS.filter((s) => s.group === 'print').map((s) => s.code),
};

/** The item codes a sysconfig code names, or undefined for an unknown code. */
export function sysConfigItems(code: string): readonly string[] | undefined {
  return SYS_CONFIG_GROUPS[code] ?? (domainSettingOf(code) ? [code] : undefined);
}

export const SysConfigCodeInput = z.object({
  code: z
    .string({ message: 'code: name the configuration' })
    .trim()
    .min(1, 'code: name the configuration')
    .max(64)
    .refine((code) => sysConfigItems(code) !== undefined, { message: 'Unknown configuration code' }),
});
export type SysConfigCodeInput = z.infer<typeof SysConfigCodeInput>;

/** updateSysConfig: the items to save, { items: [{ itemCode, value }] }. */
export const SysConfigUpdateInput = DomainSettingsSaveInput;
export type SysConfigUpdateInput = z.infer<typeof SysConfigUpdateInput>;

/** updateSysConfigByJSON: { value } holding the JSON text of the items, [{ itemCode, value }]. */
export const SysConfigJsonInput = z.object({
  value: z
    .string({ message: 'value: the JSON text of the settings' })
    .max(10_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'value: not JSON text' });
        return z.NEVER;
      }
    })
    .pipe(DomainSettingsSaveInput.shape.items),
});
export type SysConfigJsonInput = z.infer<typeof SysConfigJsonInput>;

/** updateOverTimeWaringSysConfig: the order list's warning, on or off and how many hours ahead. */
export const OverTimeWarningInput = z
  .object({ enabled: z.boolean({ message: 'enabled: true or false' }), hours: z.union([z.number(), z.string()]) })
  .transform((input, ctx) => {
    const definition = domainSettingOf(ORDER_OVERDUE_CONFIG.hours)!;
    const hours = normalizeDomainSetting(definition, input.hours);
    if ('problem' in hours) {
      ctx.addIssue({ code: 'custom', path: ['hours'], message: hours.problem });
      return z.NEVER;
    }
    return {
      items: [
        { itemCode: ORDER_OVERDUE_CONFIG.enabled as string, value: String(input.enabled) },
        { itemCode: ORDER_OVERDUE_CONFIG.hours as string, value: hours.value },
      ],
    };
  });
export type OverTimeWarningInput = z.infer<typeof OverTimeWarningInput>;

/** updatePrintConfig: items of PRINT_CONFIG only. */
export const PrintConfigUpdateInput = DomainSettingsSaveInput.superRefine((input, ctx) => {
  input.items.forEach((item, index) => {
    if (!SYS_CONFIG_GROUPS.PRINT_CONFIG!.includes(item.itemCode)) ctx.addIssue({ code: 'custom', path: ['items', index, 'itemCode'], message: `${item.itemCode} is not a print setting` });
  });
});
export type PrintConfigUpdateInput = z.infer<typeof PrintConfigUpdateInput>;
