// The order model shared by every part of the orders area: order numbers, the rows the calls
// answer (masked as spec 02 §3.5 says), and the operation log of an order.
import { bigintArray } from '../../platform/sql.js';
import type { Language, OrderFailure, OrderLineRow, OrderLogAction, OrderRow } from '@openseller/core';
import { findPlatform, maskPhone, maskText, ORDER_LOG_ENTITY_KIND, OrderErrors, orderStatusRemedy } from '@openseller/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { erpOrders, type ErpOrder } from '../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../platform/errors.js';
import { serverMessage } from '../../platform/messages.js';
import { writeOperationLog, type OperationActor } from '../../platform/operation-log.js';
import { isoTime as iso } from '../../platform/time.js';

export const ORDERS_AREA = 'orders';
/** The stock document type of an order's allocation and shipment (ledger rows). */
export const ORDER_DOC_TYPE = 'ORDER';

/**
 * The refusal of `action` on an order whose status is not one of `allowed`, with the remedy when
 * there is one (`remedy`: cancel its review first, review it first, …; core orderStatusRemedy).
 */
export function orderStatusRefusal(o: Pick<ErpOrder, 'code' | 'statusCode'>, action: string, allowed: readonly string[]): AppError {
  const remedy = orderStatusRemedy(action, o.statusCode, allowed);
  return new AppError(OrderErrors.STATUS, 409, { code: o.code, status: o.statusCode, action, ...(remedy ? { remedy } : {}) });
}

/** The answer for one refused order of a batch. */
export function failureOf(id: number, code: string | null, error: AppError, language: Language): OrderFailure {
  const params = error.params as Record<string, string | number>;
  return { id, code, errorCode: error.code, params, message: serverMessage(error.code, params, language) };
}

/**
 * The first step of a batch command: locks the orders of ids in the domain (`for update`, in id
 * order, so two batches over the same orders queue rather than deadlock) and gives each refused id
 * its reason: not found (another domain's id too), a version other than the one the caller saw,
 * or the command's own `refuse`.
 */
export async function lockOrderBatch(
  tx: Tx,
  domainId: number,
  ids: readonly number[],
  versions: ReadonlyMap<number, number>,
  refuse: (o: ErpOrder) => AppError | null,
): Promise<{ locked: ErpOrder[]; byId: Map<number, ErpOrder>; refusals: Map<number, AppError> }> {
  const locked = await tx
    .select()
    .from(erpOrders)
    .where(and(eq(erpOrders.domainId, domainId), sql`${erpOrders.id} = any(${bigintArray(ids)})`))
    .orderBy(erpOrders.id)
    .for('update');
  const byId = new Map(locked.map((o) => [o.id, o]));
  const refusals = new Map<number, AppError>();
  for (const id of ids) {
    const o = byId.get(id);
    const version = versions.get(id);
    const refusal = !o ? notFound('order') : version !== undefined && o.version !== version ? versionConflict('order') : refuse(o);
    if (refusal) refusals.set(id, refusal);
  }
  return { locked, byId, refusals };
}

/**
 * n new order numbers: yyMMddHHmmss (server time) and the last 5 digits of a sequence, so two
 * numbers made in the same second differ (spec 02 §9: a timestamp plus a counter).
 */
export async function nextOrderCodes(tx: Tx, n: number, now: Date = new Date()): Promise<string[]> {
  if (n <= 0) return [];
  const result = await tx.execute<{ v: number }>(sql`select nextval('erp_order_code_seq')::bigint as v from generate_series(1, ${n})`);
  const p = (x: number, w = 2) => String(x).padStart(w, '0');
  const stamp = `${p(now.getFullYear() % 100)}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return result.rows.map((r) => `${stamp}${p(Number(r.v) % 100000, 5)}`);
}

export interface OrderRowOptions {
  /** Answer receiver name, phone and address unmasked (a decrypt the caller is allowed). */
  reveal?: boolean;
}

interface HeaderRecord extends Record<string, unknown> {
  id: number;
}


// The columns OrderRow and OrderLineRow are built from (not `o.*` / `l.*`: less to read, send and parse).
const HEADER_COLUMNS = sql.raw(
  [
    'id', 'code', 'version', 'order_type', 'status_code', 'so_extend_status', 'source', 'store_id', 'platform_code', 'platform_nos',
    'buyer_nick', 'receiver_name', 'receiver_phone', 'receiver_province', 'receiver_city', 'receiver_district', 'receiver_address',
    'address_exception', 'warehouse_id', 'express_company_code', 'express_no', 'risk_control_status', 'have_refund', 'intercepted',
    'intercept_reason', 'locked', 'pre_sale', 'stock_out', 'merge_level', 'split_level', 'seller_flag', 'seller_remark',
    'buyer_message', 'amount_total', 'post_fee', 'qty_total', 'sku_total', 'weight_total', 'labels', 'pay_time', 'last_ship_time',
    'verified_at', 'express_print_time', 'created_at', 'original_platform_code', 'receiver_tel', 'cod_type', 'have_invoice',
    'trading_time', 'send_print_time', 'delivery_time', 'auto_verify_hold',
    'promised_delivery_time', 'promise_sign_time', 'promise_outbound_time', 'promise_delivery_time',
  ]
    .map((c) => `o.${c}`)
    .join(', '),
);
const LINE_COLUMNS = sql.raw(
  [
    'id', 'order_id', 'line_seq', 'sku_id', 'sku_code', 'sku_name', 'sku_specifications', 'qty', 'price', 'amount', 'sku_weight',
    'is_gift', 'is_combination', 'labels', 'cancel_tag', 'stock_out', 'platform_no', 'tb_sku_id', 'outer_sku_id', 'title', 'properties',
  ]
    .map((c) => `l.${c}`)
    .join(', '),
);

/** The two statements of loadOrderRows (exported so the bench sends the very same SQL). */
export function orderRowsQueries(domainId: number, ids: number[]): { headers: SQL; lines: SQL } {
  const idArray = bigintArray(ids);
  return {
    headers: sql`
    select ${HEADER_COLUMNS}, s.name as store_name, w.name as warehouse_name,
      (select json_agg(json_build_object('liveName', ls.live_name, 'anchormanName', la.name) order by ls.start_time, ls.id)
       from live_sessions ls left join live_anchors la on la.domain_id = ls.domain_id and la.id = ls.anchor_id
       where ls.domain_id = o.domain_id and ls.store_id = o.store_id and ls.enabled and o.pay_time >= ls.start_time and o.pay_time < ls.end_time) as live_list
    from erp_orders o
    left join stores s on s.id = o.store_id and s.domain_id = o.domain_id
    left join warehouses w on w.id = o.warehouse_id and w.domain_id = o.domain_id
    where o.domain_id = ${domainId} and o.id = any(${idArray})`,
    // The SKU and goods of each line by their keys, line by line (`offset 0` keeps the subquery
    // apart): joined as tables, the planner hashed every SKU of the domain for a page of 100
    // orders (~10 ms at 50,000 SKUs; bench/RESULTS.md, orders run 6).
    lines: sql`
    select ${LINE_COLUMNS}, x.pic_url, x.sku_color, x.sku_size, x.spu_name, x.spu_short_name, x.spu_code
    from erp_order_lines l
    left join lateral (
      select k.pic_url, k.color as sku_color, k.size as sku_size, p.name as spu_name, p.short_name as spu_short_name, p.code as spu_code
      from skus k left join spus p on p.domain_id = k.domain_id and p.id = k.spu_id
      where k.domain_id = l.domain_id and k.id = l.sku_id
      offset 0
    ) x on true
    where l.domain_id = ${domainId} and l.order_id = any(${idArray})
    order by l.order_id, l.line_seq, l.id`,
  };
}

/**
 * The orders of ids in the domain as OrderRow, lines included, in the order of ids. Ids of
 * another domain are simply not found.
 */
export async function loadOrderRows(tx: Tx, domainId: number, ids: number[], options: OrderRowOptions = {}): Promise<OrderRow[]> {
  if (!ids.length) return [];
  const q = orderRowsQueries(domainId, ids);
  // Both at once: two connections when tx is the pool; in a transaction they queue on its connection.
  const [headers, lines] = await Promise.all([tx.execute<HeaderRecord>(q.headers), tx.execute<Record<string, unknown>>(q.lines)]);
  const linesByOrder = new Map<number, OrderLineRow[]>();
  for (const l of lines.rows) {
    const orderId = Number(l.order_id);
    const list = linesByOrder.get(orderId);
    if (list) list.push(toLineRow(l));
    else linesByOrder.set(orderId, [toLineRow(l)]);
  }
  const byId = new Map<number, OrderRow>();
  for (const h of headers.rows) byId.set(Number(h.id), toOrderRow(h, linesByOrder.get(Number(h.id)) ?? [], options));
  return ids.map((id) => byId.get(id)).filter((r): r is OrderRow => !!r);
}

function toLineRow(l: Record<string, unknown>): OrderLineRow {
  return {
    id: Number(l.id),
    lineSeq: Number(l.line_seq),
    skuId: l.sku_id == null ? null : Number(l.sku_id),
    skuCode: (l.sku_code as string | null) ?? null,
    skuName: (l.sku_name as string | null) ?? null,
    skuSpecifications: (l.sku_specifications as string | null) ?? null,
    picUrl: (l.pic_url as string | null) ?? null,
    qty: Number(l.qty),
    price: String(l.price),
    amount: String(l.amount),
    skuWeight: l.sku_weight == null ? null : String(l.sku_weight),
    isGift: Boolean(l.is_gift),
    isCombination: Boolean(l.is_combination),
    labels: (l.labels as string[] | null) ?? [],
    cancelTag: Number(l.cancel_tag ?? 0),
    stockOut: Boolean(l.stock_out),
    platformNo: (l.platform_no as string | null) ?? null,
    tbSkuId: (l.tb_sku_id as string | null) ?? null,
    outerSkuId: (l.outer_sku_id as string | null) ?? null,
    title: (l.title as string | null) ?? null,
    properties: (l.properties as string | null) ?? null,
    skuColor: (l.sku_color as string | null) ?? null,
    skuSize: (l.sku_size as string | null) ?? null,
    statusCode: null,
    comId: l.is_combination && l.sku_id != null ? Number(l.sku_id) : null,
    comSkuDesc: null,
    skus: null,
    combinationNum: null,
    imei1: null,
    imei2: null,
    name: (l.spu_name as string | null) ?? null,
    shortName: (l.spu_short_name as string | null) ?? null,
    skuShortName: null,
    code: (l.spu_code as string | null) ?? null,
  };
}

function toOrderRow(h: Record<string, unknown>, lines: OrderLineRow[], options: OrderRowOptions): OrderRow {
  const text = (k: string) => (h[k] as string | null) ?? null;
  const reveal = options.reveal === true;
  const platformNos = (h.platform_nos as string[] | null) ?? [];
  const labels = (h.labels as string[] | null) ?? [];
  const receiverPhone = reveal ? text('receiver_phone') : maskPhone(text('receiver_phone')) || null;
  return {
    id: Number(h.id),
    code: String(h.code),
    version: Number(h.version),
    orderType: String(h.order_type),
    statusCode: h.status_code as OrderRow['statusCode'],
    soExtendStatus: text('so_extend_status'),
    source: h.source as OrderRow['source'],
    storeId: Number(h.store_id),
    storeName: text('store_name'),
    platformCode: String(h.platform_code),
    platformNos,
    buyerNick: text('buyer_nick'),
    receiverName: reveal ? text('receiver_name') : maskText(text('receiver_name')) || null,
    receiverPhone,
    receiverProvince: text('receiver_province'),
    receiverCity: text('receiver_city'),
    receiverDistrict: text('receiver_district'),
    receiverAddress: reveal ? text('receiver_address') : maskText(text('receiver_address')) || null,
    addressException: Boolean(h.address_exception),
    warehouseId: h.warehouse_id == null ? null : Number(h.warehouse_id),
    warehouseName: text('warehouse_name'),
    expressCompanyCode: text('express_company_code'),
    expressNo: text('express_no'),
    riskControlStatus: String(h.risk_control_status),
    haveRefund: Boolean(h.have_refund),
    intercepted: Boolean(h.intercepted),
    interceptReason: text('intercept_reason'),
    locked: Boolean(h.locked),
    preSale: Boolean(h.pre_sale),
    stockOut: Boolean(h.stock_out),
    mergeLevel: Number(h.merge_level),
    splitLevel: Number(h.split_level),
    sellerFlag: Number(h.seller_flag),
    sellerRemark: text('seller_remark'),
    buyerMessage: text('buyer_message'),
    amountTotal: String(h.amount_total),
    postFee: String(h.post_fee),
    qtyTotal: Number(h.qty_total),
    skuTotal: Number(h.sku_total),
    weightTotal: String(h.weight_total),
    labels,
    payTime: iso(h.pay_time),
    lastShipTime: iso(h.last_ship_time),
    verifiedAt: iso(h.verified_at),
    expressPrintTime: iso(h.express_print_time),
    createdAt: iso(h.created_at)!,
    platformNo: `[${platformNos.join(',')}]`,
    originalPlatformCode: text('original_platform_code'),
    platformName: findPlatform(String(h.platform_code))?.nameZh ?? null,
    isSopShipment: null,
    codType: text('cod_type'),
    haveInvoice: Boolean(h.have_invoice),
    // The store's live sessions on air when the order was paid (live/README.md).
    erpSoLiveList: (h.live_list as { liveName: string | null; anchormanName: string | null }[] | null) ?? [],
    cnService: null,
    reviewPoint: null,
    tradingTime: iso(h.trading_time),
    sendPrintTime: iso(h.send_print_time),
    batchNo: null,
    esTimeName: null,
    deliveryTime: iso(h.delivery_time),
    pushTime: null,
    signTime: null,
    promisedDeliveryTime: iso(h.promised_delivery_time),
    promiseSignTime: iso(h.promise_sign_time),
    promiseOutboundTime: iso(h.promise_outbound_time),
    promiseDeliveryTime: iso(h.promise_delivery_time),
    tmallDelivery: null,
    wareHouseMatch: !labels.includes('WAREHOUSE_MATCH_FAIL'),
    expressMatch: !labels.includes('EXPRESS_MATCH_FAIL'),
    distributorTbCode: null,
    erpSoHeaderLabelVos: labels.map((labelType) => ({ labelType, labelValue: null })),
    encryptReceiverPhone: receiverPhone,
    encryptReceiverTel: reveal ? text('receiver_tel') : maskPhone(text('receiver_tel')) || null,
    receiverEnPhone: null,
    receiverEnTel: null,
    autoVerifyHold: text('auto_verify_hold'),
    lines,
  };
}

/** The operation log of one order change (readable on the order and in the logs area). */
export async function writeOrderLog(tx: Tx, actor: OperationActor, orderId: number, action: OrderLogAction, before?: unknown, after?: unknown): Promise<void> {
  await writeOperationLog(tx, actor, { area: ORDERS_AREA, entityType: ORDER_LOG_ENTITY_KIND, entityId: orderId, action, before, after });
}
