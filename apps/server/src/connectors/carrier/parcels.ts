// What platform waybill connectors (Pinduoduo, Cainiao) share about parcels: a parcel named after
// its warehouse gets the warehouse's address as sender, and a parcel without a complete receiver
// or sender is refused before the platform is asked.
import type { CarrierParcel, WaybillOutcome } from './types.js';

export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

export const addressIncomplete = (a: CarrierParcel['sender']) => !text(a.name) || !text(a.province) || !text(a.city) || !text(a.district) || !text(a.address);

/** Looks up the sender of a parcel that comes with only a name (its warehouse's), at most once per name. */
export type SenderLookup = (domainId: number, name: string) => Promise<CarrierParcel['sender'] | null>;

/**
 * The parcels with their senders filled in, and the refusals of those the platform cannot take
 * (keyed by order code). `platform` names the platform in the reasons.
 */
export async function prepareParcels(domainId: number, given: CarrierParcel[], platform: string, senderOf?: SenderLookup) {
  const senders = new Map<string, CarrierParcel['sender'] | null>();
  const parcels: CarrierParcel[] = [];
  for (const p of given) {
    const name = text(p.sender.name);
    if (addressIncomplete(p.sender) && name && senderOf) {
      if (!senders.has(name)) senders.set(name, await senderOf(domainId, name));
      parcels.push({ ...p, sender: senders.get(name) ?? p.sender });
    } else parcels.push(p);
  }
  const refused = new Map<string, WaybillOutcome>();
  const ready = parcels.filter((p) => {
    if (addressIncomplete(p.receiver)) refused.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason: `receiver name or address incomplete (${platform} needs province, city, district and address)` });
    else if (addressIncomplete(p.sender)) refused.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason: "sender name or address incomplete (the warehouse's address is the sender)" });
    else return true;
    return false;
  });
  return { parcels, ready, refused };
}

/** Parcels grouped by sender (a waybill request has one sender), each group cut in chunks of `size`. */
export function chunksBySender(parcels: CarrierParcel[], size: number): CarrierParcel[][] {
  const bySender = new Map<string, CarrierParcel[]>();
  for (const p of parcels) {
    const key = JSON.stringify(p.sender);
    bySender.set(key, [...(bySender.get(key) ?? []), p]);
  }
  const chunks: CarrierParcel[][] = [];
  for (const group of bySender.values()) for (let i = 0; i < group.length; i += size) chunks.push(group.slice(i, i + size));
  return chunks;
}
