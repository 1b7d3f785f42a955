// The domain's business rule settings (spec 01 §2.2 /config/configuration): every known item of
// the catalogue with its value in force, and a save that upserts a batch in one transaction,
// logging each item whose value in force changes. The readers (order list warning, weigh and
// send) read the same domain_configs rows.
import {
  DOMAIN_SETTING_CODES,
  DOMAIN_SETTINGS,
  normalizeDomainSetting,
  type DomainSettingDefinition,
  type DomainSettingsSaveInput,
  type DomainSettingsSaveResult,
  type DomainSettingView,
} from '@openseller/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { domainConfigs } from '../../db/schema/index.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { actorOf, domainOf as sellerDomain } from '../../platform/caller.js';
import { textsIn } from '../../platform/sql.js';

const AREA = 'settings';
const ENTITY = 'domainSetting';

/** The stored texts of the known items (item code → value). */
async function storedSettings(tx: Tx | Database['db'], domainId: number, lock = false): Promise<Map<string, string>> {
  const q = tx
    .select({ itemCode: domainConfigs.itemCode, value: domainConfigs.value })
    .from(domainConfigs)
    .where(and(eq(domainConfigs.domainId, domainId), textsIn(domainConfigs.itemCode, DOMAIN_SETTING_CODES)));
  const rows = lock ? await q.for('update') : await q;
  return new Map(rows.map((r) => [r.itemCode, r.value]));
}

/** A stored text its readers would not accept (e.g. imported by hand) counts as the default, as they treat it. */
function viewOf(definition: DomainSettingDefinition, stored: string | undefined): DomainSettingView {
  const normalized = stored === undefined ? undefined : normalizeDomainSetting(definition, stored);
  const value = normalized && 'value' in normalized ? normalized.value : definition.defaultValue;
  return {
    itemCode: definition.code,
    kind: definition.kind,
    group: definition.group,
    min: definition.min ?? null,
    max: definition.max ?? null,
    scale: definition.scale ?? null,
    value,
    defaultValue: definition.defaultValue,
    isDefault: value === definition.defaultValue,
    stored: stored !== undefined,
  };
}

/**
 * An area that acts when a setting it reads changes (the reports recompute their days when the
 * shop's time zone changes). Called after the save committed, with the changed codes it watches.
 */
export interface DomainSettingListener {
  codes: readonly string[];
  changed(domainId: number, codes: string[]): Promise<void>;
}
export const DOMAIN_SETTING_LISTENERS = 'domain-setting-listeners';

export function createSettingsService(deps: { database: Database; now?: () => Date; listeners?: () => DomainSettingListener[] }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  return {
    /** The settings of the codes given (every known one when none are given), in the catalogue's order. */
    async get(session: Session, codes: readonly string[] = DOMAIN_SETTING_CODES): Promise<DomainSettingView[]> {
      const stored = await storedSettings(db, sellerDomain(session));
      return DOMAIN_SETTINGS.filter((d) => codes.includes(d.code)).map((d) => viewOf(d, stored.get(d.code)));
    },

    async save(session: Session, input: DomainSettingsSaveInput): Promise<DomainSettingsSaveResult> {
      const domainId = sellerDomain(session);
      const result = await db.transaction(async (tx) => {
        const before = await storedSettings(tx, domainId, true);
        const changed: string[] = [];
        const at = now();
        await tx
          .insert(domainConfigs)
          .values(input.items.map((item) => ({ domainId, itemCode: item.itemCode, value: item.value, updatedAt: at })))
          .onConflictDoUpdate({ target: [domainConfigs.domainId, domainConfigs.itemCode], set: { value: sql`excluded.value`, updatedAt: at } });
        const after = new Map(before);
        for (const item of input.items) {
          const definition = DOMAIN_SETTINGS.find((d) => d.code === item.itemCode)!;
          const was = viewOf(definition, before.get(item.itemCode)).value;
          after.set(item.itemCode, item.value);
          if (was === item.value) continue;
          changed.push(item.itemCode);
          await writeOperationLog(tx, actorOf(session), {
            area: AREA,
            entityType: ENTITY,
            entityId: item.itemCode,
            action: 'update',
            before: { value: was },
            after: { value: item.value },
          });
        }
        return { items: DOMAIN_SETTINGS.map((d) => viewOf(d, after.get(d.code))), changed };
      });
      for (const listener of deps.listeners?.() ?? []) {
        const codes = result.changed.filter((c) => listener.codes.includes(c));
        if (codes.length) await listener.changed(domainId, codes);
      }
      return result;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
