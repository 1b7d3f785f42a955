// Automatic review (issue 21 must-have 4; spec 02 §7.10 GET erpsoh/autoVerify). The seller's rule
// (one row of order_auto_verify_rules per domain; saved from /config/configuration) says which
// pending orders need no person: stores, amount range, SKUs, remarks, minutes since payment. The
// rule itself is `autoVerifyHold` (packages/core rules/auto-verify.ts). A run takes the domain's
// pending, unlocked, not intercepted, not risk-controlled orders (oldest first, at most
// AUTO_VERIFY_BATCH a run), reviews those the rule lets through with the commands' own `verify`
// (so stock, courier and warehouse checks are the same as by hand), and marks the others with the
// reason they stay for manual review (erp_orders.auto_verify_hold; a review refusal keeps its error
// code there). The job runs every domain whose rule is on; the GET call runs the caller's domain.
import {
  autoVerifyHold,
  ORDER_STATUS,
  type AutoVerifyResult,
  type AutoVerifyRule,
  type AutoVerifyRuleParsed,
  type Language,
} from '@openseller/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { orderAutoVerifyRules } from '../../../db/schema/index.js';
import { versionConflict } from '../../../platform/errors.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { bigintArray, textArray } from '../../../platform/sql.js';
import { actorOf, domainOf } from '../session-helpers.js';
import type { OrderCommandsService } from './commands.service.js';

/** Orders looked at per run (per domain), in creation order. */
export const AUTO_VERIFY_BATCH = 500;
const VERIFY_CHUNK = 100;

const DEFAULT_RULE: AutoVerifyRule = {
  enabled: false,
  storeIdList: [],
  amountMin: null,
  amountMax: null,
  skuCodeList: [],
  remarkRule: 'ANY',
  minutesAfterPay: 0,
  version: 0,
  updatedAt: null,
};

/** A decimal text without the trailing zeros numeric(18,4) adds. */
const plain = (v: string | null) => (v === null ? null : v.includes('.') ? v.replace(/\.?0+$/, '') : v);

export function createAutoVerifyService(deps: { database: Database; commands: OrderCommandsService; now: () => Date }) {
  const { db } = deps.database;

  async function readRule(domainId: number): Promise<AutoVerifyRule> {
    const [r] = await db.select().from(orderAutoVerifyRules).where(eq(orderAutoVerifyRules.domainId, domainId));
    if (!r) return DEFAULT_RULE;
    return {
      enabled: r.enabled,
      storeIdList: r.storeIds.map(Number),
      amountMin: plain(r.amountMin),
      amountMax: plain(r.amountMax),
      skuCodeList: r.skuCodes,
      remarkRule: r.remarkRule as AutoVerifyRule['remarkRule'],
      minutesAfterPay: r.minutesAfterPay,
      version: r.version,
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  /** The session the job reviews with: the domain's main account, named "autoVerify" in the logs. */
  async function jobSession(domainId: number): Promise<Session | null> {
    const rows = await db.execute<{ id: number }>(sql`select id from users where domain_id = ${domainId} and account_type = 'MAIN_ACCOUNT_TYPE' order by id limit 1`);
    const main = rows.rows[0];
    if (!main) return null;
    return {
      tokenId: 0,
      familyId: 'auto-verify',
      userId: Number(main.id),
      loginName: 'autoVerify',
      userName: 'autoVerify',
      accountType: 'MAIN_ACCOUNT_TYPE',
      systemRoles: [],
      domainId,
      domain: null,
      menus: new Set(['MENU_ERPSO']),
      fields: [],
      isRoot: false,
      isMain: true,
    };
  }

  async function runDomain(session: Session, language: Language): Promise<AutoVerifyResult> {
    const domainId = domainOf(session);
    const rule = await readRule(domainId);
    if (!rule.enabled) return { enabled: false, checked: 0, successIds: [], held: [], failures: [] };
    const at = deps.now();
    const candidates = await db.execute<{ id: number; code: string; store_id: number; amount_total: string; buyer_message: string | null; seller_remark: string | null; pay_time: Date | string | null; auto_verify_hold: string | null; sku_codes: (string | null)[] }>(sql`
      select o.id, o.code, o.store_id, o.amount_total, o.buyer_message, o.seller_remark, o.pay_time, o.auto_verify_hold,
        coalesce((select array_agg(l.sku_code order by l.line_seq) from erp_order_lines l where l.domain_id = o.domain_id and l.order_id = o.id and l.cancel_tag = 0), '{}') as sku_codes
      from erp_orders o
      where o.domain_id = ${domainId} and o.status_code = ${ORDER_STATUS.NORMAL} and not o.locked and not o.intercepted and o.risk_control_status = 'NONE'
      order by o.created_at, o.id
      limit ${AUTO_VERIFY_BATCH}`);
    const held: AutoVerifyResult['held'] = [];
    const pass: number[] = [];
    const holdOf = new Map<number, string | null>();
    for (const o of candidates.rows) {
      const reason = autoVerifyHold(
        rule,
        {
          storeId: Number(o.store_id),
          amountTotal: String(o.amount_total),
          skuCodes: o.sku_codes,
          buyerMessage: o.buyer_message,
          sellerRemark: o.seller_remark,
          payTime: o.pay_time === null ? null : new Date(o.pay_time),
        },
        at,
      );
      holdOf.set(Number(o.id), o.auto_verify_hold);
      if (reason) held.push({ id: Number(o.id), code: o.code, reason });
      else pass.push(Number(o.id));
    }
    const successIds: number[] = [];
    const failures: AutoVerifyResult['failures'] = [];
    for (let i = 0; i < pass.length; i += VERIFY_CHUNK) {
      const r = await deps.commands.verify(session, language, { idList: pass.slice(i, i + VERIFY_CHUNK) });
      successIds.push(...r.successIds);
      failures.push(...r.failures);
    }
    // The reasons an order stays, written only where they changed.
    const marks = [...held.map((h) => [h.id, h.reason] as const), ...failures.map((f) => [f.id, f.errorCode] as const)].filter(([id, reason]) => holdOf.get(id) !== reason);
    if (marks.length) {
      await db.execute(sql`
        update erp_orders o set auto_verify_hold = m.reason
        from unnest(${bigintArray(marks.map(([id]) => id))}, ${textArray(marks.map(([, r]) => r))}) as m(id, reason)
        where o.domain_id = ${domainId} and o.id = m.id and o.status_code = ${ORDER_STATUS.NORMAL}`);
    }
    if (successIds.length) await db.execute(sql`update erp_orders set auto_verify_hold = null where domain_id = ${domainId} and id = any(${bigintArray(successIds)}) and auto_verify_hold is not null`);
    return { enabled: true, checked: candidates.rows.length, successIds, held, failures };
  }

  return {
    getRule: (session: Session) => readRule(domainOf(session)),

    async saveRule(session: Session, input: AutoVerifyRuleParsed): Promise<AutoVerifyRule> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orderAutoVerifyRules).where(eq(orderAutoVerifyRules.domainId, domainId)).for('update');
        const currentVersion = current?.version ?? 0;
        if (input.version !== undefined && input.version !== currentVersion) throw versionConflict('autoVerifyRule');
        const values = {
          enabled: input.enabled,
          storeIds: [...new Set(input.storeIdList)],
          amountMin: input.amountMin,
          amountMax: input.amountMax,
          skuCodes: [...new Set(input.skuCodeList)],
          remarkRule: input.remarkRule,
          minutesAfterPay: input.minutesAfterPay,
          updatedBy: session.userId,
          updatedAt: deps.now(),
        };
        if (current) await tx.update(orderAutoVerifyRules).set({ ...values, version: currentVersion + 1 }).where(and(eq(orderAutoVerifyRules.domainId, domainId), eq(orderAutoVerifyRules.id, current.id)));
        else await tx.insert(orderAutoVerifyRules).values({ domainId, ...values, version: 1 });
        await writeOperationLog(tx, actorOf(session), { area: 'settings', entityType: 'autoVerifyRule', entityId: domainId, action: current ? 'update' : 'create', before: current ?? null, after: values });
      });
      return readRule(domainId);
    },

    /** GET autoVerify: the caller's domain now, reviewed in the caller's name. */
    run: (session: Session, language: Language) => runDomain(session, language),

    /** The job: every domain whose rule is on. */
    async runDue(): Promise<void> {
      const rows = await db.execute<{ domain_id: number; id: number }>(sql`select domain_id, id from order_auto_verify_rules where enabled`);
      for (const r of rows.rows) {
        const session = await jobSession(Number(r.domain_id));
        if (session) await runDomain(session, 'zh');
      }
    },
  };
}

export type AutoVerifyService = ReturnType<typeof createAutoVerifyService>;
