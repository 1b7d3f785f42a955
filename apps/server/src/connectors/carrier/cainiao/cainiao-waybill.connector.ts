// Cainiao electronic waybills (print code cn, shared/CONNECTORS.md §9), by one of two routes
// chosen by how the waybill account is configured (cainiaoRoute):
//   TOP  (no linkProviderId): cainiao.waybill.ii.get / cainiao.waybill.ii.cancel and
//        cainiao.cloudprint.stdtemplates.get through the Taobao Open Platform, signed by the TOP
//        client of the Taobao connector with the installation's Taobao app, in the session of the
//        authorised Taobao store the account's `shop` names (a Cainiao waybill subscription is tied
//        to a Taobao seller). An ended session is refreshed through the stores area (as store
//        connections do) and the call made once more; a refused refresh marks the store expired.
//   LINK (linkProviderId set): the same requests as LINK messages TAOBAO_WAYBILL_II_GET,
//        TAOBAO_WAYBILL_II_CANCEL, CLOUDPRINT_STANDARD_TEMPLATES to /gateway/link.do with the
//        account's logistic_provider_id and the installation's Cainiao LINK app (key CAINIAO)
//        secret in data_digest.
// At most 10 trade_order_info_dtos per request [C]; one sender per request. The answer's
// print_data (cloud-print data) is kept whole for the labels, the routing read from it.
// Tracking is not offered through this connector.
import { EXPRESS_COMPANIES, waybillConnectorOf } from '@openseller/core';
import type { AppCredentialsLookup } from '../../app-credentials.js';
import { ConnectorError } from '../../marketplace/connector.js';
import { TAOBAO_CREDENTIALS_CODE, TOP_COMPANY_CODES } from '../../marketplace/taobao/taobao.connector.js';
import { createTopClient, type TopClient, type TopError } from '../../marketplace/taobao/top-client.js';
import { chunksBySender, prepareParcels, text, type SenderLookup } from '../parcels.js';
import { CarrierConnectorError, type CarrierAccount, type CarrierConnector, type CarrierParcel, type CarrierRouting, type WaybillOutcome } from '../types.js';
import { createLinkClient, isLinkRefusal, type LinkClient } from './cainiao-link.client.js';

export const CAINIAO_WAYBILL_SYSTEM = 'CAINIAO_WAYBILL';
/** The installation's Cainiao LINK app (connector apps key CAINIAO). */
export const CAINIAO_LINK_CREDENTIALS_CODE = 'CAINIAO';
/** trade_order_info_dtos: at most 10 per request [C]. */
export const CAINIAO_PER_CALL = 10;
const CACHE_TTL_MS = 3_600_000;

export const TOP_METHODS = { get: 'cainiao.waybill.ii.get', cancel: 'cainiao.waybill.ii.cancel', templates: 'cainiao.cloudprint.stdtemplates.get' } as const;
/** LINK message types: TAOBAO_WAYBILL_II_GET [S]; the cancel and template names mirror the TOP APIs [U]. */
export const LINK_MESSAGES = { get: 'TAOBAO_WAYBILL_II_GET', cancel: 'TAOBAO_WAYBILL_II_CANCEL', templates: 'CLOUDPRINT_STANDARD_TEMPLATES' } as const;
type Api = keyof typeof TOP_METHODS;

export type CainiaoRoute = 'TOP' | 'LINK';
/** LINK when the account carries a Cainiao LINK provider id, else TOP with its Taobao store's session. */
export const cainiaoRoute = (account: Pick<CarrierAccount, 'fields'>): CainiaoRoute => (waybillConnectorOf({ printCode: 'cn', sandbox: false, fields: account.fields }) === 'CAINIAO_LINK' ? 'LINK' : 'TOP');

/** The Taobao store a TOP-route account takes numbers in: its session and Taobao user id. */
export interface TaobaoWaybillShop {
  storeId: number;
  name: string;
  session: string;
  userId: string;
  expiresAt: Date | null;
}

export interface CainiaoWaybillDeps {
  credentials: AppCredentialsLookup;
  /** The domain's authorised Taobao store the account's `shop` names (name or Taobao user id), or why there is none. */
  shopOf(domainId: number, shop: string): Promise<TaobaoWaybillShop | string>;
  /** Refreshes the store's authorisation after `usedSession` ended; the store afresh, or why it cannot be (then the store is marked expired). */
  refreshShop?(domainId: number, storeId: number, usedSession: string): Promise<TaobaoWaybillShop | string>;
  senderOf?: SenderLookup;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}

/** Our express company code → Cainiao's cp_code (TOP's logistics company codes, where they differ). */
export const cainiaoCpCode = (expressCompanyCode: string) => TOP_COMPANY_CODES[expressCompanyCode] ?? expressCompanyCode;

/** order_channels_type of the order's marketplace [S: Cainiao's channel list — TB, TM, JD, PDD, …, OTHERS]. */
// Keys are the platform catalogue's codes (packages/core catalogues/platforms.ts): Douyin is DY / DYCJ and
// Kuaishou KSXD there (an earlier map keyed them CI_PLATFORM_DY / CI_PLATFORM_KSXD, so their orders went out as OTHERS).
const CHANNELS: Record<string, string> = { CI_PLATFORM_TAOBAO: 'TB', CI_PLATFORM_TMALL: 'TM', CI_PLATFORM_JD: 'JD', CI_PLATFORM_PDD: 'PDD', DY: 'DYXD', DYCJ: 'DYXD', KSXD: 'KS' };
export const orderChannelOf = (platformCode: string | null | undefined) => (platformCode ? (CHANNELS[platformCode] ?? 'OTHERS') : 'OTHERS');

/** Routing read from plain (unencrypted) cloud-print data [U: names of Cainiao's routingInfo as seen in print data samples]. */
export function cainiaoRoutingOf(printData: string): CarrierRouting {
  try {
    const parsed = JSON.parse(printData) as { data?: { routingInfo?: Record<string, { name?: unknown } | undefined> } };
    const r = parsed.data?.routingInfo ?? {};
    return { sortCode: text(r.sortation?.name), bag: text(r.consolidation?.name), branch: text(r.endBranch?.name) };
  } catch {
    return { sortCode: '', bag: '', branch: '' };
  }
}

/** A TOP list, wrapped ({"x": {"x_item": [...]}}) or bare (simplify). */
function listOf(value: unknown): Record<string, unknown>[] | null {
  if (Array.isArray(value)) return value as Record<string, unknown>[];
  if (value && typeof value === 'object') {
    const inner = Object.values(value as Record<string, unknown>).find(Array.isArray);
    if (inner) return inner as Record<string, unknown>[];
  }
  return null;
}

interface Transport {
  route: CainiaoRoute;
  /** The Taobao seller the numbers are used by (TOP), null when the route does not say (LINK). */
  userId: string | null;
  /** get: the WaybillCloudPrintApplyNewRequest; cancel: cp_code, waybill_code; templates: nothing. */
  call(api: Api, payload: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export function createCainiaoWaybillConnector(deps: CainiaoWaybillDeps): CarrierConnector {
  const now = deps.now ?? (() => new Date());
  const callOptions = deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {};
  let top: { key: string; client: TopClient } | null = null;
  let link: { key: string; client: LinkClient } | null = null;
  const templates = new Map<string, { at: number; url: string }>();

  async function topClient(): Promise<TopClient> {
    const c = await deps.credentials(TAOBAO_CREDENTIALS_CODE);
    if (!c) throw new CarrierConnectorError('NOT_IN_BUILD', 'no app credentials for Taobao in this installation: Cainiao waybills through TOP cannot be taken');
    const key = `${c.appKey}\n${c.appSecret}\n${c.gatewayUrl ?? ''}`;
    if (top?.key !== key) top = { key, client: createTopClient({ appKey: c.appKey, appSecret: c.appSecret, gatewayUrl: c.gatewayUrl, now, backoffMs: 200, ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}) }) };
    return top.client;
  }

  async function linkClient(): Promise<LinkClient> {
    const c = await deps.credentials(CAINIAO_LINK_CREDENTIALS_CODE);
    if (!c) throw new CarrierConnectorError('NOT_IN_BUILD', 'no app credentials for Cainiao LINK in this installation: set them on the connector apps page (CAINIAO)');
    const key = `${c.appSecret}\n${c.gatewayUrl ?? ''}`;
    if (link?.key !== key) link = { key, client: createLinkClient({ appSecret: c.appSecret, gatewayUrl: c.gatewayUrl, ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}) }) };
    return link.client;
  }

  async function transportOf(account: CarrierAccount): Promise<Transport> {
    if (cainiaoRoute(account) === 'LINK') {
      const client = await linkClient();
      const providerId = text(account.fields.linkProviderId);
      return { route: 'LINK', userId: null, call: (api, payload) => client.call(LINK_MESSAGES[api], providerId, payload, callOptions) };
    }
    const client = await topClient();
    const shopName = text(account.fields.shop);
    if (!shopName) throw new CarrierConnectorError('FAILED', 'the waybill account names no Taobao store (field shop)');
    let shop = await deps.shopOf(account.domainId, shopName);
    if (typeof shop === 'string') throw new CarrierConnectorError('FAILED', shop);
    const refresh = async (used: TaobaoWaybillShop): Promise<TaobaoWaybillShop> => {
      const again = deps.refreshShop ? await deps.refreshShop(account.domainId, used.storeId, used.session) : `the session of the Taobao store "${used.name}" has ended: authorize it again`;
      if (typeof again === 'string') throw new CarrierConnectorError('FAILED', again);
      return again;
    };
    // An ended session is refreshed before the call, as store connections do.
    if (shop.expiresAt && shop.expiresAt.getTime() <= now().getTime()) shop = await refresh(shop);
    let current = shop;
    return {
      route: 'TOP',
      userId: current.userId,
      async call(api, payload) {
        // TOP takes the waybill request as one JSON param; the other calls' params as they are.
        const business = api === 'get' ? { param_waybill_cloud_print_apply_new_request: JSON.stringify(payload) } : (payload as Record<string, string>);
        try {
          return await client.call(TOP_METHODS[api], business, { session: current.session, ...callOptions });
        } catch (error) {
          // "Invalid session": refreshed once, then the same call again.
          if (!(error instanceof ConnectorError) || error.kind !== 'TOKEN_EXPIRED') throw error;
          current = await refresh(current);
          return client.call(TOP_METHODS[api], business, { session: current.session, ...callOptions });
        }
      },
    };
  }

  /** A failure of the call (not of a parcel) as the carrier interface's. */
  function carrierError(error: unknown): Error {
    if (error instanceof CarrierConnectorError) return error;
    if (error instanceof ConnectorError) return new CarrierConnectorError(error.kind === 'TIMEOUT' ? 'TIMEOUT' : 'FAILED', `Cainiao: ${error.detail}`);
    return error as Error;
  }

  /** Cainiao refused the request's parcels (a caller's error `isv.*` other than credentials or session), not the call as such. */
  function refusal(error: unknown): string | null {
    if (isLinkRefusal(error)) return error.detail;
    if (!(error instanceof ConnectorError) || error.kind !== 'PLATFORM_ERROR') return null;
    const topError = (error as ConnectorError & { topError?: TopError }).topError;
    return topError && (topError.sub_code ?? '').startsWith('isv.') ? error.detail : null;
  }

  async function templateOf(transport: Transport, cpCode: string): Promise<string> {
    const key = `${transport.route}:${cpCode}`;
    const known = templates.get(key);
    if (known && now().getTime() - known.at < CACHE_TTL_MS) return known.url;
    const answer = await transport.call('templates', {});
    const result = (answer.result ?? answer) as Record<string, unknown>;
    const datas = listOf(result.datas);
    if (!datas) throw new CarrierConnectorError('FAILED', 'Cainiao: a malformed answer (no standard templates)');
    const ofCp = datas.find((d) => d.cp_code === cpCode);
    const url = text(listOf(ofCp?.standard_templates)?.[0]?.standard_template_url);
    if (!url) throw new CarrierConnectorError('FAILED', `Cainiao offers no standard template for ${cpCode}`);
    templates.set(key, { at: now().getTime(), url });
    return url;
  }

  const addressOf = (a: CarrierParcel['sender']) => ({ province: text(a.province), city: text(a.city), district: text(a.district), detail: text(a.address) });
  /** The trade numbers Cainiao is told of: the marketplace's order numbers when the order came from one, else ours. */
  const tradesOf = (p: CarrierParcel) => (p.platformNos?.length ? p.platformNos.slice(0, 100) : [p.orderCode]);

  return {
    system: CAINIAO_WAYBILL_SYSTEM,

    async takeWaybillNumbers(account, given): Promise<WaybillOutcome[]> {
      const { parcels, ready, refused } = await prepareParcels(account.domainId, given, 'Cainiao', deps.senderOf);
      const outcomes = new Map<string, WaybillOutcome>(refused);
      if (ready.length) {
        try {
          const catalogue = EXPRESS_COMPANIES.find((e) => e.code === account.expressCompanyCode);
          if (!catalogue) throw new CarrierConnectorError('FAILED', `Cainiao: unknown express company ${account.expressCompanyCode}`);
          const cpCode = cainiaoCpCode(account.expressCompanyCode);
          const transport = await transportOf(account);
          const templateUrl = await templateOf(transport, cpCode);
          for (const chunk of chunksBySender(ready, CAINIAO_PER_CALL)) {
            const sender = chunk[0]!.sender;
            const request: Record<string, unknown> = {
              cp_code: cpCode,
              need_encrypt: false,
              sender: { name: text(sender.name), mobile: text(sender.phone), address: addressOf(sender) },
              trade_order_info_dtos: chunk.map((p) => ({
                object_id: p.orderCode,
                order_info: { order_channels_type: orderChannelOf(p.platformCode), trade_order_list: tradesOf(p) },
                package_info: {
                  id: p.orderCode.replace(/[^A-Za-z0-9_]/g, '_'),
                  items: [{ name: p.orderCode, count: 1 }],
                  weight: Math.round(Number(p.weight || '0') * 1000),
                  ...(p.packages > 1 ? { total_packages_count: p.packages } : {}),
                },
                recipient: { name: text(p.receiver.name), mobile: text(p.receiver.phone), address: addressOf(p.receiver) },
                template_url: templateUrl,
                ...(transport.userId ? { user_id: Number(transport.userId) } : {}),
              })),
            };
            if (account.fields.customerCode) request.customer_code = account.fields.customerCode;
            if (account.fields.productType) request.product_code = account.fields.productType;
            let answer: Record<string, unknown>;
            try {
              answer = await transport.call('get', request);
            } catch (error) {
              // Cainiao refused these parcels (the request, not the call): each says why.
              const reason = refusal(error);
              if (reason === null) throw error;
              for (const p of chunk) outcomes.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason });
              continue;
            }
            const modules = listOf(answer.modules);
            if (!modules) throw new CarrierConnectorError('FAILED', 'Cainiao: a malformed answer (no modules)');
            for (const p of chunk) {
              const m = modules.find((x) => text(x.object_id) === p.orderCode);
              const code = text(m?.waybill_code);
              const printData = text(m?.print_data);
              if (!m || !code || !printData) {
                outcomes.set(p.orderCode, { orderCode: p.orderCode, ok: false, reason: 'Cainiao gave no waybill number and print data for the parcel' });
                continue;
              }
              outcomes.set(p.orderCode, {
                orderCode: p.orderCode,
                ok: true,
                expressNo: code,
                routing: cainiaoRoutingOf(printData),
                printData: { printCode: 'cn', route: transport.route, cpCode, templateUrl, printData, parentWaybillCode: text(m.parent_waybill_code) || null },
              });
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
        const transport = await transportOf(account);
        const answer = await transport.call('cancel', { cp_code: cainiaoCpCode(account.expressCompanyCode), waybill_code: expressNo });
        const result = answer.cancel_result;
        if (result !== true && result !== 'true') throw new CarrierConnectorError('FAILED', `Cainiao did not cancel waybill ${expressNo}`);
      } catch (error) {
        throw carrierError(error);
      }
    },

    async queryTracking() {
      throw new CarrierConnectorError('NOT_IN_BUILD', 'tracking through Cainiao waybills is not part of this build');
    },
  };
}
