// Print templates (myhome/template), label data for printing (myhome/print/getPrintInfo) and the print
// log (myhome/printLog). System templates — one per default size of spec 02 §9 — are made for a
// domain on first use and are read-only. Labels carry the unmasked receiver (they are the label),
// the sender from the order's warehouse, the lines (split into pages by the template's goods per
// page, spec 02 §4.3) and the carrier's routing. Every label printed is logged; an order printed
// before is logged as a reprint. The print time of the order is set.
import { canRevealReceivers, logReveals } from '../reveal/reveal.service.js';
import {
  ErrorCodes,
  InterceptErrors,
  refundHeld,
  expressCompanyName,
  ORDER_STATUS,
  originalOrderId,
  PRINT_DEFAULTS,
  PrintErrors,
  splitIntoPages,
  SYSTEM_TEMPLATE_SIZES,
  SYSTEM_SEND_TEMPLATE_SIZES,
  type SystemSendTemplateKey,
  formatDecimal,
  insuredValueCents,
  planPackages,
  PRINT_GOODS_NUMBER_CONFIG,
  shiftDecimal,
  useMarketplaceApi,
  type Language,
  type OrderFailure,
  type PageResult,
  type PrintElement,
  type PrintLabel,
  type PrintLogRow,
  type PrintLogSearch,
  type PrintInfoResult,
  type PrintSource,
  type PrintTemplateKind,
  type PrintTemplateRow,
  type PrintTemplateSave,
  type PrintTemplateSearch,
  type PrintTemplateUpdate,
  type SystemTemplateKey,
  type SetDefaultTemplateInput,
  type SysPrintTemplateQuery,
  type CreatePrintTemplateParsed,
  chunkIds,
  printCodeOfPlatform,
  stripNewFields,
  supportsMultiPackage,
  type BatchSendPrintAnswer,
  type BatchSendPrintInput,
  type CreateSendTemplateInput,
  type PreviewTemplateAnswer,
  type PrintSendInput,
  type PrintSendResult,
  type SendSlip,
  type SendTemplateSearch,
  type StoreWithAccountsRow,
  type TemplateUrlAnswer,
  type TemplateUrlQuery,
} from '@openseller/core';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { domainConfigs, erpOrders, printLogs, printTemplateDefaults, printTemplateLinks, printTemplatePreviews, printTemplates, stores, waybillAccounts, waybillNumbers, warehouses } from '../../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../../platform/errors.js';
import { serverMessage } from '../../../platform/messages.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { loadOrderRows, ORDERS_AREA, writeOrderLog } from '../orders.model.js';
import { actorOf } from '../session-helpers.js';
import { domainOf as sellerDomain } from '../../../platform/caller.js';
import { pageOffset } from '../../../platform/paging.js';
import { idsIn } from '../../../platform/sql.js';
import { printLogWhere } from './printing.export.js';

type TemplateRecord = typeof printTemplates.$inferSelect;

const SYSTEM_NAMES: Record<SystemTemplateKey, string> = {
  normal: '普通面单 100×40',
  oneCopy: '一联单 76×30',
  PDD_SFKY_1: 'PDD_SFKY_1 60×26',
  PDD_POSTB_6: 'PDD_POSTB_6 72×5',
  PDD_POSTB_8: 'PDD_POSTB_8 72×50',
};

const SYSTEM_SEND_NAMES: Record<SystemSendTemplateKey, string> = {
  sendA5: '发货单 A5 210×148',
  send76: '发货单 76×130',
};

/** A delivery slip's layout: order, receiver and the goods of the page, for a slip of w × h mm. */
export function slipElements(w: number, h: number): PrintElement[] {
  const fs = PRINT_DEFAULTS.fontSize;
  const half = (w - 6) / 2;
  const row = 7;
  const els: PrintElement[] = [
    { field: 'orderCode', x: 2, y: 2, w: half, h: row, fontSize: fs, bold: true },
    { field: 'printTime', x: 4 + half, y: 2, w: half, h: row, fontSize: fs, bold: false },
    { field: 'platformNo', x: 2, y: 2 + row, w: w - 4, h: row, fontSize: fs, bold: false },
    { field: 'receiverName', x: 2, y: 2 + 2 * row, w: half, h: row, fontSize: fs, bold: false },
    { field: 'receiverAddress', x: 2, y: 2 + 3 * row, w: w - 4, h: row, fontSize: fs, bold: false },
    { field: 'itemsSummary', x: 2, y: 2 + 4 * row, w: w - 4, h: Math.max(h - 6 * row - 4, row), fontSize: fs, bold: false },
    { field: 'buyerMessage', x: 2, y: h - 2 * row - 2, w: w - 4, h: row, fontSize: 8, bold: false },
    { field: 'sellerRemark', x: 2, y: h - row - 2, w: w - 4, h: row, fontSize: 8, bold: false },
  ];
  return els.filter((e) => e.y >= 0 && e.y + e.h <= h && e.x + e.w <= w);
}

/** A layout of the usual fields for a label of w × h mm (elements that do not fit are left out). */
export function systemElements(w: number, h: number): PrintElement[] {
  const fs = PRINT_DEFAULTS.fontSize;
  if (h < 12) return [{ field: 'expressNo', x: 2, y: 0.5, w: w - 4, h: h - 1, fontSize: fs, bold: false }];
  const half = (w - 6) / 2;
  const row = Math.min(6, h / 7);
  const els: PrintElement[] = [
    { field: 'routing', x: 2, y: 1, w: w - 4, h: row, fontSize: 12, bold: true },
    { field: 'receiverName', x: 2, y: 1 + row, w: half, h: row, fontSize: fs, bold: true },
    { field: 'receiverPhone', x: 4 + half, y: 1 + row, w: half, h: row, fontSize: fs, bold: true },
    { field: 'receiverAddress', x: 2, y: 1 + 2 * row, w: w - 4, h: row * 1.5, fontSize: fs, bold: false },
    { field: 'senderName', x: 2, y: 1 + 3.5 * row, w: half, h: row * 0.8, fontSize: 8, bold: false },
    { field: 'senderPhone', x: 4 + half, y: 1 + 3.5 * row, w: half, h: row * 0.8, fontSize: 8, bold: false },
    { field: 'expressNo', x: 2, y: 1 + 4.4 * row, w: w - 4, h: Math.max(row * 1.6, 5), fontSize: fs, bold: false },
    { field: 'itemsSummary', x: 2, y: 1 + 6 * row, w: w - 4, h: row * 0.9, fontSize: 8, bold: false },
  ];
  return els.filter((e) => e.y + e.h <= h && e.x + e.w <= w);
}

function toRow(t: TemplateRecord, defaultFor: string[]): PrintTemplateRow {
  return {
    id: t.id,
    version: t.version,
    name: t.name,
    kind: t.kind as PrintTemplateKind,
    system: t.systemKey !== null,
    systemKey: t.systemKey,
    width: t.width,
    height: t.height,
    xOffset: t.xOffset,
    yOffset: t.yOffset,
    fontSize: t.fontSize,
    expressCompanyCode: t.expressCompanyCode,
    defaultFor,
    goodsPerPage: t.goodsPerPage,
    elements: t.elements,
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Refuses an element outside the label, naming it (`elements.3.w`). */
function checkElements(input: PrintTemplateSave) {
  input.elements.forEach((e, i) => {
    if (e.x + e.w > input.width + 0.001) throw new AppError(PrintErrors.ELEMENT_OUTSIDE, 400, { field: `elements.${i}.w`, element: e.field });
    if (e.y + e.h > input.height + 0.001) throw new AppError(PrintErrors.ELEMENT_OUTSIDE, 400, { field: `elements.${i}.h`, element: e.field });
  });
}

/** How long a template link works. */
const TEMPLATE_LINK_TTL_MS = 24 * 3600 * 1000;
/** Delivery slips print for reviewed, issued and shipped orders. */
const SLIP_STATUSES: string[] = [ORDER_STATUS.VERIFIED, ORDER_STATUS.SYNCED, ORDER_STATUS.SEND];

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

export function createPrintingService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  /** Makes the domain's system templates when missing. */
  async function ensureSystem(tx: Tx, domainId: number) {
    const [have] = await tx.select({ n: count() }).from(printTemplates).where(and(eq(printTemplates.domainId, domainId), isNotNull(printTemplates.systemKey)));
    if (Number(have?.n ?? 0) >= Object.keys(SYSTEM_TEMPLATE_SIZES).length + Object.keys(SYSTEM_SEND_TEMPLATE_SIZES).length) return;
    const slips = (Object.entries(SYSTEM_SEND_TEMPLATE_SIZES) as Array<[SystemSendTemplateKey, readonly [number, number]]>).map(([key, [w, h]]) => ({
      domainId,
      name: SYSTEM_SEND_NAMES[key],
      kind: 'PACKING_LIST',
      systemKey: key,
      width: w,
      height: h,
      xOffset: PRINT_DEFAULTS.offset,
      yOffset: PRINT_DEFAULTS.offset,
      fontSize: PRINT_DEFAULTS.fontSize,
      elements: slipElements(w, h),
    }));
    const rows = (Object.entries(SYSTEM_TEMPLATE_SIZES) as Array<[SystemTemplateKey, readonly [number, number]]>).map(([key, [w, h]]) => ({
      domainId,
      name: SYSTEM_NAMES[key],
      kind: 'WAYBILL',
      systemKey: key,
      width: w,
      height: h,
      xOffset: PRINT_DEFAULTS.offset,
      yOffset: PRINT_DEFAULTS.offset,
      fontSize: PRINT_DEFAULTS.fontSize,
      elements: systemElements(w, h),
    }));
    await tx.insert(printTemplates).values([...rows, ...slips]).onConflictDoNothing();
  }

  /** PRINT_CONFIG's goods number of a print page (spec 02 §4.3); null when 0 (no split) or unset. */
  async function printGoodsNumber(tx: Tx, domainId: number): Promise<number | null> {
    const [row] = await tx
      .select({ value: domainConfigs.value })
      .from(domainConfigs)
      .where(and(eq(domainConfigs.domainId, domainId), eq(domainConfigs.itemCode, PRINT_GOODS_NUMBER_CONFIG)));
    const n = Number(row?.value ?? 0);
    return Number.isInteger(n) && n > 0 ? n : null;
  }

  async function defaultsOf(tx: Tx, domainId: number, ids: number[]) {
    const map = new Map<number, string[]>();
    if (!ids.length) return map;
    const rows = await tx.select().from(printTemplateDefaults).where(and(eq(printTemplateDefaults.domainId, domainId), idsIn(printTemplateDefaults.templateId, ids)));
    for (const r of rows) map.set(r.templateId, [...(map.get(r.templateId) ?? []), r.expressCompanyCode].sort());
    return map;
  }

  async function load(tx: Tx, domainId: number, id: number) {
    const [t] = await tx.select().from(printTemplates).where(and(eq(printTemplates.domainId, domainId), eq(printTemplates.id, id)));
    if (!t) throw notFound('printTemplate');
    return t;
  }

  async function rowOf(tx: Tx, domainId: number, t: TemplateRecord) {
    return toRow(t, (await defaultsOf(tx, domainId, [t.id])).get(t.id) ?? []);
  }

  async function makeDefault(tx: Tx, domainId: number, templateId: number, code: string) {
    await tx
      .insert(printTemplateDefaults)
      .values({ domainId, expressCompanyCode: code, templateId })
      .onConflictDoUpdate({ target: [printTemplateDefaults.domainId, printTemplateDefaults.expressCompanyCode], set: { templateId } });
  }

  function values(input: PrintTemplateSave) {
    return {
      name: input.name,
      kind: input.kind,
      width: input.width,
      height: input.height,
      xOffset: input.xOffset,
      yOffset: input.yOffset,
      fontSize: input.fontSize,
      expressCompanyCode: input.expressCompanyCode,
      goodsPerPage: input.goodsPerPage,
      elements: input.elements,
    };
  }

  async function guardName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(PrintErrors.NAME_TAKEN, 409, { field: 'name' });
      throw e;
    }
  }

  async function search(session: Session, input: PrintTemplateSearch): Promise<PageResult<PrintTemplateRow>> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      const where: SQL[] = [eq(printTemplates.domainId, domainId)];
      if (input.keyword) where.push(ilike(printTemplates.name, `%${input.keyword.replace(/[%_\\]/g, '\\$&')}%`));
      if (input.kind) where.push(eq(printTemplates.kind, input.kind));
      // The system delivery slips are the send-template calls'; here only when slips are asked for.
      else where.push(or(isNull(printTemplates.systemKey), eq(printTemplates.kind, 'WAYBILL'))!);
      if (input.expressCompanyCode) where.push(or(eq(printTemplates.expressCompanyCode, input.expressCompanyCode), isNull(printTemplates.expressCompanyCode))!);
      if (!input.includeSystem) where.push(isNull(printTemplates.systemKey));
      const [total] = await tx.select({ n: count() }).from(printTemplates).where(and(...where));
      const rows = await tx
        .select()
        .from(printTemplates)
        .where(and(...where))
        .orderBy(sql`${printTemplates.systemKey} is null`, asc(printTemplates.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      const defaults = await defaultsOf(tx, domainId, rows.map((r) => r.id));
      return { voList: rows.map((r) => toRow(r, defaults.get(r.id) ?? [])), total: Number(total?.n ?? 0), currentPage: input.currentPage, pageSize: input.pageSize };
    });
  }

  /** The system templates (spec 02 §9 sizes), optionally of one kind. */
  async function systemTemplates(session: Session, input: SysPrintTemplateQuery): Promise<{ voList: PrintTemplateRow[] }> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      const where: SQL[] = [eq(printTemplates.domainId, domainId), isNotNull(printTemplates.systemKey), eq(printTemplates.kind, input.kind ?? 'WAYBILL')];
      const rows = await tx.select().from(printTemplates).where(and(...where)).orderBy(asc(printTemplates.id));
      const defaults = await defaultsOf(tx, domainId, rows.map((r) => r.id));
      return { voList: rows.map((r) => toRow(r, defaults.get(r.id) ?? [])) };
    });
  }

  async function get(session: Session, id: number): Promise<PrintTemplateRow> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      return rowOf(tx, domainId, await load(tx, domainId, id));
    });
  }

  async function create(session: Session, input: PrintTemplateSave): Promise<PrintTemplateRow> {
    const domainId = sellerDomain(session);
    checkElements(input);
    return guardName(() =>
      db.transaction(async (tx) => {
        const [t] = await tx.insert(printTemplates).values({ domainId, ...values(input), createdBy: session.userId }).returning();
        if (input.isDefault && input.expressCompanyCode) await makeDefault(tx, domainId, t!.id, input.expressCompanyCode);
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'printTemplate', entityId: String(t!.id), action: 'create', after: values(input) });
        return rowOf(tx, domainId, t!);
      }),
    );
  }

  async function update(session: Session, input: PrintTemplateUpdate): Promise<PrintTemplateRow> {
    const domainId = sellerDomain(session);
    checkElements(input);
    return guardName(() =>
      db.transaction(async (tx) => {
        const before = await load(tx, domainId, input.id);
        if (before.systemKey) throw new AppError(PrintErrors.SYSTEM_TEMPLATE, 409, { id: before.id });
        const [t] = await tx
          .update(printTemplates)
          .set({ ...values(input), version: before.version + 1, updatedAt: now() })
          .where(and(eq(printTemplates.domainId, domainId), eq(printTemplates.id, input.id), eq(printTemplates.version, input.version)))
          .returning();
        if (!t) throw versionConflict('printTemplate');
        if (input.isDefault && input.expressCompanyCode) await makeDefault(tx, domainId, t.id, input.expressCompanyCode);
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'printTemplate', entityId: String(t.id), action: 'update', before, after: values(input) });
        return rowOf(tx, domainId, t);
      }),
    );
  }

  async function remove(session: Session, idList: number[]): Promise<{ removed: number }> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      const rows = await tx.select().from(printTemplates).where(and(eq(printTemplates.domainId, domainId), idsIn(printTemplates.id, idList)));
      if (rows.length !== new Set(idList).size) throw notFound('printTemplate');
      const system = rows.find((r) => r.systemKey);
      if (system) throw new AppError(PrintErrors.SYSTEM_TEMPLATE, 409, { id: system.id });
      await tx.delete(printTemplates).where(and(eq(printTemplates.domainId, domainId), idsIn(printTemplates.id, idList)));
      for (const r of rows) await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'printTemplate', entityId: String(r.id), action: 'delete', before: r });
      return { removed: rows.length };
    });
  }

  /** createPrintTemplate: a new template, or with id and version a change of that one. */
  async function save(session: Session, input: CreatePrintTemplateParsed): Promise<PrintTemplateRow> {
    const { id, version, ...fields } = input;
    return id === undefined ? create(session, fields) : update(session, { ...fields, id, version: version ?? 0 });
  }

  async function setDefault(session: Session, input: SetDefaultTemplateInput): Promise<PrintTemplateRow> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      const t = await load(tx, domainId, input.id);
      await makeDefault(tx, domainId, t.id, input.expressCompanyCode);
      await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'printTemplate', entityId: String(t.id), action: 'setDefault', after: input });
      return rowOf(tx, domainId, t);
    });
  }

  /** The label data of reviewed orders with courier and waybill number, logged as printed. */
  async function prepare(
    session: Session,
    input: { idList: Array<number | string>; templateId: number; indexSeq: number; batchSeq: number; packageCount?: number; firstDocumentNumber?: number; insuredAmount?: number | string | undefined },
    language: Language,
  ): Promise<PrintInfoResult> {
    const domainId = sellerDomain(session);
    const ids = [...new Set(input.idList.map(originalOrderId))];
    const packageCount = input.packageCount ?? 1;
    const firstDocumentNumber = input.firstDocumentNumber ?? 1;
    const insuredCents = input.insuredAmount === undefined ? null : insuredValueCents(input.insuredAmount);
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      const template = await rowOf(tx, domainId, await load(tx, domainId, input.templateId));
      const goodsPerPage = template.goodsPerPage ?? (await printGoodsNumber(tx, domainId));
      // The orders' rows locked first: the refund state is read under the lock a refund takes to hold them.
      const locked = await tx
        .select({ id: erpOrders.id, printed: erpOrders.expressPrintTime, statusCode: erpOrders.statusCode, haveRefund: erpOrders.haveRefund, intercepted: erpOrders.intercepted, interceptReason: erpOrders.interceptReason })
        .from(erpOrders)
        .where(and(eq(erpOrders.domainId, domainId), idsIn(erpOrders.id, ids)))
        .orderBy(erpOrders.id)
        .for('update');
      const lockedById = new Map(locked.map((r) => [r.id, r]));
      // The receiver in full only for an account holding the reveal permission (logged below);
      // others print the masked receiver (issue 21 must-have 3).
      const reveal = canRevealReceivers(session);
      const orders = await loadOrderRows(tx, domainId, ids, { reveal });
      const byId = new Map(orders.map((o) => [o.id, o]));
      const fail = (id: number, code: string | null, errorCode: string, params: Record<string, string | number> = {}): OrderFailure => ({ id, code, errorCode, params, message: serverMessage(errorCode, params, language) });
      const failures: OrderFailure[] = [];
      const ok = ids.flatMap((id) => {
        const o = byId.get(id);
        if (!o) return failures.push(fail(id, null, ErrorCodes.NOT_FOUND, { what: 'order' })), [];
        if (o.statusCode !== ORDER_STATUS.VERIFIED && o.statusCode !== ORDER_STATUS.SEND) return failures.push(fail(id, o.code, PrintErrors.STATUS, { status: o.statusCode })), [];
        const row = lockedById.get(id);
        if (row && refundHeld(row)) return failures.push(fail(id, o.code, InterceptErrors.REFUND_HOLD, { code: o.code, action: 'print' })), [];
        if (!o.expressCompanyCode) return failures.push(fail(id, o.code, PrintErrors.NO_COURIER)), [];
        if (!o.expressNo) return failures.push(fail(id, o.code, PrintErrors.NO_EXPRESS_NO, { expressCompanyCode: o.expressCompanyCode })), [];
        const packages = planPackages(o.expressCompanyCode, packageCount, firstDocumentNumber);
        if ('refusal' in packages) return failures.push(fail(id, o.code, PrintErrors.MULTI_PACKAGE, { expressCompanyCode: o.expressCompanyCode, carrier: expressCompanyName(o.expressCompanyCode, language), packageCount })), [];
        return [{ ...o, packages: packages.plan.packages }];
      });
      const startIndex = firstDocumentNumber - 1;
      const reprint = ok.length > 0 && ok.every((o) => lockedById.get(o.id)?.printed);
      const marketplace = useMarketplaceApi(reprint, ok);
      if (!ok.length) return { template, voList: [], isError: failures.length > 0, successIds: [], failures, indexSeq: input.indexSeq, batchSeq: input.batchSeq, startIndex, useMarketplaceApi: marketplace };
      const okIds = ok.map((o) => o.id);
      const printed = new Map(locked.map((r) => [r.id, r.printed]));
      const whIds = [...new Set(ok.map((o) => o.warehouseId).filter((w): w is number => w !== null))];
      const whs = whIds.length ? await tx.select().from(warehouses).where(and(eq(warehouses.domainId, domainId), idsIn(warehouses.id, whIds))) : [];
      const whById = new Map(whs.map((w) => [w.id, w]));
      const numbers = await tx
        .select({ orderId: waybillNumbers.orderId, expressNo: waybillNumbers.expressNo, routing: waybillNumbers.routing })
        .from(waybillNumbers)
        .where(and(eq(waybillNumbers.domainId, domainId), idsIn(waybillNumbers.orderId, okIds)));
      const routingOf = new Map(numbers.map((n) => [`${n.orderId}:${n.expressNo}`, n.routing]));
      const at = now();
      const printTime = at.toISOString().slice(0, 16).replace('T', ' ');
      const labels: PrintLabel[] = [];
      const logRows: Array<typeof printLogs.$inferInsert> = [];
      for (const o of ok) {
        const source: PrintSource = printed.get(o.id) ? 'PRINT_SOURCE_REPRINT' : ids.length === 1 ? 'PRINT_SOURCE_ONE_PRINT' : 'PRINT_SOURCE_SO_PRINT';
        const wh = o.warehouseId !== null ? whById.get(o.warehouseId) : undefined;
        const routing = routingOf.get(`${o.id}:${o.expressNo}`) ?? null;
        const live = o.lines.filter((l) => !l.cancelTag);
        const pages = splitIntoPages(live, goodsPerPage, (l) => (l.skuId !== null ? `s${l.skuId}` : `t${l.tbSkuId ?? l.outerSkuId ?? l.id}`)).map((page) =>
          page.map((l) => ({ skuCode: l.skuCode, name: l.skuName ?? l.title, spec: l.skuSpecifications ?? l.properties, qty: l.qty })),
        );
        const base: Record<string, string> = {
          receiverName: o.receiverName ?? '',
          receiverPhone: o.receiverPhone ?? '',
          receiverAddress: [o.receiverProvince, o.receiverCity, o.receiverDistrict, o.receiverAddress].filter(Boolean).join(' '),
          senderName: wh?.contact ?? '',
          senderPhone: wh?.phone ?? '',
          senderAddress: wh ? [wh.province, wh.city, wh.county, wh.street].filter(Boolean).join(' ') : '',
          orderCode: o.code,
          platformNo: o.platformNos.join(','),
          expressNo: o.expressNo!,
          expressCompany: expressCompanyName(o.expressCompanyCode!, language),
          routing: routing ? Object.values(routing).filter((v) => typeof v === 'string' || typeof v === 'number').join(' ') : '',
          buyerMessage: o.buyerMessage ?? '',
          sellerRemark: o.sellerRemark ?? '',
          printTime,
          insuredValue: insuredCents === null ? '' : formatDecimal(shiftDecimal(String(insuredCents), 2), 2),
        };
        // Each package its own labels (numbered n/total), each split into pages of the goods number.
        for (const pkg of o.packages) {
          pages.forEach((pageLines, i) => {
            labels.push({
              orderId: o.id,
              orderCode: o.code,
              expressNo: o.expressNo!,
              expressCompanyCode: o.expressCompanyCode!,
              source,
              page: i + 1,
              pages: pages.length,
              packageNo: pkg.number,
              packageCount: pkg.total,
              insuredValueCents: insuredCents,
              values: { ...base, packageNo: pkg.label, itemsSummary: pageLines.map((l) => `${l.skuCode ?? l.name ?? ''}×${l.qty}`).join('; ') },
              lines: pageLines,
            });
          });
        }
        logRows.push({ domainId, orderId: o.id, orderCode: o.code, expressCompanyCode: o.expressCompanyCode!, expressNo: o.expressNo!, templateId: template.id, templateName: template.name, source, batchSeq: input.batchSeq, indexSeq: input.indexSeq, createdBy: session.userId, createdByName: session.loginName, createdAt: at });
      }
      await tx.insert(printLogs).values(logRows);
      if (reveal) await logReveals(tx, actorOf(session), okIds, 'PRINT');
      await tx.update(erpOrders).set({ expressPrintTime: at }).where(and(eq(erpOrders.domainId, domainId), idsIn(erpOrders.id, okIds)));
      for (const r of logRows) await writeOrderLog(tx, actorOf(session), r.orderId, r.source === 'PRINT_SOURCE_REPRINT' ? 'reprint' : 'print', { expressPrintTime: printed.get(r.orderId)?.toISOString() ?? null }, { expressNo: r.expressNo, templateId: template.id, expressPrintTime: at.toISOString() });
      return { template, voList: labels, isError: failures.length > 0, successIds: okIds, failures, indexSeq: input.indexSeq, batchSeq: input.batchSeq, startIndex, useMarketplaceApi: marketplace };
    });
  }

  async function searchLog(session: Session, input: PrintLogSearch): Promise<PageResult<PrintLogRow>> {
    const domainId = sellerDomain(session);
    const where: SQL[] = [printLogWhere(domainId, input)];
    const [total] = await db.select({ n: count() }).from(printLogs).where(and(...where));
    const rows = await db
      .select()
      .from(printLogs)
      .where(and(...where))
      .orderBy(desc(printLogs.id))
      .limit(input.pageSize)
      .offset(pageOffset(input));
    return {
      voList: rows.map((r) => ({ id: r.id, orderId: r.orderId, orderCode: r.orderCode, expressCompanyCode: r.expressCompanyCode, expressNo: r.expressNo, templateId: r.templateId, templateName: r.templateName, source: r.source as PrintSource, batchSeq: r.batchSeq, createdByName: r.createdByName, createdAt: r.createdAt.toISOString() })),
      total: Number(total?.n ?? 0),
      currentPage: input.currentPage,
      pageSize: input.pageSize,
    };
  }

  // ---- delivery-slip (send) templates ------------------------------------------------------------

  async function sendSearch(session: Session, input: SendTemplateSearch): Promise<PageResult<PrintTemplateRow>> {
    return search(session, { ...input, kind: 'PACKING_LIST' });
  }

  async function slipTemplates(session: Session, system: boolean): Promise<{ voList: PrintTemplateRow[] }> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      const rows = await tx
        .select()
        .from(printTemplates)
        .where(and(eq(printTemplates.domainId, domainId), eq(printTemplates.kind, 'PACKING_LIST'), system ? isNotNull(printTemplates.systemKey) : isNull(printTemplates.systemKey)))
        .orderBy(asc(printTemplates.id));
      const defaults = await defaultsOf(tx, domainId, rows.map((r) => r.id));
      return { voList: rows.map((r) => toRow(r, defaults.get(r.id) ?? [])) };
    });
  }

  /** createSendBatchAsnTemplate: a delivery-slip template, new or changed (a waybill template is refused). */
  async function saveSend(session: Session, input: z.output<typeof CreateSendTemplateInput>): Promise<PrintTemplateRow> {
    const { id, version, ...fields } = input;
    const values = { ...fields, kind: 'PACKING_LIST' as const, expressCompanyCode: null, isDefault: false };
    if (id === undefined) return create(session, values);
    const [before] = await db.select({ kind: printTemplates.kind }).from(printTemplates).where(and(eq(printTemplates.domainId, sellerDomain(session)), eq(printTemplates.id, id)));
    if (before && before.kind !== 'PACKING_LIST') throw new AppError(PrintErrors.TEMPLATE_KIND, 409, { field: 'id', kind: before.kind });
    return update(session, { ...values, id, version: version ?? 0 });
  }

  async function removeSend(session: Session, idList: number[]): Promise<{ removed: number }> {
    const domainId = sellerDomain(session);
    const rows = await db.select({ id: printTemplates.id, kind: printTemplates.kind }).from(printTemplates).where(and(eq(printTemplates.domainId, domainId), idsIn(printTemplates.id, idList)));
    const waybill = rows.find((r) => r.kind !== 'PACKING_LIST');
    if (waybill) throw new AppError(PrintErrors.TEMPLATE_KIND, 409, { field: 'idList', id: waybill.id, kind: waybill.kind });
    return remove(session, idList);
  }

  /** The template this account previews its labels (or slips) with, one per kind. */
  async function setPreview(session: Session, id: number): Promise<PreviewTemplateAnswer> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      const t = await load(tx, domainId, id);
      await tx
        .insert(printTemplatePreviews)
        .values({ domainId, userId: session.userId, kind: t.kind, templateId: t.id, updatedAt: now() })
        .onConflictDoUpdate({ target: [printTemplatePreviews.domainId, printTemplatePreviews.userId, printTemplatePreviews.kind], set: { templateId: t.id, updatedAt: now() } });
      return { id: t.id, kind: t.kind as PrintTemplateKind, name: t.name };
    });
  }

  // ---- template links (GET /erp/CaiNiaoTemplate/{kind}/{id}) --------------------------------------

  async function linkOf(tx: Tx, session: Session, domainId: number, templateId: number, printCode: string) {
    const token = `${domainId}-${randomBytes(24).toString('base64url')}`;
    const expiresAt = new Date(now().getTime() + TEMPLATE_LINK_TTL_MS);
    await tx.insert(printTemplateLinks).values({ domainId, token, templateId, printCode, expiresAt, createdBy: session.userId, createdAt: now() });
    return { templateUrl: `/erp/CaiNiaoTemplate/${encodeURIComponent(printCode)}/${templateId}?token=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
  }

  /** The courier's default template (else the normal system one) as a signed link for the platform's printer component. */
  async function templateUrl(session: Session, input: TemplateUrlQuery): Promise<TemplateUrlAnswer> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      const [byDefault] = await tx
        .select({ t: printTemplates })
        .from(printTemplateDefaults)
        .innerJoin(printTemplates, and(eq(printTemplates.domainId, printTemplateDefaults.domainId), eq(printTemplates.id, printTemplateDefaults.templateId)))
        .where(and(eq(printTemplateDefaults.domainId, domainId), eq(printTemplateDefaults.expressCompanyCode, input.code)));
      const [normal] = byDefault ? [] : await tx.select().from(printTemplates).where(and(eq(printTemplates.domainId, domainId), eq(printTemplates.systemKey, 'normal')));
      const t = byDefault?.t ?? normal!;
      return { templateId: t.id, name: t.name, ...(await linkOf(tx, session, domainId, t.id, input.type)) };
    });
  }

  /** Vipshop printing: every waybill template with the link the printer loads it from. */
  async function vipTemplates(session: Session): Promise<{ voList: Array<PrintTemplateRow & { templateUrl: string }> }> {
    const domainId = sellerDomain(session);
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      const rows = await tx.select().from(printTemplates).where(and(eq(printTemplates.domainId, domainId), eq(printTemplates.kind, 'WAYBILL'))).orderBy(sql`${printTemplates.systemKey} is null`, asc(printTemplates.id));
      const defaults = await defaultsOf(tx, domainId, rows.map((r) => r.id));
      const voList = [];
      for (const r of rows) voList.push({ ...toRow(r, defaults.get(r.id) ?? []), templateUrl: (await linkOf(tx, session, domainId, r.id, 'vip')).templateUrl });
      return { voList };
    });
  }

  /** The template behind a link, or null when the link is wrong, expired or names another template. */
  async function templateByLink(printCode: string, id: number, token: string): Promise<PrintTemplateRow | null> {
    const domainId = Number(/^(\d+)-/.exec(token)?.[1] ?? NaN);
    if (!Number.isSafeInteger(domainId) || !Number.isSafeInteger(id)) return null;
    const [link] = await db
      .select()
      .from(printTemplateLinks)
      .where(and(eq(printTemplateLinks.domainId, domainId), eq(printTemplateLinks.token, token)));
    if (!link || link.templateId !== id || link.printCode !== printCode || link.expiresAt.getTime() < now().getTime()) return null;
    const [t] = await db.select().from(printTemplates).where(and(eq(printTemplates.domainId, domainId), eq(printTemplates.id, id)));
    return t ? toRow(t, []) : null;
  }

  /** customTemplateXml: one of the domain's templates, to be filled with values. */
  async function templateForXml(session: Session, id: number): Promise<PrintTemplateRow> {
    return get(session, id);
  }

  // ---- batch plans and delivery slips ------------------------------------------------------------

  /** getInfoForBatchSendPrint: the orders of a batch (copies reverted, new fields stripped) in chunks of 10. */
  async function batchPlan(session: Session, input: z.output<typeof BatchSendPrintInput>): Promise<BatchSendPrintAnswer> {
    const domainId = sellerDomain(session);
    const stripped = new Set<string>();
    const requested: number[] = [];
    for (const id of input.idList ?? []) requested.push(originalOrderId(id));
    for (const row of input.voList ?? []) {
      for (const f of stripNewFields(row).stripped) stripped.add(f);
      requested.push(originalOrderId(row.id));
    }
    const ids = [...new Set(requested)];
    const found = await db
      .select({ id: erpOrders.id, code: erpOrders.code, statusCode: erpOrders.statusCode, platformCode: erpOrders.platformCode, expressCompanyCode: erpOrders.expressCompanyCode, expressNo: erpOrders.expressNo, printed: erpOrders.expressPrintTime })
      .from(erpOrders)
      .where(and(eq(erpOrders.domainId, domainId), idsIn(erpOrders.id, ids)));
    const byId = new Map(found.map((o) => [o.id, o]));
    const inOrder = ids.filter((id) => byId.has(id));
    const orders = inOrder.map((id) => {
      const o = byId.get(id)!;
      return { id, code: o.code, statusCode: o.statusCode, platformCode: o.platformCode, expressCompanyCode: o.expressCompanyCode, expressNo: o.expressNo, printed: o.printed !== null, multiPackage: supportsMultiPackage(o.expressCompanyCode) };
    });
    const reprint = orders.length > 0 && orders.every((o) => o.printed);
    return {
      total: orders.length,
      chunkSize: PRINT_DEFAULTS.chunk,
      chunks: chunkIds(inOrder, PRINT_DEFAULTS.chunk).map((idList, indexSeq) => ({ indexSeq, batchSeq: input.batchSeq, idList })),
      orders,
      missing: ids.filter((id) => !byId.has(id)),
      strippedFields: [...stripped].sort(),
      reprint,
      useMarketplaceApi: useMarketplaceApi(reprint, orders),
    };
  }

  /** printSendSoH: delivery slips of reviewed, issued or shipped orders; the send print time is set and logged. */
  async function printSend(session: Session, input: z.output<typeof PrintSendInput>, language: Language): Promise<PrintSendResult> {
    const domainId = sellerDomain(session);
    const ids = [...new Set(input.idList.map(originalOrderId))];
    return db.transaction(async (tx) => {
      await ensureSystem(tx, domainId);
      let record: TemplateRecord;
      if (input.templateId !== undefined) {
        record = await load(tx, domainId, input.templateId);
        if (record.kind !== 'PACKING_LIST') throw new AppError(PrintErrors.TEMPLATE_KIND, 409, { field: 'templateId', kind: record.kind });
      } else {
        [record] = (await tx.select().from(printTemplates).where(and(eq(printTemplates.domainId, domainId), eq(printTemplates.systemKey, 'sendA5')))) as [TemplateRecord];
      }
      const template = await rowOf(tx, domainId, record);
      const goodsPerPage = template.goodsPerPage ?? (await printGoodsNumber(tx, domainId));
      const locked = await tx
        .select({ id: erpOrders.id, sendPrintTime: erpOrders.sendPrintTime })
        .from(erpOrders)
        .where(and(eq(erpOrders.domainId, domainId), idsIn(erpOrders.id, ids)))
        .orderBy(erpOrders.id)
        .for('update');
      const before = new Map(locked.map((r) => [r.id, r.sendPrintTime]));
      // A delivery slip goes inside the parcel: the receiver is shown as the list shows it (masked).
      const orders = await loadOrderRows(tx, domainId, ids);
      const byId = new Map(orders.map((o) => [o.id, o]));
      const failures: OrderFailure[] = [];
      const fail = (id: number, code: string | null, errorCode: string, params: Record<string, string | number> = {}): OrderFailure => ({ id, code, errorCode, params, message: serverMessage(errorCode, params, language) });
      const ok = ids.flatMap((id) => {
        const o = byId.get(id);
        if (!o) return failures.push(fail(id, null, ErrorCodes.NOT_FOUND, { what: 'order' })), [];
        if (!SLIP_STATUSES.includes(o.statusCode)) return failures.push(fail(id, o.code, PrintErrors.SEND_STATUS, { status: o.statusCode })), [];
        return [o];
      });
      const at = now();
      const printTime = at.toISOString().slice(0, 16).replace('T', ' ');
      const voList: SendSlip[] = [];
      for (const o of ok) {
        const live = o.lines.filter((l) => !l.cancelTag);
        const pages = splitIntoPages(live, goodsPerPage, (l) => (l.skuId !== null ? `s${l.skuId}` : `t${l.tbSkuId ?? l.outerSkuId ?? l.id}`));
        const base: Record<string, string> = {
          orderCode: o.code,
          platformNo: o.platformNos.join(','),
          receiverName: o.receiverName ?? '',
          receiverPhone: o.receiverPhone ?? '',
          receiverAddress: [o.receiverProvince, o.receiverCity, o.receiverDistrict, o.receiverAddress].filter(Boolean).join(' '),
          expressNo: o.expressNo ?? '',
          expressCompany: o.expressCompanyCode ? expressCompanyName(o.expressCompanyCode, language) : '',
          buyerMessage: o.buyerMessage ?? '',
          sellerRemark: o.sellerRemark ?? '',
          printTime,
        };
        pages.forEach((page, i) => {
          const lines = page.map((l) => ({ skuCode: l.skuCode, name: l.skuName ?? l.title, spec: l.skuSpecifications ?? l.properties, qty: l.qty, price: l.price, amount: l.amount }));
          voList.push({ orderId: o.id, orderCode: o.code, page: i + 1, pages: pages.length, values: { ...base, itemsSummary: lines.map((l) => `${l.skuCode ?? l.name ?? ''}×${l.qty}`).join('; ') }, lines });
        });
      }
      const okIds = ok.map((o) => o.id);
      if (okIds.length) {
        await tx.update(erpOrders).set({ sendPrintTime: at }).where(and(eq(erpOrders.domainId, domainId), idsIn(erpOrders.id, okIds)));
        for (const id of okIds) await writeOrderLog(tx, actorOf(session), id, 'printSend', { sendPrintTime: before.get(id)?.toISOString() ?? null }, { templateId: template.id, sendPrintTime: at.toISOString() });
      }
      return { template, voList, isError: failures.length > 0, successIds: okIds, failures, indexSeq: input.indexSeq, batchSeq: input.batchSeq };
    });
  }

  /** findAllStoreWithAccount: each store with the waybill accounts of its platform's print code. */
  async function storesWithAccounts(session: Session): Promise<StoreWithAccountsRow[]> {
    const domainId = sellerDomain(session);
    const storeRows = await db.select({ id: stores.id, name: stores.name, platformCode: stores.platformCode }).from(stores).where(eq(stores.domainId, domainId)).orderBy(asc(stores.id));
    const accounts = await db
      .select({ id: waybillAccounts.id, name: waybillAccounts.name, printCode: waybillAccounts.printCode, expressCompanyCode: waybillAccounts.expressCompanyCode, isDefault: waybillAccounts.isDefault })
      .from(waybillAccounts)
      .where(eq(waybillAccounts.domainId, domainId))
      .orderBy(asc(waybillAccounts.id));
    return storeRows.map((st) => {
      const printCode = printCodeOfPlatform(st.platformCode);
      return { storeId: st.id, storeName: st.name, platformCode: st.platformCode, printCode, accounts: printCode ? accounts.filter((a) => a.printCode === printCode) : accounts };
    });
  }

  return {
    search,
    systemTemplates,
    get,
    create,
    update,
    save,
    remove,
    setDefault,
    prepare,
    searchLog,
    sendSearch,
    slipTemplates,
    saveSend,
    removeSend,
    setPreview,
    templateUrl,
    vipTemplates,
    templateByLink,
    templateForXml,
    batchPlan,
    printSend,
    storesWithAccounts,
  };
}


export type PrintingService = ReturnType<typeof createPrintingService>;
