// Local fakes of Cainiao electronic waybills for tests (never used by the product), written from
// shared/CONNECTORS.md §9 and the published TOP models of cainiao.waybill.ii.get / .cancel /
// cainiao.cloudprint.stdtemplates.get, not from our client:
// - a waybill book both routes share: it checks each WaybillCloudPrintApplyNewRequest (cp_code
//   known, 1..10 trade_order_info_dtos, object_id unique, order_info.trade_order_list, recipient
//   and sender name and address, a template_url it published, weight in grams), gives one number
//   per dto with plain cloud-print data (routingInfo inside), and cancels a number once;
// - cainiaoTopMethods: the three TOP methods, to plug into the Taobao fake (which checks the TOP
//   signature, timestamp and session);
// - startCainiaoLinkFake: POST /gateway/link.do, checking msg_type, logistic_provider_id and
//   data_digest = Base64(raw MD5(logistics_interface + secret)) with its own code and refusing
//   bad ones; the answer envelope ({success, errorCode, errorMsg, …}) is unconfirmed [U].
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TopFault } from '../../marketplace/taobao/taobao.fake.js';

/** The fake's own data_digest (written from the formula, not shared with the client). */
export function fakeLinkDigest(content: string, secret: string): string {
  const md5 = createHash('md5');
  md5.update(Buffer.from(`${content}${secret}`, 'utf8'));
  return Buffer.from(md5.digest()).toString('base64');
}

export interface FakeWaybill {
  waybillCode: string;
  cpCode: string;
  objectId: string;
  tradeOrders: string[];
  userId: string | null;
  via: 'TOP' | 'LINK';
  cancelled: boolean;
  request: Record<string, unknown>;
}

/** A refusal of the request (Cainiao's isv.* / LINK error). */
class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const PREFIX: Record<string, string> = { ZTO: '7', YTO: 'YT', STO: '77', YUNDA: '43', SF: 'SF', EMS: '11', POSTB: '98', JD: 'JDV', DBKD: 'DPK', HTKY: '55' };

export function createCainiaoWaybillBook(options: { sellerUserId?: string } = {}) {
  const waybills: FakeWaybill[] = [];
  const templateUrl = (cp: string) => `https://cloudprint.cainiao.com/template/standard/${cp.length * 1000 + 101}`;
  let seq = 1;

  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  function needAddress(who: string, party: unknown) {
    const p = (party ?? {}) as Record<string, unknown>;
    const a = (p.address ?? {}) as Record<string, unknown>;
    if (!str(p.name)) throw new Refusal('isv.param-error', `${who}.name is required`);
    if (!str(p.mobile) && !str(p.phone)) throw new Refusal('isv.param-error', `${who}: mobile or phone is required`);
    for (const f of ['province', 'city', 'detail']) if (!str(a[f])) throw new Refusal('isv.param-error', `${who}.address.${f} is required`);
    return a;
  }

  function apply(raw: unknown, via: 'TOP' | 'LINK', sessionUserId: string | null) {
    if (!raw || typeof raw !== 'object') throw new Refusal('isv.param-error', 'the request is not an object');
    const request = raw as Record<string, unknown>;
    const cp = str(request.cp_code);
    if (!PREFIX[cp]) throw new Refusal('isv.cp-code-error', `unknown cp_code ${cp || '(empty)'}`);
    needAddress('sender', request.sender);
    const dtos = request.trade_order_info_dtos;
    if (!Array.isArray(dtos) || dtos.length < 1) throw new Refusal('isv.param-error', 'trade_order_info_dtos is required');
    if (dtos.length > 10) throw new Refusal('isv.param-error', 'at most 10 trade_order_info_dtos per request');
    const ids = new Set<string>();
    for (const d of dtos as Record<string, unknown>[]) {
      const id = str(d.object_id);
      if (!id || ids.has(id)) throw new Refusal('isv.param-error', `object_id missing or repeated (${id})`);
      ids.add(id);
      const info = (d.order_info ?? {}) as Record<string, unknown>;
      if (!str(info.order_channels_type) || !Array.isArray(info.trade_order_list) || !info.trade_order_list.length) throw new Refusal('isv.param-error', `${id}: order_info needs order_channels_type and trade_order_list`);
      if (!(info.trade_order_list as unknown[]).every((t) => /^[A-Za-z0-9_-]+$/.test(str(t)))) throw new Refusal('isv.param-error', `${id}: trade_order_list holds digits, letters, _ and - only`);
      const pkg = (d.package_info ?? {}) as Record<string, unknown>;
      if (!Array.isArray(pkg.items) || !pkg.items.length || !Number.isInteger(pkg.weight ?? 0)) throw new Refusal('isv.param-error', `${id}: package_info needs items and a weight in grams`);
      needAddress(`${id} recipient`, d.recipient);
      if (str(d.template_url) !== templateUrl(cp)) throw new Refusal('isv.template-url-error', `${id}: template_url is not a standard template of ${cp}`);
      if (d.user_id !== undefined && sessionUserId !== null && str(d.user_id) !== sessionUserId) throw new Refusal('isv.user-id-error', `${id}: user_id is not the authorised seller`);
    }
    return (dtos as Record<string, unknown>[]).map((d) => {
      const recipient = d.recipient as Record<string, unknown>;
      const address = recipient.address as Record<string, string>;
      const code = `${PREFIX[cp]}${String(9_000_000_000 + seq++)}`;
      waybills.push({ waybillCode: code, cpCode: cp, objectId: str(d.object_id), tradeOrders: ((d.order_info as Record<string, unknown>).trade_order_list as string[]).map(String), userId: d.user_id === undefined ? null : str(d.user_id), via, cancelled: false, request: d });
      const digits = createHash('sha1').update(`${address.province}${address.city}${address.district ?? ''}`).digest();
      const routingInfo = {
        sortation: { name: `${100 + (digits[0]! % 800)} ${String.fromCharCode(65 + (digits[1]! % 26))}${digits[2]! % 10}` },
        consolidation: { name: `${address.city}转运中心`, code: `C${digits[3]! % 100}` },
        endBranch: { name: `${address.city}${address.district ?? ''}网点` },
      };
      const data = { waybillCode: code, cpCode: cp, recipient: { name: recipient.name, mobile: recipient.mobile, address }, sender: request.sender, routingInfo, shippingOption: { code: 'STANDARD_EXPRESS' } };
      const printData = JSON.stringify({ data, signature: createHash('md5').update(JSON.stringify(data)).digest('hex'), templateURL: templateUrl(cp) });
      return { object_id: str(d.object_id), waybill_code: code, print_data: printData, cp_code: cp, real_cp_code: cp };
    });
  }

  function cancel(cp: string, code: string) {
    if (!cp || !code) throw new Refusal('isv.param-error', 'cp_code and waybill_code are required');
    const w = waybills.find((x) => x.waybillCode === code && x.cpCode === cp);
    if (!w) throw new Refusal('isv.waybill-not-exist', `no waybill ${code} of ${cp}`);
    if (w.cancelled) throw new Refusal('isv.waybill-cancelled', `waybill ${code} is already cancelled (面单已取消)`);
    w.cancelled = true;
  }

  const standardTemplates = () =>
    Object.keys(PREFIX).map((cp) => ({ cp_code: cp, standard_templates: { standard_template_do: [{ standard_template_id: cp.length * 1000 + 101, standard_template_name: `${cp}标准模板`, standard_template_url: templateUrl(cp), standard_waybill_type: 1 }] } }));

  return { waybills, templateUrl, apply, cancel, standardTemplates, sellerUserId: options.sellerUserId ?? null, Refusal };
}

export type CainiaoWaybillBook = ReturnType<typeof createCainiaoWaybillBook>;

const asTop = (error: unknown): never => {
  if (error instanceof Refusal) throw new TopFault(15, 'Remote service error', error.code, error.message);
  throw error;
};

/** The Cainiao methods of TOP, for startTaobaoFake({ extraMethods }). The seller is the fake's one user. */
export function cainiaoTopMethods(book: CainiaoWaybillBook, sellerUserId: string) {
  return {
    'cainiao.waybill.ii.get': {
      auth: true,
      run(p: Record<string, string>) {
        let request: unknown;
        try {
          request = JSON.parse(p.param_waybill_cloud_print_apply_new_request ?? '');
        } catch {
          throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:param_waybill_cloud_print_apply_new_request', 'not JSON');
        }
        try {
          // Lists wrapped as TOP answers them without simplify.
          return { modules: { waybill_cloud_print_response: book.apply(request, 'TOP', sellerUserId) } };
        } catch (error) {
          return asTop(error);
        }
      },
    },
    'cainiao.waybill.ii.cancel': {
      auth: true,
      run(p: Record<string, string>) {
        try {
          book.cancel(p.cp_code ?? '', p.waybill_code ?? '');
          return { cancel_result: true };
        } catch (error) {
          return asTop(error);
        }
      },
    },
    'cainiao.cloudprint.stdtemplates.get': {
      auth: false,
      run: () => ({ result: { success: true, datas: { standard_template_result: book.standardTemplates() } } }),
    },
  };
}

export interface LinkFakeCall {
  msgType: string;
  providerId: string;
  content: string;
  /** ok, or the errorCode answered, or 'timeout' / 'malformed'. */
  outcome: string;
}

/** A LINK gateway: providers (logistic_provider_id → the app secret data_digest is checked with). */
export async function startCainiaoLinkFake(options: { book?: CainiaoWaybillBook; providerId?: string; appKey?: string; appSecret?: string } = {}) {
  const book = options.book ?? createCainiaoWaybillBook();
  const providerId = options.providerId ?? 'LP00012345';
  const appKey = options.appKey ?? 'link-app-1001';
  const appSecret = options.appSecret ?? 'fake-link-secret-0123456789';
  const calls: LinkFakeCall[] = [];
  const faults = { timeout: 0, malformed: 0 };
  const hanging = new Set<http.ServerResponse>();

  const answer = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, call: LinkFakeCall, errorCode: string, errorMsg: string) => {
    call.outcome = errorCode;
    answer(res, { success: false, errorCode, errorMsg });
  };

  const handlers: Record<string, (payload: Record<string, unknown>) => Record<string, unknown>> = {
    TAOBAO_WAYBILL_II_GET: (payload) => ({ modules: book.apply(payload, 'LINK', null) }),
    TAOBAO_WAYBILL_II_CANCEL: (payload) => {
      book.cancel(String(payload.cp_code ?? ''), String(payload.waybill_code ?? ''));
      return { cancel_result: true };
    },
    CLOUDPRINT_STANDARD_TEMPLATES: () => ({ result: { datas: book.standardTemplates() } }),
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'POST' || url.pathname !== '/gateway/link.do') {
      res.writeHead(404);
      return res.end();
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const call: LinkFakeCall = { msgType: form.get('msg_type') ?? '', providerId: form.get('logistic_provider_id') ?? '', content: form.get('logistics_interface') ?? '', outcome: 'ok' };
      calls.push(call);
      if (faults.timeout > 0) {
        faults.timeout--;
        call.outcome = 'timeout';
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const digest = form.get('data_digest') ?? '';
      if (!call.msgType || !call.providerId || !call.content || !digest) return refuse(res, call, 'S01', 'msg_type, logistic_provider_id, logistics_interface and data_digest are required');
      if (call.providerId !== providerId) return refuse(res, call, 'S02', 'logistic_provider_id: no such provider (permission denied)');
      if (fakeLinkDigest(call.content, appSecret) !== digest) return refuse(res, call, 'S03', 'data_digest check failed (sign error)');
      const handler = handlers[call.msgType];
      if (!handler) return refuse(res, call, 'S04', `msg_type ${call.msgType} is not subscribed`);
      if (faults.malformed > 0) {
        faults.malformed--;
        call.outcome = 'malformed';
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        return res.end('{"success":true,"modules":[{"object_id"');
      }
      let payload: unknown;
      try {
        payload = JSON.parse(call.content);
      } catch {
        return refuse(res, call, 'S05', 'logistics_interface is not JSON');
      }
      if (!payload || typeof payload !== 'object') return refuse(res, call, 'S05', 'logistics_interface is not an object');
      try {
        answer(res, { success: true, ...handler(payload as Record<string, unknown>) });
      } catch (error) {
        if (!(error instanceof book.Refusal)) throw error;
        refuse(res, call, error.code, error.message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    book,
    providerId,
    appKey,
    appSecret,
    gatewayUrl: `${base}/gateway/link.do`,
    calls,
    /** Calls refused for their data_digest or provider. */
    badDigests: () => calls.filter((c) => c.outcome === 'S02' || c.outcome === 'S03').length,
    credentials: () => ({ appKey, appSecret, gatewayUrl: `${base}/gateway/link.do`, authorizeUrl: null, callbackUrl: null }),
    timeoutNext(count = 1) {
      faults.timeout += count;
    },
    malformedNext(count = 1) {
      faults.malformed += count;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type CainiaoLinkFake = Awaited<ReturnType<typeof startCainiaoLinkFake>>;
