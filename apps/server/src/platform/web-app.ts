// How the web app's page and the API answers are protected in the browser: the page's
// Content-Security-Policy (with a fresh nonce for the styles Ant Design writes at run time) and
// the API's no-store. The choices are explained in apps/server/README.md.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Paths of the API; everything else is the web app. */
export const API_PREFIXES = ['/cloud/', '/myhome/', '/ue/', '/erp/', '/open/', '/core/'] as const;

/** The placeholder apps/web/index.html carries where the server writes each page's nonce. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The page's policy. Scripts only from the app's own files. Style sheets from the app's own files
 * and <style> elements carrying this page's nonce: Ant Design (CSS-in-JS) writes its styles at run
 * time, and the app's scripts give them the nonce (apps/web/src/app/csp.ts); a <style> that
 * arrives as markup (a stored name shown as HTML) has no nonce and is not applied. Style
 * attributes stay allowed (style-src-attr): the label editor and the print frame lay labels out
 * in millimetres with them, and an attribute styles only its own element.
 */
export function webAppPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sends index.html with a fresh nonce in its policy and in its csp-nonce meta tag. */
export async function webAppPage(webDist: string, reply: FastifyReply): Promise<FastifyReply> {
  const nonce = randomBytes(16).toString('base64');
  const html = await fs.promises.readFile(path.join(webDist, 'index.html'), 'utf8');
  return reply
    .type('text/html; charset=utf-8')
    // A page is never reused: each load gets its own nonce.
    .header('cache-control', 'no-cache')
    .header('content-security-policy', webAppPolicy(nonce))
    .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
}

/** API answers carry session tokens and business data: never stored by a browser or a proxy. */
export function apiSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!API_PREFIXES.some((p) => request.url.startsWith(p))) return;
  // Files and pictures say how they may be cached themselves.
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  if (!reply.hasHeader('content-security-policy') && String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  }
}
