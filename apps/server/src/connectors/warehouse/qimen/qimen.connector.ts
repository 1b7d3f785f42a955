// The Qimen (奇门) connector behind the warehouse-system interface, for QIMEN_WAREHOUSE warehouses
// whose external code is not a sandbox one. Sales orders go out as deliveryorder.create, inbound
// notices as entryorder.create, outbound orders as stockout.create, returns as returnorder.create,
// SKU registrations as singleitem.synchronize; cancels as order.cancel; stock is read with
// inventory.query. The warehouse's code in Qimen is the warehouse's external code, the cargo owner
// its owner code; customerId is the warehouse's Qimen customerId, else the owner code (see README.md). What the warehouse did comes
// back by its confirmation callbacks (qimen.callbacks.ts), booked as they arrive; fetchResults only
// reports what the connector learnt itself (a registration the warehouse took at once), from the
// inbox table, until acknowledged.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ThirdPartyStatus } from '@openseller/core';
import type { Db } from '../../../db/client.js';
import { warehouseSystemInbox } from '../../../db/schema/index.js';
import { textsIn } from '../../../platform/sql.js';
import type { AppCredentialsLookup } from '../../app-credentials.js';
import { withWarehouseDeadline } from '../deadline.js';
import {
  DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS,
  WarehouseConnectorError,
  type CancelDocumentRequest,
  type IssueDocumentRequest,
  type WarehouseCallOptions,
  type WarehouseConnector,
  type WarehouseDocumentKind,
  type WarehouseDocumentState,
  type WarehouseResult,
  type WarehouseTarget,
} from '../types.js';
import { createQimenClient, type QimenClient } from './qimen.client.js';
import { children, child, qimenTimestamp, textOf, toXml, type XmlObject } from './qimen.protocol.js';

export const QIMEN_SYSTEM = 'QIMEN';

/** The API each kind is issued with (the names the ERP calls through the router). */
export const QIMEN_CREATE_METHODS: Record<Exclude<WarehouseDocumentKind, 'MAPPING'>, string> = {
  SO: 'taobao.qimen.deliveryorder.create',
  WDO: 'taobao.qimen.stockout.create',
  ASN: 'taobao.qimen.entryorder.create',
  RMA: 'taobao.qimen.returnorder.create',
  ITEM: 'taobao.qimen.singleitem.synchronize',
};
export const QIMEN_CANCEL_METHOD = 'taobao.qimen.order.cancel';
export const QIMEN_INVENTORY_METHOD = 'taobao.qimen.inventory.query';

/** Qimen's order types (出库单类型 / 入库单类型) for our document types. */
export function qimenOrderType(kind: WarehouseDocumentKind, docType: string | null): string | null {
  switch (kind) {
    case 'SO':
      return 'JYCK';
    case 'RMA':
      return 'THRK';
    case 'WDO':
      return docType === 'WDO_PURCHASE_RETURN' ? 'CGTH' : docType === 'WDO_ALLOCATED' ? 'DBCK' : docType === 'WDO_JIT' ? 'B2BCK' : docType === 'WDO_SALE' ? 'PTCK' : docType ? 'QTCK' : null;
    case 'ASN':
      return docType === 'ASN_PURCHASE' ? 'CGRK' : docType === 'ASN_TRANSFER' ? 'DBRK' : docType ? 'QTRK' : null;
    default:
      return null;
  }
}

/** Qimen's published logistics codes (物流公司编码) that differ from ours, both ways. */
const QIMEN_LOGISTICS_FROM_OURS: Record<string, string> = { JDKD: 'JD' };
const OURS_FROM_QIMEN_LOGISTICS: Record<string, string> = { JD: 'JDKD' };
/** The codes Qimen publishes for logisticsCode (the deliveryOrder model of the taobao.qimen.* APIs). */
const QIMEN_LOGISTICS_CODES = new Set(['SF', 'EMS', 'EYB', 'ZJS', 'YTO', 'ZTO', 'HTKY', 'UC', 'STO', 'TTKDEX', 'QFKD', 'FAST', 'POSTB', 'GTO', 'YUNDA', 'JD', 'DD', 'AMAZON']);

/** Our express company code as Qimen's logisticsCode: OTHER when Qimen publishes none for it. */
export function qimenLogisticsCode(ours: string | null | undefined): string {
  if (!ours) return 'OTHER';
  const code = QIMEN_LOGISTICS_FROM_OURS[ours] ?? ours;
  return QIMEN_LOGISTICS_CODES.has(code) ? code : 'OTHER';
}

/** Qimen's logisticsCode as our express company code: null for OTHER or none. */
export function ourExpressCode(qimen: string | null | undefined): string | null {
  if (!qimen || qimen.toUpperCase() === 'OTHER') return null;
  return OURS_FROM_QIMEN_LOGISTICS[qimen] ?? qimen;
}

export interface QimenInventoryLine {
  itemCode: string;
  itemId: string | null;
  warehouseCode: string | null;
  inventoryType: string | null;
  quantity: number;
  lockQuantity: number;
}

export interface QimenConnector extends WarehouseConnector {
  /** inventory.query: the warehouse's stock of item codes (good stock, ZP, unless told). */
  queryInventory(target: WarehouseTarget, query: { itemCodes: string[]; inventoryType?: string }, options?: WarehouseCallOptions): Promise<QimenInventoryLine[]>;
}

export interface QimenConnectorDeps {
  db: Db;
  credentials: AppCredentialsLookup;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  client?: QimenClient;
  maxAttempts?: number;
  backoffMs?: number;
}

/**
 * The warehouse's codes in Qimen: its warehouseCode (external code), its owner (owner code) and the
 * customerId the router knows the seller by (the warehouse's Qimen customerId, else the owner code).
 */
export function qimenCodesOf(target: WarehouseTarget): { warehouseCode: string; ownerCode: string; customerId: string } {
  const warehouseCode = target.externalCode?.trim();
  const ownerCode = target.ownerCode?.trim();
  if (!warehouseCode || !ownerCode) throw new WarehouseConnectorError('REJECTED', `the Qimen warehouse ${target.name} needs its code in the warehouse system (external code) and its owner code`);
  return { warehouseCode, ownerCode, customerId: target.qimenCustomerId?.trim() || ownerCode };
}

const positive = (n: number) => Number.isInteger(n) && n > 0;

export function createQimenConnector(deps: QimenConnectorDeps): QimenConnector {
  const now = deps.now ?? (() => new Date());
  const client =
    deps.client ??
    createQimenClient({
      credentials: deps.credentials,
      ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
      now,
      ...(deps.maxAttempts ? { maxAttempts: deps.maxAttempts } : {}),
      ...(deps.backoffMs !== undefined ? { backoffMs: deps.backoffMs } : {}),
    });
  const timeoutOf = (options?: WarehouseCallOptions) => options?.timeoutMs ?? DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS;

  function lineXml(request: IssueDocumentRequest, ownerCode: string, withInventoryType: boolean): XmlObject[] {
    return request.lines.map((l) => ({
      orderLineNo: String(l.lineId),
      ownerCode,
      itemCode: l.skuCode,
      itemName: l.skuName ?? undefined,
      planQty: l.qty,
      ...(withInventoryType ? { inventoryType: 'ZP' } : {}),
    }));
  }

  function party(p: IssueDocumentRequest['party']): XmlObject | undefined {
    if (!p) return undefined;
    return { name: p.name, mobile: p.phone ?? undefined, province: p.province ?? undefined, city: p.city ?? undefined, area: p.county ?? undefined, detailAddress: p.street ?? undefined };
  }

  /** The `<request>` of an issue. */
  function issueBody(target: WarehouseTarget, request: IssueDocumentRequest): string {
    const { warehouseCode, ownerCode } = qimenCodesOf(target);
    const createTime = qimenTimestamp(now());
    const orderType = qimenOrderType(request.kind, request.docType);
    switch (request.kind) {
      case 'SO':
        return toXml('request', {
          deliveryOrder: {
            deliveryOrderCode: request.docCode,
            orderType,
            warehouseCode,
            sourcePlatformCode: 'OTHER',
            createTime,
            placeOrderTime: createTime,
            operateTime: createTime,
            shopNick: target.name,
            logisticsCode: qimenLogisticsCode(request.carrierCode),
            receiverInfo: party(request.party) ?? { name: '' },
            remark: request.remark ?? undefined,
          },
          orderLines: { orderLine: lineXml(request, ownerCode, false) },
        });
      case 'WDO':
        return toXml('request', {
          deliveryOrder: {
            deliveryOrderCode: request.docCode,
            orderType,
            warehouseCode,
            createTime,
            scheduleDate: request.expectedAt ? qimenTimestamp(request.expectedAt).slice(0, 10) : undefined,
            receiverInfo: party(request.party),
            remark: request.remark ?? undefined,
          },
          orderLines: { orderLine: lineXml(request, ownerCode, true) },
        });
      case 'ASN':
        return toXml('request', {
          entryOrder: {
            entryOrderCode: request.docCode,
            ownerCode,
            warehouseCode,
            orderType,
            orderCreateTime: createTime,
            expectStartTime: request.expectedAt ? qimenTimestamp(request.expectedAt) : undefined,
            supplierName: request.party?.name ?? undefined,
            senderInfo: party(request.party),
            remark: request.remark ?? undefined,
          },
          orderLines: { orderLine: lineXml(request, ownerCode, true) },
        });
      case 'RMA':
        return toXml('request', {
          returnOrder: {
            returnOrderCode: request.docCode,
            warehouseCode,
            ownerCode,
            orderType,
            senderInfo: party(request.party),
            remark: request.remark ?? undefined,
          },
          orderLines: { orderLine: lineXml(request, ownerCode, true) },
        });
      case 'ITEM': {
        const line = request.lines[0]!;
        return toXml('request', {
          actionType: 'add',
          warehouseCode,
          ownerCode,
          item: { itemCode: line.skuCode, itemName: line.skuName ?? line.skuCode, barCode: line.barCode ?? line.skuCode, itemType: 'ZC' },
        });
      }
      default:
        throw new WarehouseConnectorError('REJECTED', `Qimen takes no ${request.kind} documents in this build`);
    }
  }

  /** The warehouse system's id of the document, as the answer gives it. */
  function externalCodeOf(kind: WarehouseDocumentKind, response: Parameters<typeof textOf>[0], docCode: string): string {
    const path = kind === 'SO' || kind === 'WDO' ? 'deliveryOrderId' : kind === 'ASN' ? 'entryOrderId' : kind === 'RMA' ? 'returnOrderId' : 'itemId';
    return textOf(response, path) ?? docCode;
  }

  /** A registration the warehouse took: its SYNCED result waits in the inbox until fetched. */
  async function recordRegistration(target: WarehouseTarget, request: IssueDocumentRequest, externalCode: string): Promise<void> {
    const result: WarehouseResult = {
      resultId: `QM-REG-${request.kind}-${request.docCode}`,
      kind: request.kind,
      type: 'SYNCED',
      docCode: request.docCode,
      externalCode,
      status: 'FULFILLED',
      lines: request.lines.map((l) => ({ lineId: l.lineId, skuId: l.skuId, skuCode: l.skuCode, qty: l.qty })),
      occurredAt: now(),
    };
    await deps.db
      .insert(warehouseSystemInbox)
      .values({
        domainId: target.domainId,
        warehouseId: target.warehouseId,
        system: QIMEN_SYSTEM,
        method: 'REGISTRATION',
        messageKey: `REG:${request.kind}:${request.docCode}`,
        kind: request.kind,
        docCode: request.docCode,
        resultId: result.resultId,
        payload: result,
        createdAt: now(),
      })
      .onConflictDoNothing();
  }

  return {
    system: QIMEN_SYSTEM,

    issueDocument(target, request, options): Promise<WarehouseDocumentState> {
      return withWarehouseDeadline(timeoutOf(options), async (signal) => {
        if (!request.lines.length) throw new WarehouseConnectorError('REJECTED', 'a document needs at least one line');
        const bad = request.lines.find((l) => !positive(l.qty));
        if (bad) throw new WarehouseConnectorError('REJECTED', `line ${bad.lineId}: the quantity must be a positive whole number`);
        if (request.kind === 'MAPPING') throw new WarehouseConnectorError('REJECTED', 'Qimen takes no online SKU mappings in this build');
        const body = issueBody(target, request);
        const { customerId } = qimenCodesOf(target);
        const response = await client.call({ method: QIMEN_CREATE_METHODS[request.kind], customerId, body }, signal);
        const externalCode = externalCodeOf(request.kind, response, request.docCode);
        if (request.kind === 'ITEM') await recordRegistration(target, request, externalCode);
        return { kind: request.kind, docCode: request.docCode, externalCode, status: 'SENTED' as ThirdPartyStatus };
      });
    },

    cancelDocument(target, request: CancelDocumentRequest, options): Promise<WarehouseDocumentState> {
      return withWarehouseDeadline(timeoutOf(options), async (signal) => {
        if (request.kind === 'ITEM' || request.kind === 'MAPPING') throw new WarehouseConnectorError('REJECTED', 'a registration is not cancelled in Qimen');
        const { warehouseCode, ownerCode, customerId } = qimenCodesOf(target);
        const body = toXml('request', {
          warehouseCode,
          ownerCode,
          orderCode: request.docCode,
          orderType: qimenOrderType(request.kind, null),
          cancelReason: request.reason ?? undefined,
        });
        await client.call({ method: QIMEN_CANCEL_METHOD, customerId, body }, signal);
        // order.cancel answers success once the warehouse has cancelled it.
        return { kind: request.kind, docCode: request.docCode, externalCode: request.docCode, status: 'CANCEL' as ThirdPartyStatus };
      });
    },

    async fetchResults(target, query): Promise<WarehouseResult[]> {
      const rows = await deps.db
        .select({ payload: warehouseSystemInbox.payload })
        .from(warehouseSystemInbox)
        .where(
          and(
            eq(warehouseSystemInbox.domainId, target.domainId),
            eq(warehouseSystemInbox.warehouseId, target.warehouseId),
            eq(warehouseSystemInbox.kind, query.kind),
            isNull(warehouseSystemInbox.acknowledgedAt),
          ),
        )
        .orderBy(asc(warehouseSystemInbox.id))
        .limit(Math.min(Math.max(query.limit ?? 100, 1), 500));
      return rows.map((r) => {
        const result = r.payload as WarehouseResult & { occurredAt: string | Date };
        return { ...result, occurredAt: new Date(result.occurredAt) };
      });
    },

    async acknowledgeResults(target, resultIds): Promise<void> {
      if (!resultIds.length) return;
      await deps.db
        .update(warehouseSystemInbox)
        .set({ acknowledgedAt: now() })
        .where(
          and(
            eq(warehouseSystemInbox.domainId, target.domainId),
            eq(warehouseSystemInbox.warehouseId, target.warehouseId),
            textsIn(warehouseSystemInbox.resultId, resultIds),
            isNull(warehouseSystemInbox.acknowledgedAt),
          ),
        );
    },

    queryInventory(target, query, options) {
      return withWarehouseDeadline(timeoutOf(options), async (signal) => {
        const { warehouseCode, ownerCode, customerId } = qimenCodesOf(target);
        if (!query.itemCodes.length) return [];
        const body = toXml('request', {
          criteriaList: { criteria: query.itemCodes.map((itemCode) => ({ warehouseCode, ownerCode, itemCode, inventoryType: query.inventoryType ?? 'ZP' })) },
        });
        const response = await client.call({ method: QIMEN_INVENTORY_METHOD, customerId, body }, signal);
        return children(child(response, 'items'), 'item').map((item) => {
          const quantity = Number(textOf(item, 'quantity') ?? NaN);
          const lockQuantity = Number(textOf(item, 'lockQuantity') ?? 0);
          const itemCode = textOf(item, 'itemCode');
          if (!itemCode || !Number.isInteger(quantity) || !Number.isInteger(lockQuantity)) throw new WarehouseConnectorError('SYSTEM_ERROR', 'an inventory.query answer with an item lacking its itemCode or a whole quantity');
          return { itemCode, itemId: textOf(item, 'itemId'), warehouseCode: textOf(item, 'warehouseCode'), inventoryType: textOf(item, 'inventoryType'), quantity, lockQuantity };
        });
      });
    },
  };
}
