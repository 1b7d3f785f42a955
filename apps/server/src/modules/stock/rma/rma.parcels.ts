// Scanning return parcels in, and the 'no information' parcels (issue 14 must-have 5): a scan at
// the return desk finds the one return awaiting entry, several, or an order without a return yet;
// a parcel that matches nothing is recorded (rma_parcels, OPEN) so it is never lost, and linked
// later to a return awaiting entry (directly or through its after-sale), which receives it as usual.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  RMA_STATUS,
  RmaErrors,
  type Language,
  type PageResult,
  type RmaParcelCreateInput,
  type RmaParcelLinkInput,
  type RmaParcelRow,
  type RmaParcelSearchInput,
  type RmaScanInput,
  type RmaScanResult,
} from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { rmaHeaders, rmaParcels, warehouses } from '../../../db/schema/index.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import { AppError, versionConflict } from '../../../platform/errors.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import { pageAnswer, pageOffset } from '../../../platform/paging.js';
import { likePattern, textArray } from '../../../platform/sql.js';
import type { Session } from '../../../platform/sessions.js';
import { lockRma, searchRmas } from './rma.queries.js';
import { AREA } from './rma.service.js';

const SHIPPED = 'CI_ERPSOH_STATUS_SEND';
type ParcelRecord = typeof rmaParcels.$inferSelect;

export interface RmaParcelDeps {
  database: Database;
  now?: () => Date;
}

export function createRmaParcels(deps: RmaParcelDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  function parcelSelect(tx: Tx) {
    return tx
      .select({ p: rmaParcels, warehouseName: warehouses.name, rmaCode: rmaHeaders.code })
      .from(rmaParcels)
      .leftJoin(warehouses, and(eq(warehouses.domainId, rmaParcels.domainId), eq(warehouses.id, rmaParcels.warehouseId)))
      .leftJoin(rmaHeaders, and(eq(rmaHeaders.domainId, rmaParcels.domainId), eq(rmaHeaders.id, rmaParcels.rmaId)));
  }

  const toRow = (r: { p: ParcelRecord; warehouseName: string | null; rmaCode: string | null }): RmaParcelRow => ({
    id: r.p.id,
    expressNo: r.p.expressNo,
    expressCompanyCode: r.p.expressCompanyCode,
    whId: r.p.warehouseId,
    warehouseName: r.warehouseName,
    remark: r.p.remark,
    state: r.p.state as RmaParcelRow['state'],
    scannedByName: r.p.scannedByName,
    scannedAt: r.p.createdAt.toISOString(),
    rmaId: r.p.rmaId,
    rmaCode: r.rmaCode,
    linkedByName: r.p.linkedByName,
    linkedAt: r.p.linkedAt?.toISOString() ?? null,
    version: r.p.version,
  });

  async function parcelRow(tx: Tx, domainId: number, id: number): Promise<RmaParcelRow> {
    const [row] = await parcelSelect(tx).where(and(eq(rmaParcels.domainId, domainId), eq(rmaParcels.id, id)));
    if (!row) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'rmaParcel', field: 'id', id });
    return toRow(row);
  }

  async function checkWarehouse(tx: Tx, domainId: number, whId: number | null | undefined): Promise<void> {
    if (!whId) return;
    const [found] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, whId)));
    if (!found) throw new AppError(RmaErrors.WAREHOUSE_NOT_FOUND, 404, { field: 'whId', whId });
  }

  /**
   * Records an open parcel for a tracking number, or answers the open one already recorded (one
   * open parcel per tracking number: the partial unique index decides between two scans at once).
   */
  async function record(tx: Tx, session: Session, input: RmaParcelCreateInput): Promise<{ id: number; created: boolean }> {
    const domainId = domainOf(session);
    await checkWarehouse(tx, domainId, input.whId);
    const [made] = await tx
      .insert(rmaParcels)
      .values({
        domainId,
        expressNo: input.expressNo,
        expressCompanyCode: input.expressCompanyCode ?? null,
        warehouseId: input.whId ?? null,
        remark: input.remark ?? null,
        state: 'OPEN',
        scannedBy: session.userId,
        scannedByName: actorOf(session).loginName,
        createdAt: now(),
        updatedAt: now(),
      })
      .onConflictDoNothing()
      .returning();
    if (made) {
      await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'rmaParcel', entityId: made.id, action: 'create', after: made });
      return { id: made.id, created: true };
    }
    const [open] = await tx
      .select({ id: rmaParcels.id })
      .from(rmaParcels)
      .where(and(eq(rmaParcels.domainId, domainId), eq(rmaParcels.expressNo, input.expressNo), eq(rmaParcels.state, 'OPEN')));
    return { id: open!.id, created: false };
  }

  /**
   * An after-sale or a shipped order the scanned text names (tracking number, codes, platform
   * number); for an after-sale whose return inbound awaits entry, that return's code (its return was
   * made when the return was agreed, before the buyer's tracking number was known).
   */
  async function orderOf(tx: Tx, domainId: number, text: string) {
    const afterSale = await tx.execute<{ code: string; erp_order_id: string | null; order_code: string | null; rma_code: string | null }>(sql`
      select a.code, a.erp_order_id, a.erp_order_code as order_code, r.code as rma_code
      from after_sales a
      left join rma_headers r on r.domain_id = a.domain_id and r.id = a.rma_id and r.status = ${RMA_STATUS.CREATED}
      where a.domain_id = ${domainId} and a.check_status not in ('CLOSED')
        and (a.buyer_express_no = ${text} or a.code = ${text} or a.tb_soh_code = ${text} or a.erp_order_code = ${text})
      order by a.id desc limit 1`);
    const a = afterSale.rows[0];
    if (a) return { erpSoHId: a.erp_order_id == null ? null : Number(a.erp_order_id), erpSoHCode: a.order_code, afterSaleCode: a.code, rmaCode: a.rma_code };
    const orders = await tx.execute<{ id: string; code: string }>(sql`
      select o.id, o.code from erp_orders o
      where o.domain_id = ${domainId} and o.status_code = ${SHIPPED}
        and (o.code = ${text} or o.platform_nos && ${textArray([text])})
      order by o.id desc limit 1`);
    const o = orders.rows[0];
    return o ? { erpSoHId: Number(o.id), erpSoHCode: o.code, afterSaleCode: null, rmaCode: null } : null;
  }

  const empty = { rma: null, total: 0, erpSoHId: null, erpSoHCode: null, afterSaleCode: null, parcel: null, parcelCreated: false };

  return {
    async scan(session: Session, input: RmaScanInput, language: Language): Promise<RmaScanResult> {
      const domainId = domainOf(session);
      const text = input.text;
      const waiting = await searchRmas(db, domainId, { orderKeyWord: text, keywordsType: 'exact', statusCode: RMA_STATUS.CREATED, currentPage: 1, pageSize: 1 }, language);
      if (waiting.total === 1) return { ...empty, kind: 'RMA', rma: waiting.rows[0]!, total: 1 };
      if (waiting.total > 1) return { ...empty, kind: 'MANY', total: waiting.total };
      // Returns of it exist but none awaits entry (completed, issued): the list shows them.
      const other = await searchRmas(db, domainId, { orderKeyWord: text, keywordsType: 'exact', statusCodeList: [RMA_STATUS.SYNCED, RMA_STATUS.COMPLETED], currentPage: 1, pageSize: 1 }, language);
      if (other.total > 0) return { ...empty, kind: 'MANY', total: other.total };
      const found = await orderOf(db, domainId, text);
      if (found?.rmaCode) {
        // The after-sale's own return awaits entry: it is received, not made a second time.
        const theirs = await searchRmas(db, domainId, { orderKeyWord: found.rmaCode, keywordsType: 'exact', statusCode: RMA_STATUS.CREATED, currentPage: 1, pageSize: 1 }, language);
        if (theirs.total === 1) return { ...empty, kind: 'RMA', rma: theirs.rows[0]!, total: 1 };
      }
      if (found) {
        const { rmaCode: _rma, ...order } = found;
        return { ...empty, kind: 'ORDER', ...order };
      }
      return db.transaction(async (tx) => {
        const { id, created } = await record(tx, session, { expressNo: text, expressCompanyCode: input.expressCompanyCode, whId: input.whId, remark: input.remark });
        return { ...empty, kind: 'PARCEL' as const, parcel: await parcelRow(tx, domainId, id), parcelCreated: created };
      });
    },

    async create(session: Session, input: RmaParcelCreateInput): Promise<RmaParcelRow> {
      return db.transaction(async (tx) => parcelRow(tx, domainOf(session), (await record(tx, session, input)).id));
    },

    async search(session: Session, input: RmaParcelSearchInput): Promise<PageResult<RmaParcelRow>> {
      const domainId = domainOf(session);
      const conditions: SQL[] = [eq(rmaParcels.domainId, domainId)];
      if (input.stateList?.length) conditions.push(sql`${rmaParcels.state} = any(${textArray(input.stateList)})`);
      if (input.keyword) {
        const p = likePattern(input.keyword);
        conditions.push(sql`(${rmaParcels.expressNo} ilike ${p} or ${rmaParcels.remark} ilike ${p})`);
      }
      const where = and(...conditions)!;
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(rmaParcels)
        .where(where);
      const rows = await parcelSelect(db)
        .where(where)
        .orderBy(desc(rmaParcels.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return pageAnswer(rows.map(toRow), Number(counted?.n ?? 0), input);
    },

    /** Links an open parcel to a return awaiting entry: the return takes its tracking number when it has none. */
    async link(session: Session, input: RmaParcelLinkInput): Promise<RmaParcelRow> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const [parcel] = await tx
          .select()
          .from(rmaParcels)
          .where(and(eq(rmaParcels.domainId, domainId), eq(rmaParcels.id, input.id)))
          .for('update');
        if (!parcel) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'rmaParcel', field: 'id', id: input.id });
        if (parcel.state !== 'OPEN') throw new AppError(RmaErrors.PARCEL_LINKED, 409, { expressNo: parcel.expressNo });
        if (parcel.version !== input.version) throw versionConflict('rmaParcel');
        let rmaId = input.rmaId ?? null;
        if (input.afterSaleId) {
          const found = await tx.execute<{ code: string; rma_id: string | null }>(sql`
            select code, rma_id from after_sales where domain_id = ${domainId} and id = ${input.afterSaleId}`);
          const a = found.rows[0];
          if (!a) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'afterSale', field: 'afterSaleId', id: input.afterSaleId });
          if (a.rma_id == null) throw new AppError(RmaErrors.PARCEL_AFTER_SALE_NO_RMA, 409, { field: 'afterSaleId', code: a.code });
          rmaId = Number(a.rma_id);
        }
        const rma = await lockRma(tx, domainId, rmaId!);
        if (!rma) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'rma', field: 'rmaId', id: rmaId! });
        if (rma.status !== RMA_STATUS.CREATED) throw new AppError(RmaErrors.PARCEL_TARGET_STATUS, 409, { field: 'rmaId', code: rma.code, status: rma.status });
        if (parcel.warehouseId && parcel.warehouseId !== rma.warehouseId) throw new AppError(RmaErrors.PARCEL_OTHER_WAREHOUSE, 409, { field: 'rmaId', code: rma.code });
        const actor = actorOf(session);
        if (!rma.expressNo) {
          const [after] = await tx
            .update(rmaHeaders)
            .set({ expressNo: parcel.expressNo, expressCompanyCode: rma.expressCompanyCode ?? parcel.expressCompanyCode, version: rma.version + 1, updatedAt: now() })
            .where(and(eq(rmaHeaders.domainId, domainId), eq(rmaHeaders.id, rma.id)))
            .returning();
          await writeOperationLog(tx, actor, { area: AREA, entityType: 'rma', entityId: rma.id, action: 'link', before: { expressNo: rma.expressNo }, after: { expressNo: after!.expressNo, parcelId: parcel.id } });
        }
        const [linked] = await tx
          .update(rmaParcels)
          .set({ state: 'LINKED', rmaId: rma.id, linkedBy: session.userId, linkedByName: actor.loginName, linkedAt: now(), version: parcel.version + 1, updatedAt: now() })
          .where(and(eq(rmaParcels.domainId, domainId), eq(rmaParcels.id, parcel.id)))
          .returning();
        await writeOperationLog(tx, actor, { area: AREA, entityType: 'rmaParcel', entityId: parcel.id, action: 'link', before: { state: parcel.state, rmaId: null }, after: { state: linked!.state, rmaId: rma.id, rmaCode: rma.code } });
        return parcelRow(tx, domainId, parcel.id);
      });
    },
  };
}

export type RmaParcels = ReturnType<typeof createRmaParcels>;
