// Platform orders (a connector's PlatformOrder, a self-defined store's posted order) as pipeline drafts.
import { parseDateTimeText, PlatformOrderInput, type OrderSource } from '@openseller/core';
import type { PlatformOrder } from '../../../connectors/marketplace/connector.js';
import { NO_DEADLINES, type OrderDraft } from './pipeline.js';

const dateOf = (v: Date | string | null | undefined): Date | null => {
  if (v == null || v === '') return null;
  const d = v instanceof Date ? v : parseDateTimeText(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A pulled order; an order the connector hands over malformed is kept as an ingest error. */
export function draftFromConnector(order: PlatformOrder, source: OrderSource = 'PLATFORM'): OrderDraft {
  const payload = JSON.parse(JSON.stringify(order)) as Record<string, unknown>;
  const parsed = PlatformOrderInput.safeParse(payload);
  const invalid = parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.') || 'order'}: ${i.message}`).join('; ');
  const r = order.receiver ?? { name: '', phone: '', province: '', city: '', district: '', address: '' };
  return {
    platformNo: String(order.platformNo),
    platformStatus: order.status || 'UNKNOWN',
    source,
    buyerNick: order.buyerNick || null,
    receiver: { name: r.name, phone: r.phone, province: r.province, city: r.city, district: r.district || null, address: r.address },
    amount: order.amount ?? null,
    postFee: order.postFee ?? '0',
    payTime: dateOf(order.payTime),
    platformUpdatedAt: dateOf(order.updatedAt),
    deadlines: {
      lastShipTime: dateOf(order.lastShipTime),
      promisedDeliveryTime: dateOf(order.promiseTimes?.promisedDeliveryTime),
      promiseSignTime: dateOf(order.promiseTimes?.promiseSignTime),
      promiseOutboundTime: dateOf(order.promiseTimes?.promiseOutboundTime),
      promiseDeliveryTime: dateOf(order.promiseTimes?.promiseDeliveryTime),
    },
    riskControlled: order.riskControlled === true,
    buyerMessage: null,
    sellerRemark: null,
    lines: (order.lines ?? []).map((l) => ({
      tbSpuId: l.tbSpuId || null,
      tbSkuId: l.tbSkuId || null,
      outerSkuId: l.outerSkuId || null,
      title: l.title || null,
      properties: l.properties || null,
      qty: l.qty,
      price: l.price,
    })),
    payload,
    invalid,
  };
}

/** An order a self-defined store posted (already validated). */
export function draftFromInput(order: PlatformOrderInput, source: OrderSource): OrderDraft {
  const r = order.receiver;
  return {
    platformNo: order.platformNo,
    platformStatus: order.status,
    source,
    buyerNick: order.buyerNick ?? null,
    receiver: { name: r.name, phone: r.phone, province: r.province, city: r.city, district: r.district ?? null, address: r.address },
    amount: order.amount ?? null,
    postFee: order.postFee,
    payTime: dateOf(order.payTime),
    platformUpdatedAt: dateOf(order.updatedAt),
    deadlines: { ...NO_DEADLINES, lastShipTime: dateOf(order.lastShipTime) },
    riskControlled: false,
    buyerMessage: order.buyerMessage ?? null,
    sellerRemark: order.sellerRemark ?? null,
    lines: order.lines.map((l) => ({
      tbSpuId: l.tbSpuId ?? null,
      tbSkuId: l.tbSkuId,
      outerSkuId: l.outerSkuId ?? null,
      title: l.title,
      properties: l.properties ?? null,
      qty: l.qty,
      price: l.price,
    })),
    payload: order,
  };
}
