import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { readConfig } from '../../config.js';
import { seedDemoData } from '../../seed/demo.js';

const t = await createTestApp();

describe('health and site', () => {
  it('answers /healthz with the database state', async () => {
    const response = await fetch(`${t.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: true });
  });

  it('tells the site title without a session', async () => {
    const answer = await t.call('/cloud/core/site/info', undefined, { method: 'GET' });
    expect(answer.body.data.siteTitle).toBe('OpenSeller');
  });

  it('answers unknown API paths with ERR_NOT_FOUND', async () => {
    const answer = await t.call('/cloud/nothing/here', {});
    expect(answer.status).toBe(404);
    expect(answer.body.errorCode).toBe('ERR_NOT_FOUND');
  });
});

describe('demo data', () => {
  it('creates root, demo and picker on an empty database, once', async () => {
    await seedDemoData(t.database, { root: 'Root#2026go', demo: 'Seller#2026go', picker: 'Picker#2026go' });
    await seedDemoData(t.database, { root: 'Root#2026go', demo: 'Seller#2026go', picker: 'Picker#2026go' });
    const root = await t.login('root', 'Root#2026go');
    expect(root.body.data).toMatchObject({ roles: ['SUPER_ADMIN'], domainCode: null });
    const demoToken = await t.token('demo', 'Seller#2026go');
    const domain = await t.call('/cloud/domain/domain/getUserDomain', undefined, { method: 'GET', token: demoToken });
    expect(domain.body.data.level).toBe('PRO');
    const pickerToken = await t.token('picker', 'Picker#2026go');
    const menus = await t.call('/cloud/domain/menu/getUserMenu', undefined, { method: 'GET', token: pickerToken });
    expect(menus.body.data.map((m: any) => m.menuName).sort()).toEqual(['MENU_ERPSO', 'MENU_INV']);
    const { rows } = await t.database.pool.query("select count(*)::int as n from users where login_name in ('root','demo','picker')");
    expect(rows[0].n).toBe(3);
  });

  it('creates no default passwords in production unless they are given', () => {
    expect(readConfig({ NODE_ENV: 'production' }).demoPasswords).toEqual({ root: null, demo: null, picker: null });
    expect(readConfig({ NODE_ENV: 'production', ROOT_PASSWORD: 'Own#Root2026' }).demoPasswords.root).toBe('Own#Root2026');
    expect(readConfig({}).demoPasswords).toEqual({ root: 'Root#2026go', demo: 'Seller#2026go', picker: 'Picker#2026go' });
    expect(readConfig({ DEMO_PASSWORD: 'Mine#2026x' }).demoPasswords.demo).toBe('Mine#2026x');
  });
});

describe('root account', () => {
  it('manages domain editions, and only the root account may', async () => {
    await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
    const rootToken = await t.token('root', 'Root#2026go');
    const seller = await t.factories.sellerDomain({ level: 'LITE' });
    const sellerToken = await t.token(seller.loginName, seller.password);
    expect((await t.call('/cloud/admin/domain/search', {}, { token: sellerToken })).status).toBe(403);

    const found = await t.call('/cloud/admin/domain/search', { keyword: seller.loginName }, { token: rootToken });
    const row = found.body.data.voList[0];
    expect(row).toMatchObject({ domainCode: seller.domainCode, level: 'LITE', mainLoginName: seller.loginName });
    const trialEnd = new Date(Date.now() + 7 * 86400_000).toISOString();
    const updated = await t.call(
      '/cloud/admin/domain/update',
      { id: row.id, version: row.version, level: 'LITE', trialLevel: 'PRO', trialExpireTime: trialEnd, byStore: false },
      { token: rootToken },
    );
    expect(updated.body.success).toBe(true);
    // An active trial opens DISTRIBUTION and the level-gated fields.
    expect((await t.call('/cloud/domain/menu/getDomainExtraMenu', undefined, { method: 'GET', token: sellerToken })).body.data).toEqual(['DISTRIBUTION']);
    expect((await t.call('/cloud/domain/field/getUserField', undefined, { method: 'GET', token: sellerToken })).body.data).toContain('PURCHASE_PRICE');
    const stale = await t.call('/cloud/admin/domain/update', { id: row.id, version: row.version, level: 'PRO', byStore: false }, { token: rootToken });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
  });

  it('reads the SMS outbox', async () => {
    await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
    const rootToken = await t.token('root', 'Root#2026go');
    await t.call('/cloud/domain/login/sendValidateCode', { mobile: '13600001111', purpose: 'REGISTER' });
    const outbox = await t.call('/cloud/admin/smsOutbox/search', { mobile: '13600001111' }, { token: rootToken });
    expect(outbox.body.data.voList[0]).toMatchObject({ mobile: '13600001111', purpose: 'REGISTER', sender: 'outbox' });
    expect(outbox.body.data.voList[0].content).toMatch(/\d{6}/);
  });

  it('is refused the seller areas', async () => {
    await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
    const rootToken = await t.token('root', 'Root#2026go');
    expect((await t.call('/cloud/domain/user/search', {}, { token: rootToken })).status).toBe(403);
  });
});

describe('home counters', () => {
  it('answers every counter of spec 01 §3, zero while no orders exist', async () => {
    const seller = await t.factories.sellerDomain();
    const token = await t.token(seller.loginName, seller.password);
    const answer = await t.call('/myhome/homepage/getHomePageData', {}, { token });
    expect(answer.body.data).toEqual({
      countDaysLE1: 0,
      countbelowWarning: 0,
      noTbSpuCount: 0,
      countOrderSynFailed: 0,
      countSyncException: 0,
      countFeedbackFailed: 0,
      countNoVerify: 0,
      countToPrintExp: 0,
      countToSend: 0,
      countToSend4Wms: 0,
      asnHeaderCount: 0,
      rmaCount: 0,
      wdoHeaderCount: 0,
      whbelowWarning: [],
    });
  });
});

// Last in the file: the seed above only fills an empty database.
describe('compression', () => {
  it('sends an answer of 1 KB or more compressed to a client that accepts it, and plain to one that does not', async () => {
    const seller = await t.factories.sellerDomain();
    const token = await t.token(seller.loginName, seller.password);
    const menus = (encoding: string) => fetch(`${t.baseUrl}/cloud/domain/menu/getUserMenu`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } });
    const plain = await menus('identity');
    const plainText = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plainText.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const compressed = await menus(encoding);
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await compressed.text()).toBe(plainText);
    }
    // A small answer is not worth it.
    const small = await fetch(`${t.baseUrl}/cloud/core/site/info`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
