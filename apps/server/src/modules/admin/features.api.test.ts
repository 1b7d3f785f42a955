import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { seedDemoData } from '../../seed/demo.js';
import { DOMAIN_FEATURES_SERVICE, type DomainFeaturesReader } from './index.js';

const t = await createTestApp();
let root: string;
let a: { domainId: number; token: string };
let b: { domainId: number; token: string };
const FEATURE = 'HOT_SALE_PANEL';

beforeAll(async () => {
  await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
  root = await t.token('root', 'Root#2026go');
  const sa = await t.factories.sellerDomain();
  const sb = await t.factories.sellerDomain();
  a = { domainId: sa.domainId, token: await t.token(sa.loginName, sa.password) };
  b = { domainId: sb.domainId, token: await t.token(sb.loginName, sb.password) };
});

const reader = () => t.app.services.registry.get<DomainFeaturesReader>(DOMAIN_FEATURES_SERVICE);

describe('feature domains', () => {
  it('turns a feature on for chosen domains first, and only for them', async () => {
    const notYet = await t.call('/cloud/admin/domainFuture/searchNotInFutureDomainList', { featureCode: FEATURE, pageSize: 1000 }, { token: root });
    expect(notYet.body.data.voList.map((d: any) => d.domainId)).toEqual(expect.arrayContaining([a.domainId, b.domainId]));

    const created = await t.call('/cloud/admin/domainFuture/create', { featureCode: FEATURE, domainIdList: [a.domainId], remark: 'pilot' }, { token: root });
    expect(created.body.data).toEqual({ count: 1 });
    expect(await reader().isOn(a.domainId, FEATURE)).toBe(true);
    expect(await reader().isOn(b.domainId, FEATURE)).toBe(false);
    expect((await t.call('/cloud/domain/domainFuture/mine', {}, { token: a.token })).body.data).toEqual({ featureCodes: [FEATURE] });
    expect((await t.call('/cloud/domain/domainFuture/mine', {}, { token: b.token })).body.data).toEqual({ featureCodes: [] });

    const after = await t.call('/cloud/admin/domainFuture/searchNotInFutureDomainList', { featureCode: FEATURE, pageSize: 1000 }, { token: root });
    expect(after.body.data.voList.map((d: any) => d.domainId)).not.toContain(a.domainId);
    const list = await t.call('/cloud/admin/domainFuture/search', { featureCode: FEATURE }, { token: root });
    expect(list.body.data.voList).toEqual([expect.objectContaining({ domainId: a.domainId, featureCode: FEATURE, enabled: true, remark: 'pilot' })]);
  });

  it('turns a domain’s feature off and on and removes it, logging every change', async () => {
    const [row] = (await t.call('/cloud/admin/domainFuture/search', { featureCode: FEATURE }, { token: root })).body.data.voList;
    const off = await t.call('/cloud/admin/domainFuture/update', { id: row.id, version: row.version, enabled: false }, { token: root });
    expect(off.body.data).toMatchObject({ enabled: false, remark: 'pilot', version: row.version + 1 });
    expect(await reader().isOn(a.domainId, FEATURE)).toBe(false);
    const stale = await t.call('/cloud/admin/domainFuture/update', { id: row.id, version: row.version, enabled: true }, { token: root });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const removed = await t.call('/cloud/admin/domainFuture/delete', { idList: [row.id] }, { token: root });
    expect(removed.body.data).toEqual({ count: 1 });
    expect((await t.call('/cloud/admin/domainFuture/search', { featureCode: FEATURE }, { token: root })).body.data.total).toBe(0);
    const log = await t.call('/cloud/admin/adminLog/search', { entityType: 'feature', entityId: FEATURE }, { token: root });
    expect(log.body.data.voList.map((e: any) => e.action)).toEqual(['REMOVE_DOMAIN', 'UPDATE_DOMAIN', 'ADD_DOMAIN']);
    expect(log.body.data.voList[1]).toMatchObject({ loginName: 'root', before: { enabled: true }, after: { enabled: false } });
  });

  it('refuses an unknown domain, a domain twice and a bad code, changing nothing', async () => {
    const unknown = await t.call('/cloud/admin/domainFuture/create', { featureCode: 'NEW_PRINTING', domainIdList: [b.domainId, 987654321] }, { token: root });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe('ERR_ADMIN_DOMAIN_NOT_FOUND');
    expect(await reader().isOn(b.domainId, 'NEW_PRINTING')).toBe(false);
    await t.call('/cloud/admin/domainFuture/create', { featureCode: 'NEW_PRINTING', domainIdList: [a.domainId] }, { token: root });
    const twice = await t.call('/cloud/admin/domainFuture/create', { featureCode: 'NEW_PRINTING', domainIdList: [b.domainId, a.domainId] }, { token: root });
    expect(twice.body.errorCode).toBe('ERR_FEATURE_DOMAIN_EXISTS');
    expect(await reader().isOn(b.domainId, 'NEW_PRINTING')).toBe(false);
    const bad = await t.call('/cloud/admin/domainFuture/create', { featureCode: 'new printing', domainIdList: [a.domainId] }, { token: root });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.[0]?.field ?? bad.body.params?.field).toBe('featureCode');
    const missing = await t.call('/cloud/admin/domainFuture/update', { id: 987654321, version: 0, enabled: false }, { token: root });
    expect(missing.status).toBe(404);
  });

  it('refuses every feature-domain call to a seller', async () => {
    for (const [path, body] of [
      ['/cloud/admin/domainFuture/search', {}],
      ['/cloud/admin/domainFuture/create', { featureCode: 'SELF_SERVE', domainIdList: [a.domainId] }],
      ['/cloud/admin/domainFuture/update', { id: 1, version: 0, enabled: true }],
      ['/cloud/admin/domainFuture/delete', { idList: [1] }],
      ['/cloud/admin/domainFuture/searchNotInFutureDomainList', { featureCode: 'SELF_SERVE' }],
    ] as const) {
      expect((await t.call(path, body, { token: a.token })).status, path).toBe(403);
    }
    expect(await reader().isOn(a.domainId, 'SELF_SERVE')).toBe(false);
  });
});
