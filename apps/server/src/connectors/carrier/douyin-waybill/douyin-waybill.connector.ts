// Douyin electronic waybills (print code dy) through the Douyin shop gateway:
// logistics.newCreateOrder takes waybill numbers with their routing (sort code, package centre,
// short address), logistics.waybillApply gives each number's cloud-print data (print_data and its
// sign, what the Douyin print component needs), logistics.cancelOrder gives a number back. Calls
// are signed as every Douyin call (douyin.sign.ts) with the access token of the seller's
// authorised Douyin store the waybill account names (its `shop` field: the store's name or Douyin
// shop id); the company is the Douyin company code of the account's express company. The request
// and answer fields are [S] (CONNECTORS.md §4, a third-party OMS) and partly [U]; README.md says which.
// A Douyin order whose receiver is still the one Douyin gave (masked) goes under its Douyin order
// id with Douyin's ciphertexts as the receiver (newCreateOrder takes them for the shop's own
// orders: the label then prints the real receiver without it ever being decrypted here); any other
// parcel goes under our order code with the receiver as it stands. Tracking is not offered here.
import type { AppCredentialsLookup, PlatformAppCredentials } from '../../app-credentials.js';
import { ConnectorError } from '../../marketplace/connector.js';
import { callDoudian, defaultDoudianDeps, DoudianBusinessError, PLATFORM_DOUYIN_CODE, type DoudianDeps } from '../../marketplace/douyin/douyin.client.js';
import { douyinCompanyOf, type DouyinReceiverRef } from '../../marketplace/douyin/douyin.mapping.js';
import { CarrierConnectorError, type CarrierAccount, type CarrierConnector, type CarrierParcel, type CarrierRouting, type WaybillOutcome } from '../types.js';

export const DOUYIN_WAYBILL_SYSTEM = 'DOUYIN_WAYBILL';
/** Parcels per newCreateOrder call ([U]: Douyin's limit is not in the published material; kept small). */
const PER_CALL = 20;
const DEFAULT_TIMEOUT_MS = 15_000;

/** The store whose token the waybill calls use. */
export interface DouyinWaybillShop {
  accessToken: string;
  shopId: string;
}

/** A Douyin order's receiver as ingested: what Douyin showed (masked) and its ciphertexts (the order's receiverRef). */
export interface DouyinOrderReceiver {
  masked: { name: string; phone: string; address: string };
  encrypted: DouyinReceiverRef;
}

export interface DouyinWaybillDeps {
  credentials: AppCredentialsLookup;
  /** The authorised Douyin store of the domain the account's `shop` field names, or a reason why there is none. */
  shopOf(domainId: number, shop: string): Promise<DouyinWaybillShop | string>;
  /** The sender address when a parcel comes without a complete one: the domain's warehouse of the sender's name. */
  senderOf?(domainId: number, name: string): Promise<CarrierParcel['sender'] | null>;
  /** The domain's Douyin order of that number as ingested (null: none, or it carries no ciphertexts). */
  douyinReceiverOf?(domainId: number, platformNo: string): Promise<DouyinOrderReceiver | null>;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
  sleep?: DoudianDeps['sleep'];
  retryBaseMs?: number;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
const incomplete = (a: CarrierParcel['sender']) => !text(a.name) || !text(a.province) || !text(a.city) || !text(a.district) || !text(a.address);
/** Douyin's address shape (country_code CHN [S]). */
const addressOf = (a: CarrierParcel['sender']) => ({ country_code: 'CHN', province_name: text(a.province), city_name: text(a.city), district_name: text(a.district), detail_address: text(a.address) });
const contactOf = (a: CarrierParcel['sender']) => ({ name: text(a.name), mobile: text(a.phone) });

/**
 * How a parcel goes to newCreateOrder: a Douyin order (platform DY) whose receiver still reads as
 * Douyin gave it goes under its Douyin order id with the ciphertexts (street in clear, as Douyin
 * keeps it); a receiver changed in the ERP since, or any other order, goes as it stands under our code.
 */
async function orderInfoOf(deps: DouyinWaybillDeps, domainId: number, p: CarrierParcel): Promise<{ orderId: string; receiver: Record<string, unknown> }> {
  const plain = { orderId: p.orderCode, receiver: { address: addressOf(p.receiver), contact: contactOf(p.receiver) } };
  const platformNo = p.platformCode === PLATFORM_DOUYIN_CODE && p.platformNos?.length === 1 ? p.platformNos[0]! : null;
  if (!platformNo || !deps.douyinReceiverOf) return plain;
  const order = await deps.douyinReceiverOf(domainId, platformNo);
  if (!order || !order.encrypted.name || !order.encrypted.phone || !order.encrypted.address) return plain;
  const unchanged = text(p.receiver.name) === text(order.masked.name) && text(p.receiver.phone) === text(order.masked.phone) && text(p.receiver.address) === text(order.masked.address);
  if (!unchanged) return plain;
  return {
    orderId: platformNo,
    receiver: {
      address: { ...addressOf(p.receiver), ...(order.encrypted.street ? { street_name: order.encrypted.street } : {}), detail_address: order.encrypted.address },
      contact: { name: order.encrypted.name, mobile: order.encrypted.phone },
    },
  };
}

export function createDouyinWaybillConnector(deps: DouyinWaybillDeps): CarrierConnector {
  const client = defaultDoudianDeps({ fetchImpl: deps.fetchImpl, now: deps.now, sleep: deps.sleep, retryBaseMs: deps.retryBaseMs });
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** A connector failure as the carrier interface's. */
  function carrierError(error: unknown): Error {
    if (error instanceof CarrierConnectorError) return error;
    if (error instanceof ConnectorError) return new CarrierConnectorError(error.kind === 'TIMEOUT' ? 'TIMEOUT' : 'FAILED', `Douyin: ${error.detail}`);
    if (error instanceof DoudianBusinessError) return new CarrierConnectorError('FAILED', error.message);
    return error as Error;
  }

  async function context(account: CarrierAccount) {
    const credentials: PlatformAppCredentials | null = await deps.credentials(PLATFORM_DOUYIN_CODE);
    if (!credentials) throw new CarrierConnectorError('NOT_IN_BUILD', 'no app credentials for Douyin in this installation: Douyin waybills cannot be taken');
    const shopName = text(account.fields.shop);
    if (!shopName) throw new CarrierConnectorError('FAILED', 'the waybill account names no Douyin store (field shop)');
    const shop = await deps.shopOf(account.domainId, shopName);
    if (typeof shop === 'string') throw new CarrierConnectorError('FAILED', shop);
    const logisticsCode = douyinCompanyOf(account.expressCompanyCode);
    if (!logisticsCode) throw new CarrierConnectorError('FAILED', `Douyin has no waybill company code for ${account.expressCompanyCode} in this connector`);
    return { credentials, shop, logisticsCode };
  }

  /** One gateway call under its own deadline. */
  async function call(credentials: PlatformAppCredentials, accessToken: string, method: string, params: Record<string, unknown>) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await callDoudian(credentials, client, { method, accessToken, params }, controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    system: DOUYIN_WAYBILL_SYSTEM,

    async takeWaybillNumbers(account, given): Promise<WaybillOutcome[]> {
      const outcomes = new Map<string, WaybillOutcome>();
      const senders = new Map<string, CarrierParcel['sender'] | null>();
      const parcels: CarrierParcel[] = [];
      for (const p of given) {
        const name = text(p.sender.name);
        if (incomplete(p.sender) && name && deps.senderOf) {
          if (!senders.has(name)) senders.set(name, await deps.senderOf(account.domainId, name));
          parcels.push({ ...p, sender: senders.get(name) ?? p.sender });
        } else parcels.push(p);
      }
      const ready = parcels.filter((p) => {
        if (incomplete(p.receiver)) outcomes.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason: 'receiver name or address incomplete (Douyin needs province, city, district and address)' });
        else if (incomplete(p.sender)) outcomes.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason: "sender name or address incomplete (the warehouse's address is the sender)" });
        else return true;
        return false;
      });
      if (ready.length) {
        try {
          const { credentials, shop, logisticsCode } = await context(account);
          // One call per sender (the request has one) and per PER_CALL parcels.
          const bySender = new Map<string, CarrierParcel[]>();
          for (const p of ready) bySender.set(JSON.stringify(p.sender), [...(bySender.get(JSON.stringify(p.sender)) ?? []), p]);
          for (const group of bySender.values()) {
            for (let i = 0; i < group.length; i += PER_CALL) {
              const chunk = group.slice(i, i + PER_CALL);
              const sender = chunk[0]!.sender;
              const sent = new Map<CarrierParcel, { orderId: string; receiver: Record<string, unknown> }>();
              for (const p of chunk) {
                const info = await orderInfoOf(deps, account.domainId, p);
                // Two parcels of one Douyin order (a split order) in a call: the second goes under our code, so each answer is matched to its parcel.
                const taken = [...sent.values()].some((x) => x.orderId === info.orderId);
                sent.set(p, taken ? { orderId: p.orderCode, receiver: { address: addressOf(p.receiver), contact: contactOf(p.receiver) } } : info);
              }
              let created: Record<string, unknown>;
              try {
                created = await call(credentials, shop.accessToken, 'logistics.newCreateOrder', {
                  sender_info: { address: addressOf(sender), contact: contactOf(sender) },
                  logistics_code: logisticsCode,
                  order_infos: chunk.map((p) => ({
                    order_id: sent.get(p)!.orderId,
                    receiver_info: sent.get(p)!.receiver,
                    items: [{ item_name: p.orderCode, item_count: 1 }],
                    weight: Math.round(Number(p.weight || '0') * 1000),
                    ...(p.packages > 1 ? { total_pack_count: p.packages } : {}),
                  })),
                });
              } catch (error) {
                // Douyin refused these parcels (not the call as such): each says why.
                if (!(error instanceof DoudianBusinessError)) throw error;
                for (const p of chunk) outcomes.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason: error.message });
                continue;
              }
              const infos = Array.isArray(created.ebill_infos) ? (created.ebill_infos as Record<string, unknown>[]) : null;
              if (!infos) throw new CarrierConnectorError('FAILED', 'Douyin answered logistics.newCreateOrder without ebill_infos');
              const errors = Array.isArray(created.err_infos) ? (created.err_infos as Record<string, unknown>[]) : [];
              const numbered = chunk.flatMap((p) => {
                const orderId = sent.get(p)!.orderId;
                const info = infos.find((x) => text(x.order_id) === orderId && text(x.track_no));
                if (!info) {
                  const why = errors.find((x) => text(x.order_id) === orderId);
                  outcomes.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason: why ? `Douyin refused the waybill: ${text(why.err_code)} ${text(why.err_msg)}`.trim() : 'Douyin gave no waybill number for the parcel' });
                  return [];
                }
                return [{ parcel: p, info }];
              });
              if (!numbered.length) continue;
              // The cloud-print data of the new numbers.
              const printed = await call(credentials, shop.accessToken, 'logistics.waybillApply', {
                waybill_applies: numbered.map((n) => ({ logistics_code: logisticsCode, track_no: text(n.info.track_no) })),
              });
              const prints = Array.isArray(printed.waybill_infos) ? (printed.waybill_infos as Record<string, unknown>[]) : [];
              for (const { parcel, info } of numbered) {
                const trackNo = text(info.track_no);
                const print = prints.find((x) => text(x.track_no) === trackNo);
                const routing: CarrierRouting = { sortCode: text(info.sort_code), bag: text(info.package_center_name), branch: text(info.short_address_name) };
                outcomes.set(parcel.orderCode, {
                  orderCode: parcel.orderCode,
                  ok: true,
                  expressNo: trackNo,
                  routing,
                  printData: {
                    printCode: 'dy',
                    logisticsCode,
                    trackNo,
                    // Douyin's encrypted print data and its sign, for the Douyin print component; null when Douyin gave none.
                    printData: print ? text(print.print_data) : null,
                    sign: print ? text(print.sign) : null,
                    packageCenterCode: text(info.package_center_code) || null,
                    shortAddressCode: text(info.short_address_code) || null,
                  },
                });
              }
            }
          }
        } catch (error) {
          throw carrierError(error);
        }
      }
      return parcels.map((p) => outcomes.get(p.orderCode) ?? { orderCode: p.orderCode, ok: false, reason: 'no answer for the parcel' });
    },

    async cancelWaybillNumber(account, expressNo) {
      try {
        const { credentials, shop, logisticsCode } = await context(account);
        const answer = await call(credentials, shop.accessToken, 'logistics.cancelOrder', { logistics_code: logisticsCode, track_no: expressNo });
        const result = answer.cancel_result as Record<string, unknown> | undefined;
        if (result && result.success === false) throw new CarrierConnectorError('FAILED', `Douyin did not cancel waybill ${expressNo}`);
      } catch (error) {
        throw carrierError(error);
      }
    },

    async queryTracking() {
      throw new CarrierConnectorError('NOT_IN_BUILD', 'tracking through Douyin waybills is not part of this build');
    },
  };
}
