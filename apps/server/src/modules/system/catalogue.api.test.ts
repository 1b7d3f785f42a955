// Conformance of the API surface with the spec's index of calls (docs/spec/03-calls.md): every
// call is served at its path and method or listed as pending with the issue that builds it; every
// call of the route catalogue is served and answers a minimal call with its documented shape
// (the test app checks every answer against its answer schema) or a refusal that names the
// problem, never a 404 or a 500.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, PromotionCalls, type CallDef } from '@openseller/core';
import { createHttp, type CallHandler } from '../../platform/http.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { readSpecCalls, SPEC_INDEX_COPY, SPEC_INDEX_SHARED } from '../../../test/spec-calls.js';
import { seedDemoData } from '../../seed/demo.js';
import { PENDING_SPEC_CALLS } from './catalogue.pending.js';
import Fastify from 'fastify';

const key = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

/** Whether the app serves a path: a route of that path, or one whose parameters (`/:kind/:id`) match it (the spec index writes `/x/1`). */
function serves(app: TestApp['app'], method: 'GET' | 'POST', path: string): boolean {
  if (app.hasRoute({ method, url: path })) return true;
  return app.services.routeTable.some(
    (r) => r.method === method && r.url.includes('/:') && new RegExp(`^${r.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(path),
  );
}

describe('the route catalogue against the spec', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('keeps the repository copy of the spec index equal to the spec when the spec is beside it', () => {
    if (!fs.existsSync(SPEC_INDEX_SHARED)) return;
    expect(fs.readFileSync(SPEC_INDEX_COPY, 'utf8')).toBe(fs.readFileSync(SPEC_INDEX_SHARED, 'utf8'));
  });

  it('serves every call of the spec at its path and method, except the calls listed as pending', () => {
    const missing = readSpecCalls()
      .filter((c) => !(key(c) in PENDING_SPEC_CALLS))
      .filter((c) => !serves(t.app, c.method, c.path))
      .map((c) => `${key(c)} (${c.section}: ${c.name})`);
    expect(missing).toEqual([]);
  });

  it('lists as pending only calls of the spec that are not served yet', () => {
    const spec = new Set(readSpecCalls().map(key));
    const notInSpec = Object.keys(PENDING_SPEC_CALLS).filter((k) => !spec.has(k));
    const servedMeanwhile = Object.keys(PENDING_SPEC_CALLS).filter((k) => {
      const [method, path] = k.split(' ') as ['GET' | 'POST', string];
      return serves(t.app, method, path);
    });
    expect(notInSpec).toEqual([]);
    expect(servedMeanwhile).toEqual([]);
  });

  it('declares every call of the catalogue once, at a path of its own', () => {
    const seen = new Map<string, number>();
    for (const call of ALL_CALLS) seen.set(key(call), (seen.get(key(call)) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
  });

  it('registers no API route that is not a call of the catalogue', () => {
    const catalogue = new Set(ALL_CALLS.map(key));
    // Not calls: the web app's page and files, and the stored pictures and files by their address.
    const notCalls = (url: string) => !/^\/(myhome|cloud|open|erp\/(?!pub\/file\/))/.test(url);
    const stray = t.app.services.routeTable
      .filter((r) => r.method === 'GET' || r.method === 'POST')
      .filter((r) => !notCalls(r.url) && !catalogue.has(key({ method: r.method, path: r.url })))
      .map((r) => key({ method: r.method, path: r.url }));
    expect(stray).toEqual([]);
  });

  // A call to each of the catalogue's ~450 calls: minutes on a loaded two-core machine.
  it('serves every call of the catalogue, and a minimal call answers its shape or a refusal, never 404 or 500', { timeout: 300_000 }, async () => {
    const seller = await t.factories.sellerDomain({ level: 'INFINITE' });
    const sellerToken = await t.token(seller.loginName, seller.password);
    await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
    const rootToken = await t.token('root', 'Root#2026go');
    const problems: string[] = [];
    for (const call of ALL_CALLS) {
      if (!t.app.hasRoute({ method: call.method, url: call.path })) {
        problems.push(`${key(call)}: not served`);
        continue;
      }
      if (call.raw || call.multipart) continue;
      const token = call.access === 'root' ? rootToken : sellerToken;
      const answer = await t.call(call.path, call.method === 'POST' ? {} : undefined, { token, method: call.method });
      if (answer.status === 404 || answer.status >= 500) problems.push(`${key(call)}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      else if (!answer.body.success && !answer.body.message) problems.push(`${key(call)}: a refusal without a message`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the answer check', () => {
  it('turns an answer that drifted from its schema into a failure a test sees', async () => {
    const app = Fastify();
    const sessions = { resolve: async () => ({ domainId: 1, menus: new Set(['MENU_NEW_PROMOTION_MANAGE']), isRoot: false, isMain: true }) } as never;
    const http = createHttp({ sessions, checkAnswers: true });
    const drifted = (async () => ({ id: 1, name: 'no other fields' })) as unknown as CallHandler<typeof PromotionCalls.getById>;
    http.serveCall(app, PromotionCalls.getById, drifted);
    app.setErrorHandler((error, _request, reply) => reply.code(500).send({ success: false, message: (error as Error).message }));
    const answer = await app.inject({ method: 'POST', url: PromotionCalls.getById.path, payload: { id: 1 }, headers: { authorization: 'Bearer x' } });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().message).toMatch(/does not match its schema: fromTime/);
  });

  it('refuses to register a call that is not in the catalogue', () => {
    const http = createHttp({ sessions: {} as never, checkAnswers: true });
    const stray: CallDef = { ...PromotionCalls.getById, path: '/myhome/promotion/stray' };
    expect(() => http.serveCall(Fastify(), stray, () => null as never)).toThrow(/not in the route catalogue/);
  });
});
