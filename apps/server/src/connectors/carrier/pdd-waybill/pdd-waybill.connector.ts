// Pinduoduo electronic waybills (print code pdd) through the POP gateway: pdd.waybill.get takes
// up to 10 waybill numbers per call with the cloud-print data the labels need, pdd.waybill.cancel
// gives one back. The call is made with the access token of the seller's authorised Pinduoduo
// store that the waybill account names (its `shop` field: the store's name or PDD shop id), the
// company code (wp_code) read from PDD's company list and a standard template from
// pdd.cloudprint.stdtemplates.get. Tracking is not offered through this connector.
import { EXPRESS_COMPANIES } from '@openseller/core';
import type { AppCredentialsLookup } from '../../app-credentials.js';
import { ConnectorError } from '../../marketplace/connector.js';
import { createPddClient, isRefusal, type PddClient } from '../../marketplace/pdd/pdd.client.js';
import { pddCompanyOf, type PddLogisticsCompany } from '../../marketplace/pdd/pdd.mapping.js';
import { PDD_PLATFORM_CODE } from '../../marketplace/pdd/pdd.connector.js';
import { chunksBySender, prepareParcels, text, type SenderLookup } from '../parcels.js';
import { CarrierConnectorError, type CarrierAccount, type CarrierConnector, type CarrierParcel, type CarrierRouting, type WaybillOutcome } from '../types.js';

export const PDD_WAYBILL_SYSTEM = 'PDD_WAYBILL';
/** trade_order_info_dtos: at most 10 per call [C]. */
const PER_CALL = 10;
const CACHE_TTL_MS = 3_600_000;

/** The store whose token the waybill calls use: its access token and its PDD shop id (user_id). */
export interface PddWaybillShop {
  accessToken: string;
  shopId: string;
}

export interface PddWaybillDeps {
  credentials: AppCredentialsLookup;
  /** The authorised Pinduoduo store of the domain the account's `shop` field names, or a reason why there is none. */
  shopOf(domainId: number, shop: string): Promise<PddWaybillShop | string>;
  /**
   * The sender address when a parcel comes without one: the domain's warehouse of the sender's
   * name (the waybills area names the parcel's sender by its warehouse). Null when none.
   */
  senderOf?: SenderLookup;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}


/** Routing read from plain print data [U: PDD's print data layout is not published; Cainiao's routing names are tried]. */
export function routingOf(printData: string): CarrierRouting {
  try {
    const parsed = JSON.parse(printData) as { data?: { routingInfo?: Record<string, unknown> } };
    const r = parsed.data?.routingInfo ?? {};
    return { sortCode: text(r.threeSegmentCode ?? r.bigShotName), bag: text(r.packageCenterName), branch: text(r.endBranchName) };
  } catch {
    return { sortCode: '', bag: '', branch: '' };
  }
}

export function createPddWaybillConnector(deps: PddWaybillDeps): CarrierConnector {
  const now = deps.now ?? (() => new Date());
  let cached: { key: string; client: PddClient } | null = null;
  let companies: { at: number; list: PddLogisticsCompany[] } | null = null;
  const templates = new Map<string, { at: number; url: string }>();

  async function clientOf(): Promise<PddClient> {
    const credentials = await deps.credentials(PDD_PLATFORM_CODE);
    if (!credentials) throw new CarrierConnectorError('NOT_IN_BUILD', 'no app credentials for Pinduoduo in this installation: Pinduoduo waybills cannot be taken');
    const key = `${credentials.appKey}\n${credentials.appSecret}\n${credentials.gatewayUrl ?? ''}`;
    if (cached?.key !== key) {
      cached = { key, client: createPddClient({ clientId: credentials.appKey, clientSecret: credentials.appSecret, gatewayUrl: credentials.gatewayUrl, now, ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}) }) };
    }
    return cached.client;
  }

  /** A connector failure as the carrier interface's. */
  function carrierError(error: unknown): Error {
    if (error instanceof CarrierConnectorError) return error;
    if (error instanceof ConnectorError) return new CarrierConnectorError(error.kind === 'TIMEOUT' ? 'TIMEOUT' : 'FAILED', `Pinduoduo: ${error.detail}`);
    return error as Error;
  }

  async function context(account: CarrierAccount) {
    const client = await clientOf();
    const shopName = text(account.fields.shop);
    if (!shopName) throw new CarrierConnectorError('FAILED', 'the waybill account names no Pinduoduo store (field shop)');
    const shop = await deps.shopOf(account.domainId, shopName);
    if (typeof shop === 'string') throw new CarrierConnectorError('FAILED', shop);
    const options = { accessToken: shop.accessToken, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) };
    if (!companies || now().getTime() - companies.at > CACHE_TTL_MS) {
      const answer = await client.call<{ logistics_companies?: PddLogisticsCompany[] }>('pdd.logistics.companies.get', 'logistics_companies_get_response', {}, options);
      companies = { at: now().getTime(), list: answer.logistics_companies ?? [] };
    }
    const catalogue = EXPRESS_COMPANIES.find((e) => e.code === account.expressCompanyCode);
    const company = pddCompanyOf(companies.list, account.expressCompanyCode, catalogue?.nameZh ?? null);
    if (!company?.code) throw new CarrierConnectorError('FAILED', `Pinduoduo has no waybill company for ${account.expressCompanyCode}`);
    return { client, shop, options, wpCode: company.code };
  }

  async function templateOf(client: PddClient, wpCode: string, options: { accessToken: string }): Promise<string> {
    const known = templates.get(wpCode);
    if (known && now().getTime() - known.at < CACHE_TTL_MS) return known.url;
    const answer = await client.call<{ result?: { datas?: { wp_code: string; standard_templates?: { standard_template_url: string }[] }[] } }>(
      'pdd.cloudprint.stdtemplates.get',
      'pdd_cloudprint_stdtemplates_get_response',
      { wp_code: wpCode },
      options,
    );
    const url = answer.result?.datas?.find((d) => d.wp_code === wpCode)?.standard_templates?.[0]?.standard_template_url;
    if (!url) throw new CarrierConnectorError('FAILED', `Pinduoduo offers no standard template for ${wpCode}`);
    templates.set(wpCode, { at: now().getTime(), url });
    return url;
  }

  const addressOf = (a: CarrierParcel['sender']) => ({ province: text(a.province), city: text(a.city), district: text(a.district), detail: text(a.address) });

  return {
    system: PDD_WAYBILL_SYSTEM,

    async takeWaybillNumbers(account, given): Promise<WaybillOutcome[]> {
      const { parcels, ready, refused } = await prepareParcels(account.domainId, given, 'Pinduoduo', deps.senderOf);
      const outcomes = new Map<string, WaybillOutcome>(refused);
      if (ready.length) {
        try {
          const { client, shop, options, wpCode } = await context(account);
          const templateUrl = await templateOf(client, wpCode, options);
          // One call per sender (the request has one) and per 10 parcels.
            for (const chunk of chunksBySender(ready, PER_CALL)) {
              const sender = chunk[0]!.sender;
              const request = {
                wp_code: wpCode,
                need_encrypt: false,
                sender: { name: text(sender.name), mobile: text(sender.phone), address: addressOf(sender) },
                trade_order_info_dtos: chunk.map((p) => ({
                  object_id: p.orderCode,
                  // The channel of the order numbers [U: 'PDD' for Pinduoduo orders; other channels' values unpublished].
                  order_info: { order_channels_type: 'PDD', trade_order_list: [p.orderCode] },
                  package_info: {
                    id: p.orderCode,
                    items: [{ name: p.orderCode, count: 1 }],
                    weight: Math.round(Number(p.weight || '0') * 1000),
                    ...(p.packages > 1 ? { total_packages_count: p.packages } : {}),
                  },
                  recipient: { name: text(p.receiver.name), mobile: text(p.receiver.phone), address: addressOf(p.receiver) },
                  template_url: templateUrl,
                  user_id: shop.shopId,
                })),
              };
              try {
                const answer = await client.call<{ modules?: { object_id: string; waybill_code: string; print_data: string; parent_waybill_code?: string }[] }>(
                  'pdd.waybill.get',
                  'pdd_waybill_get_response',
                  { param_waybill_cloud_print_apply_new_request: request },
                  options,
                );
                for (const p of chunk) {
                  const m = answer.modules?.find((x) => String(x.object_id) === p.orderCode);
                  if (!m?.waybill_code) {
                    outcomes.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason: 'Pinduoduo gave no waybill number for the parcel' });
                    continue;
                  }
                  outcomes.set(p.orderCode, {
                    orderCode: p.orderCode,
                    ok: true,
                    expressNo: m.waybill_code,
                    routing: routingOf(m.print_data),
                    printData: { printCode: 'pdd', wpCode, templateUrl, printData: m.print_data, parentWaybillCode: m.parent_waybill_code || null },
                  });
                }
              } catch (error) {
                // Pinduoduo refused these parcels (not the call as such): each says why.
                if (!isRefusal(error)) throw error;
                for (const p of chunk) outcomes.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason: error.detail });
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
        const { client, options, wpCode } = await context(account);
        const answer = await client.call<{ cancel_result?: boolean }>('pdd.waybill.cancel', 'pdd_waybill_cancel_response', { wp_code: wpCode, waybill_code: expressNo }, options);
        if (answer.cancel_result === false) throw new CarrierConnectorError('FAILED', `Pinduoduo did not cancel waybill ${expressNo}`);
      } catch (error) {
        throw carrierError(error);
      }
    },

    async queryTracking() {
      throw new CarrierConnectorError('NOT_IN_BUILD', 'tracking through Pinduoduo waybills is not part of this build');
    },
  };
}
