// Checking and weighing an order before it ships (spec 02 §7.10 /myhome/sendsoh checkErpSoH,
// sendErpSoH4Check, sendErpSoH4Weigh). checkErpSoH finds the reviewed order carrying a scanned
// waybill number with its lines (bar codes, whether a serial number is needed). A check sends the
// scanned content: it must equal the order's lines exactly, and serial-numbered lines need one
// serial per piece; the serials are stored and the order ships through the shipping part, all in
// one transaction. A weighing compares the parcel with the goods' weight (margin: the domain
// setting ORDER_WEIGH_MARGIN_PERCENT, default 10 %), refuses beyond it unless forced, then ships
// and records the weight. Anything refused changes nothing.
import {
  CheckingErrors,
  checkWeight,
  compareContent,
  DEFAULT_WEIGH_MARGIN_PERCENT,
  formatDecimal,
  ORDER_STATUS,
  SERIAL_NUMBER_MARK,
  WEIGH_MARGIN_CONFIG,
  type CheckLineView,
  type CheckOrderView,
  type Language,
  type SendCheckedResult,
  addDecimals,
  multiplyDecimals,
  parseDecimal,
  SendForCheckInput,
  SendForWeighInput,
} from '@openseller/core';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../../db/client.js';
import { domainConfigs, erpOrderCheckRecords, erpOrderLineSerials, erpOrders, type ErpOrder } from '../../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../../platform/errors.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { Session } from '../../../platform/sessions.js';
import type { ShippingService } from '../shipping/index.js';
import { orderStatusRefusal, writeOrderLog } from '../orders.model.js';
import { actorOf, domainOf } from '../session-helpers.js';

type CheckInput = z.output<typeof SendForCheckInput>;
type WeighInput = z.output<typeof SendForWeighInput>;


export interface CheckingDeps {
  database: Database;
  registry: ServiceRegistry;
}

export function createCheckingService(deps: CheckingDeps) {
  const { db } = deps.database;
  const shipping = () => deps.registry.get<ShippingService>('order-shipping');

  async function marginOf(tx: Tx | Database['db'], domainId: number): Promise<number> {
    const [row] = await tx
      .select({ value: domainConfigs.value })
      .from(domainConfigs)
      .where(and(eq(domainConfigs.domainId, domainId), eq(domainConfigs.itemCode, WEIGH_MARGIN_CONFIG)));
    const n = row ? Number(row.value) : NaN;
    return Number.isFinite(n) && n >= 0 ? n : DEFAULT_WEIGH_MARGIN_PERCENT;
  }

  /** The order's live lines (cancelled lines excluded) with bar code, serial need and stored serials. */
  async function linesOf(tx: Tx | Database['db'], domainId: number, orderId: number): Promise<(CheckLineView & { skuWeight: string })[]> {
    const rows = await tx.execute<Record<string, unknown>>(sql`
      select l.id, l.line_seq, l.sku_id, coalesce(k.code, l.sku_code) as sku_code, coalesce(l.sku_name, k.name) as sku_name,
        l.sku_specifications, k.color as sku_color, k.size as sku_size, k.bar_code, coalesce(k.pic_url, p.pic_url) as pic_url, l.qty, l.is_gift,
        coalesce(${SERIAL_NUMBER_MARK} = any(p.marks), false) as needs_serial,
        coalesce(k.weight, l.sku_weight, p.weight, 0)::text as sku_weight,
        coalesce((select array_agg(s.serial_number order by s.seq) from erp_order_line_serials s where s.domain_id = l.domain_id and s.line_id = l.id), '{}') as serials
      from erp_order_lines l
      left join skus k on k.id = l.sku_id and k.domain_id = l.domain_id
      left join spus p on p.id = k.spu_id and p.domain_id = l.domain_id
      where l.domain_id = ${domainId} and l.order_id = ${orderId} and l.cancel_tag = 0
      order by l.line_seq, l.id`);
    return rows.rows.map((r) => ({
      lineId: Number(r.id),
      lineSeq: Number(r.line_seq),
      skuId: r.sku_id === null ? null : Number(r.sku_id),
      skuCode: (r.sku_code as string | null) ?? null,
      skuName: (r.sku_name as string | null) ?? null,
      skuSpecifications: (r.sku_specifications as string | null) ?? null,
      skuColor: (r.sku_color as string | null) ?? null,
      skuSize: (r.sku_size as string | null) ?? null,
      barCode: (r.bar_code as string | null) ?? null,
      picUrl: (r.pic_url as string | null) ?? null,
      qty: Number(r.qty),
      isGift: Boolean(r.is_gift),
      needsSerial: Boolean(r.needs_serial),
      serialNumbers: (r.serials as string[] | null) ?? [],
      skuWeight: String(r.sku_weight),
    }));
  }

  /** Σ qty × SKU weight, kg, 3 decimals. */
  const goodsWeightOf = (lines: readonly { qty: number; skuWeight: string }[]) =>
    formatDecimal(lines.reduce((sum, l) => addDecimals(sum, multiplyDecimals(l.skuWeight, l.qty)), parseDecimal('0')), 3);

  /** The order carrying a waybill number: the reviewed one, or a refusal naming why it cannot be checked. */
  async function findByExpressNo(tx: Tx | Database['db'], domainId: number, expressNo: string, lock: boolean): Promise<ErpOrder> {
    const q = tx
      .select()
      .from(erpOrders)
      .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.expressNo, expressNo.trim())))
      .orderBy(sql`${erpOrders.statusCode} = ${ORDER_STATUS.VERIFIED} desc`, sql`${erpOrders.id} desc`)
      .limit(1);
    const [o] = lock ? await q.for('update') : await q;
    if (!o) throw new AppError(CheckingErrors.NO_ORDER, 404, { field: 'expressNo', expressNo: expressNo.trim() });
    return o;
  }

  function refuseUnshippable(o: ErpOrder): void {
    if (o.statusCode !== ORDER_STATUS.VERIFIED) throw orderStatusRefusal(o, 'send', [ORDER_STATUS.VERIFIED]);
  }

  async function checkErpSoH(session: Session, expressNo: string): Promise<CheckOrderView> {
    const domainId = domainOf(session);
    const o = await findByExpressNo(db, domainId, expressNo, false);
    refuseUnshippable(o);
    const lines = await linesOf(db, domainId, o.id);
    return {
      id: o.id,
      version: o.version,
      code: o.code,
      statusCode: o.statusCode,
      expressCompanyCode: o.expressCompanyCode,
      expressNo: o.expressNo,
      receiverName: o.receiverName ? o.receiverName.slice(0, 1) + '*'.repeat(Math.max(o.receiverName.length - 1, 1)) : null,
      goodsWeight: goodsWeightOf(lines),
      weighMarginPercent: await marginOf(db, domainId),
      lines: lines.map(({ skuWeight: _w, ...l }) => l),
    };
  }

  async function lockOrder(tx: Tx, domainId: number, id: number, version: number | undefined): Promise<ErpOrder> {
    const [o] = await tx
      .select()
      .from(erpOrders)
      .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, id)))
      .for('update');
    if (!o) throw notFound('order');
    if (version !== undefined && o.version !== version) throw versionConflict('order');
    refuseUnshippable(o);
    return o;
  }

  /** Ships one order through the shipping part inside `tx`; a refusal there throws (rolling everything back). */
  async function shipWithin(tx: Tx, session: Session, language: Language, o: ErpOrder): Promise<string | null> {
    const result = await shipping().sendWithin(tx, session, language, { idList: [o.id], versions: [{ id: o.id, version: o.version }] }, false);
    const failure = result.failures[0];
    if (failure) throw new AppError(failure.errorCode, 409, failure.params as Record<string, string | number>);
    return result.recordKey;
  }

  async function sendErpSoH4Check(session: Session, language: Language, input: CheckInput): Promise<SendCheckedResult> {
    const domainId = domainOf(session);
    const outcome = await db.transaction(async (tx) => {
      const o = await lockOrder(tx, domainId, input.id, input.version);
      const lines = await linesOf(tx, domainId, o.id);
      const diff = compareContent(lines, input.content);
      const firstWrong = diff.wrong[0];
      if (firstWrong) {
        const [sku] = firstWrong.skuId
          ? (await tx.execute<{ code: string }>(sql`select code from skus where domain_id = ${domainId} and id = ${firstWrong.skuId}`)).rows
          : [];
        throw new AppError(CheckingErrors.WRONG_ITEM, 409, { field: 'content', code: o.code, skuCode: sku?.code ?? String(firstWrong.skuId ?? firstWrong.lineId) });
      }
      const extra = diff.extra[0];
      if (extra) throw new AppError(CheckingErrors.EXTRA_ITEM, 409, { field: 'content', code: o.code, skuCode: extra.skuCode ?? '', expected: extra.expected, scanned: extra.scanned });
      const missing = diff.missing[0];
      if (missing) throw new AppError(CheckingErrors.MISSING_ITEM, 409, { field: 'content', code: o.code, skuCode: missing.skuCode ?? '', expected: missing.expected, scanned: missing.scanned });

      // Serial numbers: exactly one per piece on serial-numbered lines; optional (at most qty) elsewhere.
      const byLine = new Map(lines.map((l) => [l.lineId, l]));
      const serials = new Map<number, string[]>();
      for (const s of input.serialNumberDtoList) {
        if (!byLine.has(s.lineId)) throw new AppError(CheckingErrors.SERIAL_LINE, 409, { field: 'serialNumberDtoList', lineId: s.lineId });
        serials.set(s.lineId, [...(serials.get(s.lineId) ?? []), s.serialNumber]);
      }
      for (const l of lines) {
        const given = serials.get(l.lineId)?.length ?? 0;
        if ((l.needsSerial && given !== l.qty) || given > l.qty) {
          throw new AppError(CheckingErrors.SERIAL_COUNT, 409, { field: 'serialNumberDtoList', skuCode: l.skuCode ?? '', expected: l.qty, given });
        }
      }
      if (serials.size) {
        await tx.delete(erpOrderLineSerials).where(and(eq(erpOrderLineSerials.domainId, domainId), eq(erpOrderLineSerials.orderId, o.id)));
        await tx.insert(erpOrderLineSerials).values(
          [...serials].flatMap(([lineId, list]) => list.map((serialNumber, i) => ({ domainId, orderId: o.id, lineId, seq: i + 1, serialNumber }))),
        );
      }
      const recordKey = await shipWithin(tx, session, language, o);
      await tx.insert(erpOrderCheckRecords).values({ domainId, orderId: o.id, mode: 'CHECK', goodsWeight: goodsWeightOf(lines), userId: session.userId });
      await writeOrderLog(tx, actorOf(session), o.id, 'check', { statusCode: o.statusCode }, {
        statusCode: ORDER_STATUS.SEND,
        serialNumbers: Object.fromEntries([...serials].map(([lineId, list]) => [lineId, list])),
      });
      return { id: o.id, code: o.code, expressNo: o.expressNo, recordKey, weight: null };
    });
    if (outcome.recordKey) await shipping().queueFeedback(domainId, outcome.recordKey);
    return outcome;
  }

  async function sendErpSoH4Weigh(session: Session, language: Language, input: WeighInput): Promise<SendCheckedResult> {
    const domainId = domainOf(session);
    const weight = input.weight!;
    const outcome = await db.transaction(async (tx) => {
      const found = input.id !== undefined ? null : await findByExpressNo(tx, domainId, input.expressNo!, true);
      const o = await lockOrder(tx, domainId, found?.id ?? input.id!, input.version);
      const lines = await linesOf(tx, domainId, o.id);
      const goodsWeight = goodsWeightOf(lines);
      const margin = await marginOf(tx, domainId);
      const check = checkWeight(goodsWeight, weight, margin);
      if (!check.within && !input.force) {
        throw new AppError(CheckingErrors.WEIGHT_MARGIN, 409, { field: 'weight', code: o.code, weight: formatDecimal(weight, 3), expected: goodsWeight, difference: check.difference, margin });
      }
      const recordKey = await shipWithin(tx, session, language, o);
      await tx.insert(erpOrderCheckRecords).values({ domainId, orderId: o.id, mode: 'WEIGH', weight, goodsWeight, forced: !check.within, userId: session.userId });
      await writeOrderLog(tx, actorOf(session), o.id, 'weigh', { statusCode: o.statusCode }, { statusCode: ORDER_STATUS.SEND, weight: formatDecimal(weight, 3), goodsWeight, forced: !check.within });
      return { id: o.id, code: o.code, expressNo: o.expressNo, recordKey, weight: formatDecimal(weight, 3) };
    });
    if (outcome.recordKey) await shipping().queueFeedback(domainId, outcome.recordKey);
    return outcome;
  }

  return { checkErpSoH, sendErpSoH4Check, sendErpSoH4Weigh };
}

export type CheckingService = ReturnType<typeof createCheckingService>;
