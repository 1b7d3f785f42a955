// The business rules configuration (spec 01 §2.2 /config/configuration, MENU_USER_CONFIG): the
// domain settings the product reads today, kept as domain configuration items (domain_configs
// item_code → value text). The catalogue says what each item holds, its bounds and its default;
// the save contract refuses an unknown item or a value out of its bounds, naming `items.N.value`.
import { z } from 'zod';
import { DEFAULT_WEIGH_MARGIN_PERCENT } from '../rules/order-check.js';
import { WEIGH_MARGIN_CONFIG } from './orders-checking.js';
import { ORDER_OVERDUE_CONFIG, ORDER_OVERDUE_DEFAULT } from './orders-list.js';

export const DOMAIN_SETTING_GROUPS = ['orders'] as const;
export type DomainSettingGroup = (typeof DOMAIN_SETTING_GROUPS)[number];

export type DomainSettingKind = 'boolean' | 'integer' | 'decimal';

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
];

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
export interface DomainSettingView {
  itemCode: string;
  kind: DomainSettingKind;
  group: DomainSettingGroup;
  min: number | null;
  max: number | null;
  scale: number | null;
  value: string;
  defaultValue: string;
  /** The value in force is the default (none stored, or the stored one equals it). */
  isDefault: boolean;
  /** The domain has a value stored for the item. */
  stored: boolean;
}

/** What the save answers: every setting as it now is, and which codes changed. */
export interface DomainSettingsSaveResult {
  items: DomainSettingView[];
  changed: string[];
}
