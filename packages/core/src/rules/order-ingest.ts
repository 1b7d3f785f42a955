// Pure pieces of order ingest (spec 02 §3.5, §4.3): totals, the warehouse choice, the header
// labels, what a later version of a platform order changes on the ERP order, and the text a
// self-defined store signs.
import { addDecimals, formatDecimal, multiplyDecimals } from './decimal.js';

export interface TotalsLine {
  skuId: number | null;
  tbSkuId?: string | null;
  qty: number;
  price: string;
  /** The SKU's weight in kg (per piece), when known. */
  weight?: string | null;
  isGift?: boolean;
}

export interface OrderTotals {
  qtyTotal: number;
  /** Distinct goods on the order (a system SKU, else an online SKU). */
  skuTotal: number;
  /** The order amount: given by the platform, else the sum of the non-gift lines. */
  amountTotal: string;
  weightTotal: string;
}

export function orderTotals(lines: readonly TotalsLine[], givenAmount?: string | null): OrderTotals {
  let qty = 0;
  let amount = addDecimals(0, 0);
  let weight = addDecimals(0, 0);
  const goods = new Set<string>();
  for (const line of lines) {
    qty += line.qty;
    goods.add(line.skuId != null ? `s${line.skuId}` : `t${line.tbSkuId ?? ''}`);
    if (!line.isGift) amount = addDecimals(amount, multiplyDecimals(line.price, line.qty));
    if (line.weight) weight = addDecimals(weight, multiplyDecimals(line.weight, line.qty));
  }
  return {
    qtyTotal: qty,
    skuTotal: goods.size,
    amountTotal: formatDecimal(givenAmount != null && givenAmount !== '' ? givenAmount : amount, 4),
    weightTotal: formatDecimal(weight, 3),
  };
}

export interface IngestWarehouseOption {
  id: number;
  name: string;
}

export interface WarehouseChoice {
  warehouseId: number | null;
  warehouseName: string | null;
  /** BOUND: the store's binding; ONLY_WAREHOUSE: the domain's only usable warehouse; NONE. */
  reason: 'BOUND' | 'ONLY_WAREHOUSE' | 'NONE';
}

/**
 * The warehouse of a new order: the first usable warehouse bound to the store (lowest id), else
 * the domain's only usable warehouse, else none (WAREHOUSE_MATCH_FAIL).
 */
export function chooseWarehouse(bound: readonly IngestWarehouseOption[], usable: readonly IngestWarehouseOption[]): WarehouseChoice {
  const first = [...bound].sort((a, b) => a.id - b.id)[0];
  if (first) return { warehouseId: first.id, warehouseName: first.name, reason: 'BOUND' };
  if (usable.length === 1) return { warehouseId: usable[0]!.id, warehouseName: usable[0]!.name, reason: 'ONLY_WAREHOUSE' };
  return { warehouseId: null, warehouseName: null, reason: 'NONE' };
}

export interface LabelFacts {
  unmappedLine: boolean;
  warehouseId: number | null;
  expressCompanyCode: string | null;
  expressProhibited: boolean;
}

/** The exception labels a new order carries. */
export function ingestLabels(facts: LabelFacts): string[] {
  const labels: string[] = [];
  if (facts.unmappedLine) labels.push('ORDER_TBSKU_EXCEPTION');
  if (facts.warehouseId == null) labels.push('WAREHOUSE_MATCH_FAIL');
  if (!facts.expressCompanyCode) labels.push('EXPRESS_MATCH_FAIL');
  else if (facts.expressProhibited) labels.push('EXPRESS_PROHIBITED');
  return labels;
}

/** Platform statuses of an order the buyer or the marketplace closed. */
export const PLATFORM_CLOSED_STATUSES = ['TRADE_CLOSED', 'TRADE_CLOSED_BY_TAOBAO'] as const;
/** Platform statuses after which nothing is to be sent by the seller any more (first sight: no ERP order). */
export const PLATFORM_DONE_STATUSES = [...PLATFORM_CLOSED_STATUSES, 'TRADE_FINISHED'] as const;

export const isPlatformClosed = (status: string) => (PLATFORM_CLOSED_STATUSES as readonly string[]).includes(status);
export const isPlatformDone = (status: string) => (PLATFORM_DONE_STATUSES as readonly string[]).includes(status);

export interface ReceiverSnapshot {
  name: string;
  phone: string;
  province: string;
  city: string;
  district?: string | null;
  address: string;
}

export interface PlatformSnapshot {
  status: string;
  receiver: ReceiverSnapshot;
}

/** Why an ERP order not yet sent is held back: CANCELLED, REFUND, ADDRESS_CHANGED. */
export type InterceptReason = 'CANCELLED' | 'REFUND' | 'ADDRESS_CHANGED';

export interface PlatformChange {
  reason: InterceptReason;
  /** The receiver changed: the new one. */
  receiver: ReceiverSnapshot | null;
}

const sameReceiver = (a: ReceiverSnapshot, b: ReceiverSnapshot) =>
  a.name === b.name && a.phone === b.phone && a.province === b.province && a.city === b.city && (a.district ?? '') === (b.district ?? '') && a.address === b.address;

/**
 * What a later version of a platform order means for its ERP order: closed on the platform
 * (CANCELLED), or the receiver changed (ADDRESS_CHANGED); null when nothing that matters changed.
 */
export function platformChange(before: PlatformSnapshot, after: PlatformSnapshot): PlatformChange | null {
  if (isPlatformClosed(after.status) && !isPlatformClosed(before.status)) return { reason: 'CANCELLED', receiver: null };
  if (!sameReceiver(before.receiver, after.receiver)) return { reason: 'ADDRESS_CHANGED', receiver: after.receiver };
  return null;
}

/** The text a self-defined store signs with HMAC-SHA256 under its secret (hex digest in X-Signature). */
export function ingestSigningText(timestamp: string, nonce: string, rawBody: string): string {
  return `${timestamp}\n${nonce}\n${rawBody}`;
}

/** How long a signed request stays acceptable. */
export const INGEST_SIGNATURE_MAX_AGE_MS = 5 * 60_000;

/** The pause before the next attempt after `failures` consecutive failed pulls: 5, 10, 20 … minutes, at most 2 hours. */
export function pullBackoffMs(failures: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, failures - 1), 2 * 3_600_000);
}
