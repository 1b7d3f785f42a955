// Waybill accounts (myhome/etrackaccount), waybill numbers for reviewed orders from the carrier
// connector (myhome/print/eTrackGetNoAndPrint), and paper waybill numbers (myhome/print/paperyPrint)
// from the last number per courier (myhome/lastexpressno). Every number given is recorded in waybill_numbers, unique per
// domain and carrier and never deleted, so a number is never given to a second order; an order
// that already has a number keeps it (a reprint reuses it); a failed carrier call gives nothing.
import {
  defaultPaymentType,
  ErrorCodes,
  InterceptErrors,
  refundHeld,
  nextPaperNo,
  ORDER_STATUS,
  requiredWaybillFields,
  WAYBILL_ACCOUNT_FIELDS,
  WaybillErrors,
  type Language,
  type LastExpressNoRow,
  type WaybillBatchResult,
  type OrderFailure,
  type OrderRow,
  type PageResult,
  type PlatformPrintCode,
  type UpdateLastExpressNoInput,
  type WaybillAccountRow,
  type WaybillAccountSave,
  type WaybillAccountSearch,
  type WaybillAccountUpdate,
} from '@openseller/core';
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { domainExpressCompanies, erpOrders, lastExpressNos, waybillAccounts, waybillAccountShares, waybillNumbers } from '../../../db/schema/index.js';
import { AppError, versionConflict } from '../../../platform/errors.js';
import { serverMessage } from '../../../platform/messages.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { CarrierConnectorError, type CarrierAccount, type CarrierParcel, type CarrierRegistry, type WaybillOutcome } from '../../../connectors/carrier/index.js';
import { loadOrderRows, ORDERS_AREA, writeOrderLog } from '../orders.model.js';
import { consumeShare, shareFor, shareRefusal } from './waybill-shares.service.js';
import { domainOf as sellerDomain } from '../../../platform/caller.js';
import { actorOf } from '../../../platform/caller.js';
import { pageOffset } from '../../../platform/paging.js';
import { idsIn } from '../../../platform/sql.js';

type AccountRecord = typeof waybillAccounts.$inferSelect;

function toRow(a: AccountRecord, usedCount: number): WaybillAccountRow {
  const { password, ...fields } = a.fields;
  return {
    id: a.id,
    version: a.version,
    printCode: a.printCode as PlatformPrintCode,
    expressCompanyCode: a.expressCompanyCode,
    name: a.name,
    sandbox: a.sandbox,
    isDefault: a.isDefault,
    fields,
    hasPassword: !!password,
    usedCount,
    createdAt: a.createdAt.toISOString(),
  };
}

export function createWaybillsService(deps: { database: Database; carriers: () => CarrierRegistry; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  /** The account's fields from the input: trimmed, empties dropped, payment type defaulted; required ones checked. */
  function fieldsOf(input: WaybillAccountSave, previous?: Record<string, string>): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const f of WAYBILL_ACCOUNT_FIELDS) {
      const v = input[f]?.trim();
      if (v) fields[f] = v;
    }
    // An edit that leaves the password empty keeps the one set before (it is never sent back).
    if (!fields.password && previous?.password) fields.password = previous.password;
    for (const f of requiredWaybillFields(input.printCode, input.expressCompanyCode)) {
      if (!fields[f]) throw new AppError(WaybillErrors.FIELD_REQUIRED, 400, { field: f });
    }
    if (!fields.paymentType) fields.paymentType = defaultPaymentType(input.expressCompanyCode);
    return fields;
  }

  async function checkCarrier(tx: Tx, domainId: number, code: string) {
    const [chosen] = await tx
      .select({ id: domainExpressCompanies.id })
      .from(domainExpressCompanies)
      .where(and(eq(domainExpressCompanies.domainId, domainId), eq(domainExpressCompanies.code, code)));
    if (!chosen) throw new AppError(WaybillErrors.CARRIER_NOT_CHOSEN, 400, { field: 'expressCompanyCode', code });
  }

  /** One default per carrier: setting one clears the others. */
  async function clearOtherDefaults(tx: Tx, domainId: number, code: string, keepId: number) {
    await tx
      .update(waybillAccounts)
      .set({ isDefault: false, version: sql`${waybillAccounts.version} + 1`, updatedAt: now() })
      .where(and(eq(waybillAccounts.domainId, domainId), eq(waybillAccounts.expressCompanyCode, code), eq(waybillAccounts.isDefault, true), sql`${waybillAccounts.id} <> ${keepId}`));
  }

  async function usedCounts(tx: Tx, domainId: number, ids: number[]) {
    if (!ids.length) return new Map<number, number>();
    const rows = await tx
      .select({ id: waybillNumbers.accountId, n: count() })
      .from(waybillNumbers)
      .where(and(eq(waybillNumbers.domainId, domainId), idsIn(waybillNumbers.accountId, ids)))
      .groupBy(waybillNumbers.accountId);
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }

  async function accountFor(tx: Tx, domainId: number, code: string): Promise<AccountRecord | undefined> {
    const [row] = await tx
      .select()
      .from(waybillAccounts)
      .where(and(eq(waybillAccounts.domainId, domainId), eq(waybillAccounts.expressCompanyCode, code)))
      .orderBy(desc(waybillAccounts.isDefault), asc(waybillAccounts.id))
      .limit(1);
    return row;
  }

  const toCarrierAccount = (a: AccountRecord): CarrierAccount => ({
    domainId: a.domainId,
    accountId: a.id,
    printCode: a.printCode as PlatformPrintCode,
    expressCompanyCode: a.expressCompanyCode,
    sandbox: a.sandbox,
    fields: a.fields,
  });

  function failure(o: { id: number; code: string | null }, errorCode: string, params: Record<string, string | number>, language: Language): OrderFailure {
    return { id: o.id, code: o.code, errorCode, params, message: serverMessage(errorCode, params, language) };
  }

  /** Records the number for the order in one transaction; false when the order changed meanwhile. */
  async function giveNumber(session: Session, order: OrderRow, expressNo: string, source: 'CARRIER' | 'PAPER', extra: { accountId?: number; routing?: Record<string, unknown>; printData?: Record<string, unknown> }, tx: Tx) {
    const domainId = sellerDomain(session);
    const [locked] = await tx
      .select({ statusCode: erpOrders.statusCode, expressNo: erpOrders.expressNo, expressCompanyCode: erpOrders.expressCompanyCode, version: erpOrders.version, haveRefund: erpOrders.haveRefund, intercepted: erpOrders.intercepted, interceptReason: erpOrders.interceptReason })
      .from(erpOrders)
      .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, order.id)))
      .for('update');
    // The refund state re-read under the row lock: a refund that arrived since the batch was read wins.
    if (locked && refundHeld(locked)) throw new AppError(InterceptErrors.REFUND_HOLD, 409, { code: order.code, action: 'waybill' });
    if (!locked || locked.statusCode !== ORDER_STATUS.VERIFIED || locked.expressNo || locked.expressCompanyCode !== order.expressCompanyCode) return false;
    const inserted = await tx
      .insert(waybillNumbers)
      .values({ domainId, expressCompanyCode: order.expressCompanyCode!, expressNo, orderId: order.id, accountId: extra.accountId ?? null, source, routing: extra.routing ?? null, printData: extra.printData ?? null, createdBy: session.userId, createdAt: now() })
      .onConflictDoNothing()
      .returning({ id: waybillNumbers.id });
    if (!inserted.length) throw new AppError(WaybillErrors.NUMBER_TAKEN, 409, { expressNo });
    await tx
      .update(erpOrders)
      .set({ expressNo, version: locked.version + 1, updatedAt: now() })
      .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, order.id)));
    await writeOrderLog(tx, actorOf(session), order.id, source === 'PAPER' ? 'takePaperWaybillNo' : 'takeWaybillNo', { expressNo: null }, { expressNo, expressCompanyCode: order.expressCompanyCode });
    return true;
  }

  /** Orders of ids split into those that can be numbered and the refusals (status, no courier). */
  async function eligible(domainId: number, ids: number[], language: Language) {
    const orders = await loadOrderRows(db, domainId, ids, { reveal: true });
    const found = new Set(orders.map((o) => o.id));
    const failures: OrderFailure[] = ids.filter((id) => !found.has(id)).map((id) => failure({ id, code: null }, ErrorCodes.NOT_FOUND, { what: 'order' }, language));
    const kept: number[] = [];
    const todo: OrderRow[] = [];
    for (const o of orders) {
      if (o.statusCode !== ORDER_STATUS.VERIFIED) failures.push(failure(o, WaybillErrors.STATUS, { status: o.statusCode }, language));
      else if (refundHeld(o)) failures.push(failure(o, InterceptErrors.REFUND_HOLD, { code: o.code, action: 'waybill' }, language));
      else if (!o.expressCompanyCode) failures.push(failure(o, WaybillErrors.NO_COURIER, {}, language));
      else if (o.expressNo) kept.push(o.id);
      else todo.push(o);
    }
    return { failures, kept, todo };
  }

  const parcelOf = (o: OrderRow): CarrierParcel => ({
    orderCode: o.code,
    sender: { name: o.warehouseName ?? o.storeName, phone: null, province: null, city: null, district: null, address: null },
    receiver: { name: o.receiverName, phone: o.receiverPhone, province: o.receiverProvince, city: o.receiverCity, district: o.receiverDistrict, address: o.receiverAddress },
    weight: o.weightTotal,
    packages: 1,
    platformCode: o.platformCode,
    platformNos: o.platformNos,
  });

  /** A batch's answer: the numbered orders (voList), isError when any order was refused. */
  async function batchResult(domainId: number, successIds: number[], failures: OrderFailure[]): Promise<WaybillBatchResult> {
    const rows = successIds.length ? await loadOrderRows(db, domainId, successIds) : [];
    const byId = new Map(rows.map((o) => [o.id, o]));
    const voList = successIds.flatMap((id) => {
      const o = byId.get(id);
      return o?.expressNo && o.expressCompanyCode ? [{ id, code: o.code, expressCompanyCode: o.expressCompanyCode, expressNo: o.expressNo }] : [];
    });
    return { voList, isError: failures.length > 0, successIds, failures };
  }

  return {
    async search(session: Session, input: WaybillAccountSearch): Promise<PageResult<WaybillAccountRow>> {
      const domainId = sellerDomain(session);
      const where: SQL[] = [eq(waybillAccounts.domainId, domainId)];
      if (input.printCode) where.push(eq(waybillAccounts.printCode, input.printCode));
      if (input.expressCompanyCode) where.push(eq(waybillAccounts.expressCompanyCode, input.expressCompanyCode));
      if (input.keyword) where.push(ilike(waybillAccounts.name, `%${input.keyword.replace(/[%_\\]/g, (c) => '\\' + c)}%`));
      const [{ total }] = (await db.select({ total: count() }).from(waybillAccounts).where(and(...where))) as [{ total: number }];
      const rows = await db
        .select()
        .from(waybillAccounts)
        .where(and(...where))
        .orderBy(asc(waybillAccounts.expressCompanyCode), desc(waybillAccounts.isDefault), asc(waybillAccounts.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      const used = await usedCounts(db, domainId, rows.map((r) => r.id));
      return { voList: rows.map((r) => toRow(r, used.get(r.id) ?? 0)), total: Number(total), currentPage: input.currentPage, pageSize: input.pageSize };
    },

    async create(session: Session, input: WaybillAccountSave): Promise<WaybillAccountRow> {
      const domainId = sellerDomain(session);
      const fields = fieldsOf(input);
      return db.transaction(async (tx) => {
        await checkCarrier(tx, domainId, input.expressCompanyCode);
        const [row] = await tx
          .insert(waybillAccounts)
          .values({ domainId, printCode: input.printCode, expressCompanyCode: input.expressCompanyCode, name: input.name, sandbox: input.sandbox, isDefault: input.isDefault, fields, createdBy: session.userId, createdAt: now(), updatedAt: now() })
          .returning();
        if (input.isDefault) await clearOtherDefaults(tx, domainId, input.expressCompanyCode, row!.id);
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'waybillAccount', entityId: row!.id, action: 'create', after: toRow(row!, 0) });
        return toRow(row!, 0);
      });
    },

    async update(session: Session, input: WaybillAccountUpdate): Promise<WaybillAccountRow> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(waybillAccounts).where(and(eq(waybillAccounts.domainId, domainId), eq(waybillAccounts.id, input.id)));
        if (!before) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'waybillAccount', field: 'id' });
        const fields = fieldsOf(input, before.fields);
        await checkCarrier(tx, domainId, input.expressCompanyCode);
        const [after] = await tx
          .update(waybillAccounts)
          .set({ printCode: input.printCode, expressCompanyCode: input.expressCompanyCode, name: input.name, sandbox: input.sandbox, isDefault: input.isDefault, fields, version: input.version + 1, updatedAt: now() })
          .where(and(eq(waybillAccounts.domainId, domainId), eq(waybillAccounts.id, input.id), eq(waybillAccounts.version, input.version)))
          .returning();
        if (!after) throw versionConflict('waybillAccount');
        if (input.isDefault) await clearOtherDefaults(tx, domainId, input.expressCompanyCode, after.id);
        const used = (await usedCounts(tx, domainId, [after.id])).get(after.id) ?? 0;
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'waybillAccount', entityId: after.id, action: 'update', before: toRow(before, used), after: toRow(after, used) });
        return toRow(after, used);
      });
    },

    async remove(session: Session, ids: number[]): Promise<{ removed: number }> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(waybillAccounts).where(and(eq(waybillAccounts.domainId, domainId), idsIn(waybillAccounts.id, ids)));
        if (rows.length !== new Set(ids).size) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'waybillAccount', field: 'idList' });
        // Deleting an account ends its shares to other domains (the owner's share log stays).
        await tx.delete(waybillAccountShares).where(and(eq(waybillAccountShares.domainId, domainId), idsIn(waybillAccountShares.accountId, ids)));
        await tx.delete(waybillAccounts).where(and(eq(waybillAccounts.domainId, domainId), idsIn(waybillAccounts.id, ids)));
        for (const r of rows) await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'waybillAccount', entityId: r.id, action: 'delete', before: toRow(r, 0) });
        return { removed: rows.length };
      });
    },

    /** Numbers from the carrier for reviewed orders with a courier and an account for it. */
    async takeWaybillNumbers(session: Session, ids: number[], language: Language): Promise<WaybillBatchResult> {
      const domainId = sellerDomain(session);
      const { failures, kept, todo } = await eligible(domainId, [...new Set(ids)], language);
      const successIds = [...kept];
      // An account of the domain's own first, else an account another domain shares to it.
      const byAccount = new Map<string, { account: AccountRecord; orders: OrderRow[]; share?: { id: number; status: string; remainNum: number } }>();
      for (const o of todo) {
        const own = await accountFor(db, domainId, o.expressCompanyCode!);
        const shared = own ? undefined : await shareFor(db, domainId, o.expressCompanyCode!);
        const account = own ?? shared?.account;
        if (!account) {
          failures.push(failure(o, WaybillErrors.NO_ACCOUNT, { expressCompanyCode: o.expressCompanyCode! }, language));
          continue;
        }
        const key = shared ? `share:${shared.share.id}` : `own:${account.id}`;
        const group = byAccount.get(key) ?? { account, orders: [], ...(shared ? { share: { id: shared.share.id, status: shared.share.status, remainNum: shared.share.remainNum } } : {}) };
        group.orders.push(o);
        byAccount.set(key, group);
      }
      for (const group of byAccount.values()) {
        const { account, share } = group;
        let orders = group.orders;
        if (share) {
          // A stopped share gives nothing; a share asks the carrier for no more numbers than remain.
          const allowed = shareRefusal(share) ? 0 : share.remainNum;
          const refusal = shareRefusal(share) ?? WaybillErrors.SHARE_USED_UP;
          for (const o of orders.slice(allowed)) failures.push(failure(o, refusal, { expressCompanyCode: o.expressCompanyCode! }, language));
          orders = orders.slice(0, allowed);
          if (!orders.length) continue;
        }
        const carrierAccount = toCarrierAccount(account);
        const connector = deps.carriers().connectorFor(carrierAccount);
        let outcomes: WaybillOutcome[];
        try {
          outcomes = await connector.takeWaybillNumbers(carrierAccount, orders.map(parcelOf));
        } catch (error) {
          const reason = error instanceof CarrierConnectorError || error instanceof Error ? error.message : String(error);
          for (const o of orders) failures.push(failure(o, WaybillErrors.CARRIER_FAILED, { reason }, language));
          continue;
        }
        for (const [i, o] of orders.entries()) {
          const outcome = outcomes[i];
          if (!outcome || !outcome.ok) {
            failures.push(failure(o, WaybillErrors.CARRIER_FAILED, { reason: outcome && !outcome.ok ? outcome.reason : 'no answer for the parcel' }, language));
            continue;
          }
          try {
            const given = await db.transaction(async (tx) => {
              const ok = await giveNumber(session, o, outcome.expressNo, 'CARRIER', { accountId: account.id, routing: { ...outcome.routing }, printData: outcome.printData }, tx);
              // Through a share: the count goes down in the same transaction (a refusal gives nothing).
              if (ok && share) await consumeShare(tx, share.id, domainId, { orderId: o.id, orderCode: o.code, expressCompanyCode: o.expressCompanyCode!, expressNo: outcome.expressNo, at: now() });
              return ok;
            });
            if (given) successIds.push(o.id);
            else {
              // The order changed meanwhile (numbered, courier changed, unreviewed): the carrier takes the number back.
              await connector.cancelWaybillNumber(carrierAccount, outcome.expressNo).catch(() => undefined);
              const [now] = await loadOrderRows(db, domainId, [o.id]);
              if (now?.expressNo && now.statusCode === ORDER_STATUS.VERIFIED) successIds.push(o.id);
              else failures.push(failure(o, WaybillErrors.STATUS, { status: now?.statusCode ?? 'unknown' }, language));
            }
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // A number the order could not take goes back to the carrier (a share's count, a refund hold).
            if (share || error.code === InterceptErrors.REFUND_HOLD) await connector.cancelWaybillNumber(carrierAccount, outcome.expressNo).catch(() => undefined);
            failures.push(failure(o, error.code, error.params, language));
          }
        }
      }
      return batchResult(domainId, successIds, failures);
    },

    async lastNo(session: Session, code: string): Promise<LastExpressNoRow> {
      const domainId = sellerDomain(session);
      const [row] = await db.select().from(lastExpressNos).where(and(eq(lastExpressNos.domainId, domainId), eq(lastExpressNos.expressCompanyCode, code)));
      return { expressCompanyCode: code, lastNo: row?.lastNo ?? null, increment: row?.increment ?? 1, version: row?.version ?? 0 };
    },

    async updateLastNo(session: Session, input: UpdateLastExpressNoInput): Promise<LastExpressNoRow> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        await checkCarrier(tx, domainId, input.expressCompanyCode);
        const [row] = await tx
          .insert(lastExpressNos)
          .values({ domainId, expressCompanyCode: input.expressCompanyCode, lastNo: input.lastNo, increment: input.increment, createdAt: now(), updatedAt: now() })
          .onConflictDoUpdate({
            target: [lastExpressNos.domainId, lastExpressNos.expressCompanyCode],
            set: { lastNo: input.lastNo, increment: input.increment, version: sql`${lastExpressNos.version} + 1`, updatedAt: now() },
          })
          .returning();
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'lastExpressNo', entityId: row!.id, action: 'update', after: row });
        return { expressCompanyCode: row!.expressCompanyCode, lastNo: row!.lastNo, increment: row!.increment, version: row!.version };
      });
    },

    /**
     * Paper waybills: each order gets its courier's last number plus the increment (numbers given
     * before are skipped), and the last number moves on. All in one transaction.
     */
    async takePaperNumbers(session: Session, ids: number[], language: Language): Promise<WaybillBatchResult> {
      const domainId = sellerDomain(session);
      const { failures, kept, todo } = await eligible(domainId, [...new Set(ids)], language);
      const successIds = [...kept];
      await db.transaction(async (tx) => {
        const counters = new Map<string, typeof lastExpressNos.$inferSelect>();
        for (const o of todo) {
          const code = o.expressCompanyCode!;
          let counter = counters.get(code);
          if (!counter) {
            [counter] = await tx.select().from(lastExpressNos).where(and(eq(lastExpressNos.domainId, domainId), eq(lastExpressNos.expressCompanyCode, code))).for('update');
            if (counter) counters.set(code, counter);
          }
          if (!counter) {
            failures.push(failure(o, WaybillErrors.NO_LAST_NO, { expressCompanyCode: code }, language));
            continue;
          }
          let no = nextPaperNo(counter.lastNo, counter.increment);
          for (;;) {
            const [taken] = await tx
              .select({ id: waybillNumbers.id })
              .from(waybillNumbers)
              .where(and(eq(waybillNumbers.domainId, domainId), eq(waybillNumbers.expressCompanyCode, code), eq(waybillNumbers.expressNo, no)));
            if (!taken) break;
            no = nextPaperNo(no, counter.increment);
          }
          let given: boolean;
          try {
            given = await giveNumber(session, o, no, 'PAPER', {}, tx);
          } catch (error) {
            // Held by a refund since the batch was read: refused, the number stays free.
            if (!(error instanceof AppError) || error.code !== InterceptErrors.REFUND_HOLD) throw error;
            failures.push(failure(o, error.code, error.params, language));
            continue;
          }
          if (given) {
            successIds.push(o.id);
            counter.lastNo = no;
          } else failures.push(failure(o, WaybillErrors.STATUS, { status: o.statusCode }, language));
        }
        for (const c of counters.values()) {
          await tx.update(lastExpressNos).set({ lastNo: c.lastNo, version: sql`${lastExpressNos.version} + 1`, updatedAt: now() }).where(and(eq(lastExpressNos.domainId, c.domainId), eq(lastExpressNos.id, c.id)));
        }
      });
      return batchResult(domainId, successIds, failures);
    },
  };
}

export type WaybillsService = ReturnType<typeof createWaybillsService>;
