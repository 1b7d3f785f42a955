// The sandbox marketplace's consent page, served by this app: GET shows which shop asks to be
// connected and what access is granted; the form's POST answers with a redirect to the
// redirect address carrying a one-time code (allow) or error=access_denied (deny), with the state
// unchanged — the same round trip a real marketplace's OAuth makes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findPlatform, PLATFORM_SANDBOX, SandboxConsentCalls } from '@openseller/core';
import { requestLanguage, type Http } from '../../../platform/http.js';
import { SANDBOX_CONSENT_PATH, type SandboxConnector } from './sandbox.connector.js';

const ConsentQuery = z.object({
  shop: z.string().trim().min(1).max(64),
  state: z.string().trim().min(1).max(256),
  redirect_uri: z.string().trim().min(1).max(1000),
  client_id: z.string().trim().max(64).optional(),
});
const ConsentDecision = ConsentQuery.extend({ decision: z.enum(['allow', 'deny']) });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXT = {
  zh: {
    title: '授权 OpenSeller 访问您的店铺',
    intro: 'OpenSeller 请求连接您在沙箱平台上的店铺：',
    shop: '店铺',
    grants: '授权后，OpenSeller 可以：',
    scopes: ['读取店铺的在售商品', '按时间读取订单和售后单', '回传发货信息（快递公司和运单号）', '更新商品库存'],
    note: '这是测试用的沙箱平台，不是真实的电商平台。',
    allow: '同意授权',
    deny: '拒绝',
    badRequest: '授权请求无效',
    unknownShop: '沙箱平台上没有这个店铺。',
    badRedirect: '回调地址必须属于发起授权的站点。',
  },
  en: {
    title: 'Allow OpenSeller to access your shop',
    intro: 'OpenSeller asks to connect your shop on the sandbox marketplace:',
    shop: 'Shop',
    grants: 'Once allowed, OpenSeller can:',
    scopes: ['read the items the shop lists', 'read orders and after-sale requests by time', 'send shipping feedback (courier and waybill number)', 'update the stock of items'],
    note: 'This is the sandbox marketplace for testing, not a real marketplace.',
    allow: 'Allow',
    deny: 'Deny',
    badRequest: 'Invalid authorization request',
    unknownShop: 'The sandbox marketplace has no such shop.',
    badRedirect: 'The redirect address must belong to the site that asked for authorization.',
  },
};

function page(language: 'zh' | 'en', title: string, body: string): string {
  const sandboxName = language === 'zh' ? findPlatform(PLATFORM_SANDBOX)!.nameZh : findPlatform(PLATFORM_SANDBOX)!.nameEn;
  return `<!doctype html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(sandboxName)}</title><link rel="icon" href="/favicon.svg">
<style>
body{margin:0;font-family:-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;color:#1f1f1f}
.bar{background:#7a3ff2;color:#fff;padding:14px 24px;font-weight:600}
.card{max-width:520px;margin:48px auto;background:#fff;border-radius:8px;padding:28px 32px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 16px}.shop{background:#f6f0ff;border:1px solid #d9c6ff;border-radius:6px;padding:10px 14px;margin:12px 0;font-family:monospace}
ul{padding-left:20px;line-height:1.9}.note{color:#8c8c8c;font-size:13px}
.actions{display:flex;gap:12px;margin-top:24px}button{font-size:15px;padding:8px 22px;border-radius:6px;border:1px solid #d9d9d9;background:#fff;cursor:pointer}
button.allow{background:#7a3ff2;border-color:#7a3ff2;color:#fff}
</style></head>
<body><div class="bar">${escapeHtml(sandboxName)}</div><div class="card">${body}</div></body></html>`;
}

/** The redirect address must point back to the site the seller came from. */
function sameSite(request: FastifyRequest, redirectUri: string): boolean {
  try {
    return new URL(redirectUri).host === request.host;
  } catch {
    return false;
  }
}

/** Appends code/state to the redirect address, inside its fragment when it has one (hash routes). */
export function withQuery(redirectUri: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return redirectUri + (redirectUri.includes('?') ? '&' : '?') + query;
}

export async function registerSandboxConsentPage(app: FastifyInstance, http: Http, sandbox: SandboxConnector): Promise<void> {
  // The consent form posts urlencoded fields; only these routes read that content type.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const fail = (c: { reply: import('fastify').FastifyReply; request: FastifyRequest }, status: number, message: string) => {
      const language = requestLanguage(c.request) === 'zh' || requestLanguage(c.request) === 'zh_TW' ? 'zh' : 'en';
      const t = TEXT[language];
      return c.reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(language, t.badRequest, `<h1>${escapeHtml(t.badRequest)}</h1><p>${escapeHtml(message)}</p>`));
    };

    http.serveCall(scope, SandboxConsentCalls.page, async (c) => {
      const language = c.language === 'zh' || c.language === 'zh_TW' ? 'zh' : 'en';
      const t = TEXT[language];
      const parsed = ConsentQuery.safeParse(c.request.query);
      if (!parsed.success) return fail(c, 400, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const q = parsed.data;
      if (!sameSite(c.request, q.redirect_uri)) return fail(c, 400, t.badRedirect);
      const shop = await sandbox.findShopByKey(q.shop);
      if (!shop) return fail(c, 404, t.unknownShop);
      const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      const body = `<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
<div class="shop">${escapeHtml(t.shop)}: ${escapeHtml(shop.shopKey)}</div>
<p>${escapeHtml(t.grants)}</p><ul>${t.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<p class="note">${escapeHtml(t.note)}</p>
<form method="post" action="${SANDBOX_CONSENT_PATH}">
${hidden('shop', q.shop)}${hidden('state', q.state)}${hidden('redirect_uri', q.redirect_uri)}${hidden('client_id', q.client_id ?? 'openseller')}
<div class="actions"><button class="allow" type="submit" name="decision" value="allow">${escapeHtml(t.allow)}</button>
<button type="submit" name="decision" value="deny">${escapeHtml(t.deny)}</button></div></form>`;
      return c.reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .send(page(language, t.title, body));
    });

    http.serveCall(scope, SandboxConsentCalls.decide, async (c) => {
      const language = c.language === 'zh' || c.language === 'zh_TW' ? 'zh' : 'en';
      const parsed = ConsentDecision.safeParse(c.request.body ?? {});
      if (!parsed.success) return fail(c, 400, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const q = parsed.data;
      if (!sameSite(c.request, q.redirect_uri)) return fail(c, 400, TEXT[language].badRedirect);
      const shop = await sandbox.findShopByKey(q.shop);
      if (!shop) return fail(c, 404, TEXT[language].unknownShop);
      const target =
        q.decision === 'allow'
          ? withQuery(q.redirect_uri, { code: await sandbox.issueCode(shop, q.redirect_uri), state: q.state })
          : withQuery(q.redirect_uri, { error: 'access_denied', state: q.state });
      return c.reply.code(302).header('cache-control', 'no-store').redirect(target);
    });
  });
}
