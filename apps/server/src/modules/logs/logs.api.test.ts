import { describe, expect, it } from 'vitest';
import { chooseCarriers } from '../../../test/factories/express.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { signedInSeller, storeRow } from '../../../test/factories/warehouses.js';
import { createTestApp, uniqueName } from '../../../test/harness.js';

const t = await createTestApp();

async function main() {
  const seller = await t.factories.sellerDomain();
  return { ...seller, token: await t.token(seller.loginName, seller.password) };
}

describe('log centre', () => {
  it('shows configuration changes in the configuration log, not in the document log', async () => {
    const a = await main();
    const roleName = uniqueName('role');
    await t.call('/cloud/domain/role/create', { roleName, menus: ['MENU_SKU'] }, { token: a.token });
    const config = await t.call('/myhome/configLog/searchPageList', { currentPage: 1, pageSize: 10 }, { token: a.token });
    expect(config.body.data.voList[0]).toMatchObject({ area: 'accounts', entityType: 'role', action: 'CREATE_ROLE', loginName: a.loginName });
    expect(config.body.data.voList[0].after).toMatchObject({ roleName });
    const docs = await t.call('/myhome/docLog/search', {}, { token: a.token });
    expect(docs.body.data.total).toBe(0);
  });

  it('filters by area, operator and time', async () => {
    const a = await main();
    await t.call('/cloud/domain/role/create', { roleName: uniqueName('r'), menus: [] }, { token: a.token });
    const none = await t.call('/myhome/configLog/searchPageList', { loginName: 'nobody-at-all' }, { token: a.token });
    expect(none.body.data.total).toBe(0);
    const future = await t.call('/myhome/configLog/searchPageList', { timeFrom: '2999-01-01 00:00:00' }, { token: a.token });
    expect(future.body.data.total).toBe(0);
    const byArea = await t.call('/myhome/configLog/searchPageList', { area: 'accounts' }, { token: a.token });
    expect(byArea.body.data.total).toBe(1);
    const otherArea = await t.call('/myhome/configLog/searchPageList', { area: 'goods' }, { token: a.token });
    expect(otherArea.body.data.total).toBe(0);
  });

  it("shows nothing of another domain's log and refuses an account without MENU_BIZ_LOG", async () => {
    const a = await main();
    const b = await main();
    await t.call('/cloud/domain/role/create', { roleName: uniqueName('r'), menus: [] }, { token: a.token });
    expect((await t.call('/myhome/configLog/searchPageList', {}, { token: b.token })).body.data.total).toBe(0);
    const picker = await t.factories.subAccount(a.domainId, { menus: ['MENU_ERPSO'] });
    const denied = await t.call('/myhome/configLog/searchPageList', {}, { token: await t.token(picker.loginName, picker.password) });
    expect(denied.status).toBe(403);
  });
});

describe("one record's history", () => {
  /**
   * Ids are per table: an order, a waybill account and a express rule with the same id. The
   * identities are moved to one fresh number so the three collide.
   */
  async function collidingRecords() {
    const s = await signedInSeller(t);
    await chooseCarriers(t, s.token, ['SF', 'ZTO']);
    const store = await storeRow(t, s.domainId);
    const id = 5_000_000 + Math.floor(Math.random() * 1_000_000);
    for (const table of ['erp_orders', 'waybill_accounts', 'express_rules']) await t.database.pool.query(`alter table ${table} alter column id restart with ${id}`);
    const order = await insertOrder(t, s.domainId, { storeId: store.id, lines: [{ skuId: null, qty: 1 }] });
    expect((await t.call('/myhome/erpsoh/lock', { idList: [order.id] }, { token: s.token })).body.success).toBe(true);
    const account = await t.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: 'ZTO', name: 'ZTO Cainiao', shop: 'My shop', branchName: '西湖网点' }, { token: s.token });
    const rules = await t.call('/cloud/core/expressRule/updateExpressRuleList', { type: 'BY_SKU', rules: [{ usable: true, ruleCondition: { expressCompanyCode: 'SF', skuCode: 'A-1' } }] }, { token: s.token });
    expect([order.id, account.body.data.id, rules.body.data[0].id]).toEqual([id, id, id]);
    return { ...s, order };
  }

  it("shows on an order's detail only the entries about that order", async () => {
    const w = await collidingRecords();
    const detail = await t.call('/myhome/erpsoh/getErpSoH', { id: w.order.id }, { token: w.token });
    expect(detail.body.data.logs.map((l: any) => l.action)).toEqual(['lock']);
  });

  it('reads one record by its kind and id, and refuses an id without a kind', async () => {
    const w = await collidingRecords();
    const orderLog = await t.call('/myhome/docLog/search', { entityType: 'erp_order', entityId: String(w.order.id) }, { token: w.token });
    expect(orderLog.body.data.voList.map((r: any) => [r.entityType, r.action, r.recordCode])).toEqual([['erp_order', 'lock', w.order.code]]);
    const accountLog = await t.call('/myhome/docLog/search', { entityType: 'waybillAccount', entityId: String(w.order.id) }, { token: w.token });
    expect(accountLog.body.data.voList.map((r: any) => [r.entityType, r.action, r.recordCode])).toEqual([['waybillAccount', 'create', 'ZTO Cainiao']]);
    const bare = await t.call('/myhome/docLog/search', { entityId: String(w.order.id) }, { token: w.token });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'entityType' } });
  });

  it("shows each entry's record by the code a person knows it by, and finds entries by that code", async () => {
    const w = await collidingRecords();
    const docs = await t.call('/myhome/docLog/search', { pageSize: 50 }, { token: w.token });
    expect(docs.body.data.voList.map((r: any) => [r.entityType, r.recordCode]).sort()).toEqual([
      ['erp_order', w.order.code],
      ['waybillAccount', 'ZTO Cainiao'],
    ]);
    const config = await t.call('/myhome/configLog/searchPageList', { area: 'expressrules' }, { token: w.token });
    expect(config.body.data.voList.map((r: any) => [r.entityType, r.action, r.recordCode])).toEqual([['expressRule', 'create', 'SF']]);
    const byCode = await t.call('/myhome/docLog/search', { record: w.order.code }, { token: w.token });
    expect(byCode.body.data.voList.map((r: any) => [r.entityType, r.action])).toEqual([['erp_order', 'lock']]);
    const byName = await t.call('/myhome/docLog/search', { record: 'ZTO Cainiao' }, { token: w.token });
    expect(byName.body.data.voList.map((r: any) => r.entityType)).toEqual(['waybillAccount']);
    // Deleted since: the entry still names the record it was about.
    await t.call('/myhome/etrackaccount/delete', { idList: [w.order.id] }, { token: w.token });
    const afterDelete = await t.call('/myhome/docLog/search', { entityType: 'waybillAccount', entityId: String(w.order.id) }, { token: w.token });
    expect(afterDelete.body.data.voList.map((r: any) => [r.action, r.recordCode])).toEqual([
      ['delete', 'ZTO Cainiao'],
      ['create', 'ZTO Cainiao'],
    ]);
  });
});

describe('the spec\'s log calls', () => {
  it('writes a print made in the browser into each order\'s history with writeDocLog, only for the domain\'s orders', async () => {
    const s = await signedInSeller(t);
    const store = await storeRow(t, s.domainId);
    const order = await insertOrder(t, s.domainId, { storeId: store.id, lines: [{ skuId: null, qty: 1 }] });
    const written = await t.call('/myhome/docLog/writeDocLog', { idList: [order.id], action: 'print', remark: '拣货单' }, { token: s.token });
    expect(written.body.data).toEqual({ written: 1 });
    const log = await t.call('/myhome/docLog/search', { entityType: 'erp_order', entityId: String(order.id) }, { token: s.token });
    expect(log.body.data.voList.map((r: any) => [r.action, r.after])).toEqual([['print', { remark: '拣货单' }]]);
    const other = await signedInSeller(t);
    const refused = await t.call('/myhome/docLog/writeDocLog', { idList: [order.id], action: 'print' }, { token: other.token });
    expect(refused.status).toBe(404);
    const forged = await t.call('/myhome/docLog/writeDocLog', { idList: [order.id], action: 'delete' }, { token: s.token });
    expect(forged.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'action' } });
    expect((await t.call('/myhome/docLog/search', { entityType: 'erp_order', entityId: String(order.id) }, { token: s.token })).body.data.total).toBe(1);
  });

  it('answers the choices of a log filter by the type in the query string', async () => {
    const a = await main();
    const areas = await t.call('/myhome/logOption/getOptionByType?type=configArea', {}, { token: a.token });
    expect(areas.body.data.map((o: any) => o.code)).toEqual(expect.arrayContaining(['accounts', 'settings', 'warehouses']));
    const actions = await t.call('/myhome/logOption/getOptionByType?type=action', {}, { token: a.token });
    expect(actions.body.data.map((o: any) => o.code)).toContain('print');
    const bad = await t.call('/myhome/logOption/getOptionByType?type=nothing', {}, { token: a.token });
    expect(bad.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'type' } });
  });
});
