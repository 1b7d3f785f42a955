// The express companies a domain ships with, over HTTP, on a fresh database.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EXPRESS_COMPANIES, NO_MULTI_PACKAGE_EXPRESS_CODES } from '@openseller/core';
import { createTestApp } from '../../../test/harness.js';
import { chooseCarriers } from '../../../test/factories/express.js';
import { signedInSeller, signedInStaff } from '../../../test/factories/warehouses.js';
import { domainExpressCompanies, operationLogs } from '../../db/schema/index.js';
import type { ExpressReferenceChecker, ExpressRegistryService } from './index.js';

const t = await createTestApp();
const base = '/myhome/expressCompany';

// Another area (express rules) that uses a carrier, switched on per row by the tests.
const usedByRules = new Set<number>();
t.app.services.registry.add<ExpressReferenceChecker>('express-company-references', async (_tx, _domainId, ids) =>
  ids.filter((id) => usedByRules.has(id)).map(() => ({ reason: 'express rules', count: 2 })),
);

describe('the system catalogue', () => {
  it('lists every carrier of the spec with zh and en names and its multi-package support', async () => {
    const seller = await signedInSeller(t);
    const answer = await t.call(`${base}/getAllSystemExpressCompany`, {}, { token: seller.token, headers: { 'accept-language': 'zh-CN' } });
    const byCode = new Map(answer.body.data.map((e: any) => [e.code, e]));
    for (const code of ['SF', 'SFKY', 'ANE', 'BESTLOGISTICS', 'ZTKY', 'YUNDA_KY', 'JDKD', 'STO', 'JTSD', 'SXJD', 'ZYKD', 'DEPPON', 'EMS', 'POSTB', 'DBKD', 'SURE', 'YMDD', 'ZTO', 'YTO', 'YUNDA'])
      expect(byCode.has(code), code).toBe(true);
    expect(byCode.get('SF')).toMatchObject({ name: '顺丰速运', nameEn: 'SF Express', multiPackage: true, chosen: false });
    const single = answer.body.data.filter((e: any) => !e.multiPackage).map((e: any) => e.code);
    expect(single.sort()).toEqual(['ANE', 'BESTLOGISTICS', 'DEPPON', 'SFKY', 'SURE', 'SXJD', 'YMDD', 'YUNDA_KY', 'ZTKY'].sort());
    expect(NO_MULTI_PACKAGE_EXPRESS_CODES).toHaveLength(9);
    const english = await t.call(`${base}/getAllSystemExpressCompany`, {}, { token: seller.token });
    expect(english.body.data.find((e: any) => e.code === 'ZTO').name).toBe('ZTO Express');
    expect(english.body.data).toHaveLength(EXPRESS_COMPANIES.length);
  });
});

describe('every express company answer', () => {
  it('carries id and udf4: the catalogue entries the domain row and its note, null while not chosen', async () => {
    const seller = await signedInSeller(t);
    const [sf] = await chooseCarriers(t, seller.token, ['SF']);
    const updated = await t.call(`${base}/updateUserExpressCompany`, { id: sf!.id, version: sf!.version, udf4: '深圳分部', sortIndex: 1 }, { token: seller.token });
    expect(updated.body.success).toBe(true);
    const catalogue = await t.call(`${base}/getAllSystemExpressCompany`, {}, { token: seller.token });
    expect(catalogue.body.data.find((e: any) => e.code === 'SF')).toMatchObject({ id: sf!.id, udf4: '深圳分部', userExpressCompanyId: sf!.id, chosen: true });
    expect(catalogue.body.data.find((e: any) => e.code === 'ZTO')).toMatchObject({ id: null, udf4: null, chosen: false });
    for (const path of ['getAllUserExpressCompany', 'getAllUserExpressCompanyWithNull']) {
      const answer = await t.call(`${base}/${path}`, {}, { token: seller.token });
      for (const row of answer.body.data) expect(Object.keys(row), path).toEqual(expect.arrayContaining(['id', 'code', 'name', 'udf4']));
    }
  });
});

describe("the domain's carriers", () => {
  it('adds carriers in order, marks them in the catalogue, and logs it', async () => {
    const seller = await signedInSeller(t);
    const added = await chooseCarriers(t, seller.token, ['ZTO', 'SF']);
    expect(added.map((r: any) => [r.code, r.sortIndex])).toEqual([
      ['ZTO', 1],
      ['SF', 2],
    ]);
    await chooseCarriers(t, seller.token, ['SFKY']);
    const mine = await t.call(`${base}/getAllUserExpressCompany`, {}, { token: seller.token });
    expect(mine.body.data.map((r: any) => r.code)).toEqual(['ZTO', 'SF', 'SFKY']);
    expect(mine.body.data[2]).toMatchObject({ name: 'SF Freight', udf4: null, multiPackage: false, freight: true });
    expect(Object.keys(mine.body.data[0])).toEqual(expect.arrayContaining(['id', 'code', 'name', 'udf4']));
    const catalogue = await t.call(`${base}/getAllSystemExpressCompany`, {}, { token: seller.token });
    expect(catalogue.body.data.filter((e: any) => e.chosen).map((e: any) => e.code).sort()).toEqual(['SF', 'SFKY', 'ZTO']);
    expect(catalogue.body.data.find((e: any) => e.code === 'SF').userExpressCompanyId).toBe(added[1]!.id);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, seller.domainId), eq(operationLogs.entityType, 'expressCompany')));
    expect(logs.map((l) => l.action)).toEqual(['add', 'add', 'add']);
  });

  it('answers the list with a leading "no express company" entry for filters', async () => {
    const seller = await signedInSeller(t);
    await chooseCarriers(t, seller.token, ['YTO']);
    const answer = await t.call(`${base}/getAllUserExpressCompanyWithNull`, {}, { token: seller.token, headers: { 'accept-language': 'zh' } });
    expect(answer.body.data.map((r: any) => [r.id, r.code])).toEqual([
      [0, 'NONE'],
      [expect.any(Number), 'YTO'],
    ]);
    expect(answer.body.data[0].name).toBe('无快递');
    expect(answer.body.data[1].name).toBe('圆通速递');
  });

  it('refuses an unknown code and a carrier already chosen, adding none of the batch', async () => {
    const seller = await signedInSeller(t);
    await chooseCarriers(t, seller.token, ['STO']);
    const unknown = await t.call(`${base}/addUserExpressCompany`, { codes: ['ZTO', 'FAKE'] }, { token: seller.token });
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'codes.1' } });
    const twice = await t.call(`${base}/addUserExpressCompany`, { codes: ['ZTO', 'STO'] }, { token: seller.token });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ errorCode: 'ERR_EXPRESS_ALREADY_CHOSEN', params: { field: 'codes', code: 'STO' } });
    const rows = await t.database.db.select().from(domainExpressCompanies).where(eq(domainExpressCompanies.domainId, seller.domainId));
    expect(rows.map((r) => r.code)).toEqual(['STO']);
  });

  it('updates the note and order with the current version and refuses a stale one', async () => {
    const seller = await signedInSeller(t);
    const [zto, sf] = await chooseCarriers(t, seller.token, ['ZTO', 'SF']);
    const updated = await t.call(`${base}/updateUserExpressCompany`, { id: sf!.id, version: 0, udf4: 'Monthly account 0571', sortIndex: 0 }, { token: seller.token });
    expect(updated.body.data).toMatchObject({ udf4: 'Monthly account 0571', sortIndex: 0, version: 1 });
    expect((await t.call(`${base}/getAllUserExpressCompany`, {}, { token: seller.token })).body.data.map((r: any) => r.code)).toEqual(['SF', 'ZTO']);
    const stale = await t.call(`${base}/updateUserExpressCompany`, { id: sf!.id, version: 0, udf4: 'Stale' }, { token: seller.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await t.call(`${base}/getAllUserExpressCompany`, {}, { token: seller.token })).body.data[0].udf4).toBe('Monthly account 0571');
    expect(zto!.id).toBeGreaterThan(0);
  });

  it('removes carriers, but none that another area still uses', async () => {
    const seller = await signedInSeller(t);
    const [zto, yto] = await chooseCarriers(t, seller.token, ['ZTO', 'YTO']);
    usedByRules.add(yto!.id);
    const refused = await t.call(`${base}/removeUserExpressCompany`, { idList: [zto!.id, yto!.id] }, { token: seller.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'ERR_EXPRESS_IN_USE', params: { code: 'YTO', reason: 'express rules', count: 2 } });
    expect((await t.call(`${base}/getAllUserExpressCompany`, {}, { token: seller.token })).body.data).toHaveLength(2);
    usedByRules.delete(yto!.id);
    const removed = await t.call(`${base}/removeUserExpressCompany`, { idList: [zto!.id] }, { token: seller.token });
    expect(removed.body.data).toEqual({ removed: 1 });
    expect((await t.call(`${base}/getAllUserExpressCompany`, {}, { token: seller.token })).body.data.map((r: any) => r.code)).toEqual(['YTO']);
    // Removed, it can be chosen again.
    expect((await chooseCarriers(t, seller.token, ['ZTO'])).map((r) => r.code)).toEqual(['ZTO']);
  });

  it('offers the chosen carriers to other areas through the registry', async () => {
    const seller = await signedInSeller(t);
    const other = await signedInSeller(t);
    const [jd] = await chooseCarriers(t, seller.token, ['JDKD']);
    const [theirs] = await chooseCarriers(t, other.token, ['EMS']);
    const service = t.app.services.registry.get<ExpressRegistryService>('express');
    expect((await service.chosenCompanies(seller.domainId)).map((r) => [r.code, r.name])).toEqual([['JDKD', '京东快递']]);
    expect((await service.findChosen(seller.domainId, { ids: [jd!.id, theirs!.id] }, 'en')).map((r) => r.name)).toEqual(['JD Express']);
  });
});

describe('boundaries', () => {
  it("keeps one domain's carriers from another domain", async () => {
    const a = await signedInSeller(t);
    const b = await signedInSeller(t);
    const [mine] = await chooseCarriers(t, a.token, ['SF']);
    expect((await t.call(`${base}/getAllUserExpressCompany`, {}, { token: b.token })).body.data).toEqual([]);
    expect((await t.call(`${base}/getAllSystemExpressCompany`, {}, { token: b.token })).body.data.some((e: any) => e.chosen)).toBe(false);
    expect((await t.call(`${base}/updateUserExpressCompany`, { id: mine!.id, version: 0, udf4: 'x' }, { token: b.token })).status).toBe(404);
    expect((await t.call(`${base}/removeUserExpressCompany`, { idList: [mine!.id] }, { token: b.token })).status).toBe(404);
    // The other domain may choose the same carrier for itself.
    expect((await chooseCarriers(t, b.token, ['SF'])).map((r) => r.code)).toEqual(['SF']);
    const rows = await t.database.db.select().from(domainExpressCompanies).where(eq(domainExpressCompanies.id, mine!.id));
    expect(rows[0]).toMatchObject({ domainId: a.domainId, udf4: null, version: 0 });
  });

  it('lets order staff read the carriers but only the waybill-account menu change them', async () => {
    const seller = await signedInSeller(t);
    const [sf] = await chooseCarriers(t, seller.token, ['SF']);
    const orders = await signedInStaff(t, seller.domainId, ['MENU_ERPSO']);
    expect((await t.call(`${base}/getAllUserExpressCompany`, {}, { token: orders })).body.data.map((r: any) => r.code)).toEqual(['SF']);
    for (const [path, body] of [
      ['addUserExpressCompany', { codes: ['ZTO'] }],
      ['removeUserExpressCompany', { idList: [sf!.id] }],
      ['updateUserExpressCompany', { id: sf!.id, version: 0, udf4: 'x' }],
    ] as const) {
      const denied = await t.call(`${base}/${path}`, body, { token: orders });
      expect(denied.status, path).toBe(403);
      expect(denied.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    const config = await signedInStaff(t, seller.domainId, ['MENU_USER_CONFIG']);
    expect((await t.call(`${base}/getAllUserExpressCompany`, {}, { token: config })).status).toBe(403);
    expect((await t.call(`${base}/getAllUserExpressCompany`, {}, { token: seller.token })).body.data).toHaveLength(1);
  });
});
