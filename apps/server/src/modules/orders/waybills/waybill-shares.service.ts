// Carrier account shares (myhome/etrackaccount/share; spec 02 §4.2, §7.13 etrackaccountshare): the
// owner shares one of its waybill accounts to another domain (named by its domain code) with a count
// of numbers; start, stop, delete (only while nothing was taken), the list of my shares and of the
// shares to me, and the share print log. Numbers are taken through a share by takeWaybillNumbers
// (waybills.service.ts), which calls consumeShare in the transaction that gives the number. The owner
// may change the count (updateShareNumber), never below what was already taken.
import {
  ErrorCodes,
  WaybillErrors,
  type PageResult,
  type PlatformPrintCode,
  type WaybillShareCreate,
  type WaybillShareList,
  type WaybillShareLogQuery,
  type WaybillShareLogRow,
  type WaybillShareNumberUpdate,
  type WaybillShareRow,
  type WaybillShareStatus,
} from '@openseller/core';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../../db/client.js';
import { domains, waybillAccounts, waybillAccountShares, waybillShareLogs } from '../../../db/schema/index.js';
import { AppError, versionConflict } from '../../../platform/errors.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { ORDERS_AREA } from '../orders.model.js';
import { domainOf as sellerDomain } from '../../../platform/caller.js';
import { actorOf } from '../../../platform/caller.js';
import { pageOffset } from '../../../platform/paging.js';

const owner = alias(domains, 'share_owner');
const beneficiary = alias(domains, 'share_beneficiary');
type ShareRecord = typeof waybillAccountShares.$inferSelect;

/** Shares with their account and both domains, for the rows sent out (no account fields). */
async function shareRows(tx: Tx, where: SQL): Promise<WaybillShareRow[]> {
  const rows = await tx
    .select({
      share: waybillAccountShares,
      accountName: waybillAccounts.name,
      printCode: waybillAccounts.printCode,
      expressCompanyCode: waybillAccounts.expressCompanyCode,
      ownerCode: owner.code,
      ownerName: owner.name,
      beneficiaryCode: beneficiary.code,
      beneficiaryName: beneficiary.name,
    })
    .from(waybillAccountShares)
    .innerJoin(waybillAccounts, and(eq(waybillAccounts.id, waybillAccountShares.accountId), eq(waybillAccounts.domainId, waybillAccountShares.domainId)))
    .innerJoin(owner, eq(owner.id, waybillAccountShares.domainId))
    .innerJoin(beneficiary, eq(beneficiary.id, waybillAccountShares.beneficiaryDomainId))
    .where(where)
    .orderBy(desc(waybillAccountShares.id));
  return rows.map((r) => ({
    id: r.share.id,
    version: r.share.version,
    status: r.share.status as WaybillShareStatus,
    count: r.share.count,
    remainNum: r.share.remainNum,
    usedNum: r.share.usedNum,
    accountId: r.share.accountId,
    accountName: r.accountName,
    printCode: r.printCode as PlatformPrintCode,
    expressCompanyCode: r.expressCompanyCode,
    ownerDomainCode: r.ownerCode,
    ownerDomainName: r.ownerName,
    beneficiaryDomainCode: r.beneficiaryCode,
    beneficiaryDomainName: r.beneficiaryName,
    createdAt: r.share.createdAt.toISOString(),
  }));
}

/**
 * The share the beneficiary uses for a carrier when it has no account of its own: a started share
 * with numbers left first, else any share (so the refusal can say stopped or used up).
 */
export async function shareFor(tx: Tx, beneficiaryDomainId: number, expressCompanyCode: string) {
  const [row] = await tx
    .select({ share: waybillAccountShares, account: waybillAccounts })
    .from(waybillAccountShares)
    .innerJoin(waybillAccounts, and(eq(waybillAccounts.id, waybillAccountShares.accountId), eq(waybillAccounts.domainId, waybillAccountShares.domainId)))
    .where(and(eq(waybillAccountShares.beneficiaryDomainId, beneficiaryDomainId), eq(waybillAccounts.expressCompanyCode, expressCompanyCode)))
    .orderBy(desc(sql`(${waybillAccountShares.status} = 'STARTED' and ${waybillAccountShares.remainNum} > 0)`), asc(waybillAccountShares.id))
    .limit(1);
  return row;
}

/** The refusal of a share that cannot give a number now, or null when it can. */
export function shareRefusal(share: Pick<ShareRecord, 'status' | 'remainNum'>): string | null {
  if (share.status !== 'STARTED') return WaybillErrors.SHARE_STOPPED;
  if (share.remainNum <= 0) return WaybillErrors.SHARE_USED_UP;
  return null;
}

/**
 * Takes one number of the share (locked), and logs it for the owner; in the transaction that gives
 * the number, so a refusal here gives nothing.
 */
export async function consumeShare(tx: Tx, shareId: number, takerDomainId: number, given: { orderId: number; orderCode: string; expressCompanyCode: string; expressNo: string; at: Date }) {
  const [share] = await tx
    .select()
    .from(waybillAccountShares)
    .where(and(eq(waybillAccountShares.id, shareId), eq(waybillAccountShares.beneficiaryDomainId, takerDomainId)))
    .for('update');
  if (!share) throw new AppError(WaybillErrors.NO_ACCOUNT, 409, { expressCompanyCode: given.expressCompanyCode });
  const refusal = shareRefusal(share);
  if (refusal) throw new AppError(refusal, 409, { expressCompanyCode: given.expressCompanyCode });
  await tx
    .update(waybillAccountShares)
    .set({ remainNum: share.remainNum - 1, usedNum: share.usedNum + 1, version: share.version + 1, updatedAt: given.at })
    .where(and(eq(waybillAccountShares.domainId, share.domainId), eq(waybillAccountShares.id, share.id)));
  await tx.insert(waybillShareLogs).values({
    domainId: share.domainId,
    shareId: share.id,
    takerDomainId,
    orderId: given.orderId,
    orderCode: given.orderCode,
    expressCompanyCode: given.expressCompanyCode,
    expressNo: given.expressNo,
    createdAt: given.at,
  });
}

export function createWaybillSharesService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function ownShare(tx: Tx, domainId: number, id: number): Promise<ShareRecord> {
    const [share] = await tx
      .select()
      .from(waybillAccountShares)
      .where(and(eq(waybillAccountShares.domainId, domainId), eq(waybillAccountShares.id, id)))
      .for('update');
    if (!share) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'waybillShare', field: 'id' });
    return share;
  }

  async function rowOf(tx: Tx, domainId: number, id: number): Promise<WaybillShareRow> {
    const [row] = await shareRows(tx, and(eq(waybillAccountShares.domainId, domainId), eq(waybillAccountShares.id, id))!);
    return row!;
  }

  async function setStatus(session: Session, id: number, status: WaybillShareStatus): Promise<WaybillShareRow> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      const before = await ownShare(tx, domainId, id);
      await tx
        .update(waybillAccountShares)
        .set({ status, version: before.version + 1, updatedAt: now() })
        .where(and(eq(waybillAccountShares.domainId, domainId), eq(waybillAccountShares.id, id)));
      const after = await rowOf(tx, domainId, id);
      await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'waybillShare', entityId: id, action: status === 'STARTED' ? 'start' : 'stop', before: { status: before.status }, after: { status } });
      return after;
    });
  }

  return {
    async create(session: Session, input: WaybillShareCreate): Promise<WaybillShareRow> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ id: waybillAccounts.id })
          .from(waybillAccounts)
          .where(and(eq(waybillAccounts.domainId, domainId), eq(waybillAccounts.id, input.accountId)));
        if (!account) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'waybillAccount', field: 'accountId' });
        const [target] = await tx.select({ id: domains.id }).from(domains).where(eq(domains.code, input.domainCode));
        if (!target) throw new AppError(WaybillErrors.SHARE_DOMAIN_UNKNOWN, 400, { field: 'domainCode', domainCode: input.domainCode });
        if (target.id === domainId) throw new AppError(WaybillErrors.SHARE_SELF, 400, { field: 'domainCode' });
        const inserted = await tx
          .insert(waybillAccountShares)
          .values({ domainId, accountId: account.id, beneficiaryDomainId: target.id, status: 'STARTED', count: input.count, remainNum: input.count, createdBy: session.userId, createdAt: now(), updatedAt: now() })
          .onConflictDoNothing()
          .returning({ id: waybillAccountShares.id });
        if (!inserted.length) throw new AppError(WaybillErrors.SHARE_EXISTS, 409, { field: 'domainCode', domainCode: input.domainCode });
        const row = await rowOf(tx, domainId, inserted[0]!.id);
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'waybillShare', entityId: row.id, action: 'create', after: row });
        return row;
      });
    },

    start: (session: Session, id: number) => setStatus(session, id, 'STARTED'),
    stop: (session: Session, id: number) => setStatus(session, id, 'STOPPED'),

    /**
     * Changes the count of one of my shares (etrackaccountshare updateShareNumber). The row is locked
     * as consumeShare locks it, so a number taken at the same moment is either counted in usedNum
     * before the check or waits and sees the new remainNum.
     */
    async updateNumber(session: Session, input: WaybillShareNumberUpdate): Promise<WaybillShareRow> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const share = await ownShare(tx, domainId, input.id);
        if (share.version !== input.version) throw versionConflict('waybillShare');
        if (input.count < share.usedNum) throw new AppError(WaybillErrors.SHARE_COUNT_BELOW_USED, 409, { field: 'count', count: input.count, usedNum: share.usedNum });
        const updated = await tx
          .update(waybillAccountShares)
          .set({ count: input.count, remainNum: input.count - share.usedNum, version: share.version + 1, updatedAt: now() })
          .where(and(eq(waybillAccountShares.domainId, domainId), eq(waybillAccountShares.id, input.id), eq(waybillAccountShares.version, input.version)))
          .returning({ id: waybillAccountShares.id });
        if (!updated.length) throw versionConflict('waybillShare');
        const after = await rowOf(tx, domainId, input.id);
        // The share log holds the numbers taken (one row per order); a count change is recorded here.
        await writeOperationLog(tx, actorOf(session), {
          area: ORDERS_AREA,
          entityType: 'waybillShare',
          entityId: input.id,
          action: 'updateShareNumber',
          before: { count: share.count, remainNum: share.remainNum, usedNum: share.usedNum },
          after: { count: after.count, remainNum: after.remainNum, usedNum: after.usedNum },
        });
        return after;
      });
    },

    /** Deletes a share nothing was taken through; one that was used is stopped instead. */
    async remove(session: Session, id: number): Promise<{ removed: number }> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const share = await ownShare(tx, domainId, id);
        if (share.usedNum > 0) throw new AppError(WaybillErrors.SHARE_IN_USE, 409, { usedNum: share.usedNum });
        const before = await rowOf(tx, domainId, id);
        await tx.delete(waybillAccountShares).where(and(eq(waybillAccountShares.domainId, domainId), eq(waybillAccountShares.id, id)));
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'waybillShare', entityId: id, action: 'delete', before });
        return { removed: 1 };
      });
    },

    async list(session: Session): Promise<WaybillShareList> {
      const domainId = sellerDomain(session);
      const [mine, sharedToMe] = await Promise.all([
        shareRows(db, eq(waybillAccountShares.domainId, domainId)),
        shareRows(db, eq(waybillAccountShares.beneficiaryDomainId, domainId)),
      ]);
      return { mine, sharedToMe };
    },

    /** The numbers taken through one of my shares, newest first. */
    async log(session: Session, input: WaybillShareLogQuery): Promise<PageResult<WaybillShareLogRow>> {
      const domainId = sellerDomain(session);
      await ownShare(db, domainId, input.shareId);
      const where = and(eq(waybillShareLogs.domainId, domainId), eq(waybillShareLogs.shareId, input.shareId));
      const [{ total }] = (await db.select({ total: count() }).from(waybillShareLogs).where(where)) as [{ total: number }];
      const rows = await db
        .select({ log: waybillShareLogs, code: domains.code, name: domains.name })
        .from(waybillShareLogs)
        .innerJoin(domains, eq(domains.id, waybillShareLogs.takerDomainId))
        .where(where)
        .orderBy(desc(waybillShareLogs.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return {
        voList: rows.map((r) => ({
          id: r.log.id,
          orderCode: r.log.orderCode,
          expressCompanyCode: r.log.expressCompanyCode,
          expressNo: r.log.expressNo,
          takerDomainCode: r.code,
          takerDomainName: r.name,
          createdAt: r.log.createdAt.toISOString(),
        })),
        total: Number(total),
        currentPage: input.currentPage,
        pageSize: input.pageSize,
      };
    },
  };
}

export type WaybillSharesService = ReturnType<typeof createWaybillSharesService>;
