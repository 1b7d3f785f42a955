// Express rules, their priority, stop-shipping templates, the address calls and the courier
// choice the ingest pipeline asks for, over HTTP on a fresh database.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { chooseCarriers } from '../../../../test/factories/express.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { expressRules, operationLogs } from '../../../db/schema/index.js';
import { EXPRESS_RULES_SERVICE, type CourierChoiceInput, type ExpressRulesService } from './courier-choice.js';

const t = await createTestApp();
const rule = '/cloud/core/expressRule';
const stop = '/myhome/expressCompany/expressProhibited';
const address = '/myhome/address';

async function seller(codes = ['SF', 'ZTO', 'YTO']) {
  const s = await signedInSeller(t);
  await chooseCarriers(t, s.token, codes);
  return s;
}

const choose = (domainId: number, inputs: CourierChoiceInput[]) =>
  t.database.db.transaction((tx) => t.app.services.registry.get<ExpressRulesService>(EXPRESS_RULES_SERVICE).chooseCouriers(tx, domainId, inputs));

const input = (extra: Partial<CourierChoiceInput> = {}): CourierChoiceInput => ({
  key: 'P1',
  storeId: 1,
  warehouseId: null,
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  weightKg: '1.000',
  lines: [{ skuId: null, skuCode: 'A-1', qty: 1 }],
  ...extra,
});

describe('rule lists', () => {
  it('saves a SKU list with sortIndex = length − position, reads it by GET and POST, and logs it', async () => {
    const s = await seller();
    const saved = await t.call(
      `${rule}/updateExpressRuleList`,
      { type: 'BY_SKU', rules: ['A-1', 'B-2', 'C-3'].map((skuCode, i) => ({ usable: true, ruleCondition: { expressCompanyCode: i ? 'ZTO' : 'SF', skuCode } })) },
      { token: s.token },
    );
    expect(saved.body.success).toBe(true);
    expect(saved.body.data.map((r: any) => [r.ruleCondition.skuCode, r.sortIndex])).toEqual([
      ['A-1', 3],
      ['B-2', 2],
      ['C-3', 1],
    ]);
    const byGet = await t.call(`${rule}/getExpressRuleList?type=BY_SKU`, undefined, { token: s.token });
    expect(byGet.body.data.map((r: any) => r.ruleCondition.skuCode)).toEqual(['A-1', 'B-2', 'C-3']);
    const byPost = await t.call(`${rule}/getExpressRuleList?type=BY_SKU`, {}, { token: s.token });
    expect(byPost.body.data).toHaveLength(3);
    // getExpressRuleList?type=… reads its query string: a POST without it is refused naming type.
    const noType = await t.call(`${rule}/getExpressRuleList`, { type: 'BY_SKU' }, { token: s.token });
    expect(noType.body.success).toBe(false);
    expect(JSON.stringify(noType.body)).toContain('type');
    const empty = await t.call(`${rule}/getExpressRuleList?type=BY_AREA`, {}, { token: s.token });
    expect(empty.body.data).toEqual([]);

    // Reorder (C first), drop B: versions checked, B removed, the others renumbered.
    const [a, , c] = saved.body.data;
    const again = await t.call(
      `${rule}/updateExpressRuleList`,
      { type: 'BY_SKU', rules: [c, a].map((r: any) => ({ id: r.id, version: r.version, usable: r.usable, ruleCondition: r.ruleCondition })) },
      { token: s.token },
    );
    expect(again.body.data.map((r: any) => [r.ruleCondition.skuCode, r.sortIndex])).toEqual([
      ['C-3', 2],
      ['A-1', 1],
    ]);
    const stale = await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_SKU', rules: [{ id: a.id, version: a.version, usable: true, ruleCondition: a.ruleCondition }] }, { token: s.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, s.domainId), eq(operationLogs.area, 'expressrules')));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'create', 'create', 'delete', 'update', 'update'].sort());
  });

  it('refuses a carrier the domain has not chosen, naming the field, and saves nothing', async () => {
    const s = await seller(['SF']);
    const answer = await t.call(
      `${rule}/updateExpressRuleList`,
      {
        type: 'BY_AREA',
        rules: [
          { usable: true, ruleCondition: { expressCompanyCode: 'SF', province: '浙江省' } },
          { usable: true, ruleCondition: { expressCompanyCode: 'ZTO', province: '江苏省' } },
        ],
      },
      { token: s.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: 'ERR_EXPRESS_RULE_CARRIER_NOT_CHOSEN', params: { field: 'rules.1.ruleCondition.expressCompanyCode', code: 'ZTO' } });
    expect(await t.database.db.select().from(expressRules).where(eq(expressRules.domainId, s.domainId))).toHaveLength(0);
  });

  it('refuses an unknown province, a reversed weight range and another domain’s store', async () => {
    const s = await seller();
    const other = await signedInSeller(t);
    const otherStore = await storeRow(t, other.domainId);
    const province = await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_AREA', rules: [{ ruleCondition: { expressCompanyCode: 'SF', province: '火星省' } }] }, { token: s.token });
    expect(province.body).toMatchObject({ errorCode: 'ERR_EXPRESS_RULE_PROVINCE_UNKNOWN', params: { field: 'rules.0.ruleCondition.province' } });
    const weight = await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_WEIGHT', rules: [{ ruleCondition: { expressCompanyCode: 'SF', weightMin: '5', weightMax: '1' } }] }, { token: s.token });
    expect(weight.body).toMatchObject({ errorCode: 'ERR_EXPRESS_RULE_WEIGHT_RANGE', params: { field: 'rules.0.ruleCondition.weightMax' } });
    const store = await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_STORE', rules: [{ ruleCondition: { expressCompanyCode: 'SF', storeId: otherStore.id } }] }, { token: s.token });
    expect(store.body).toMatchObject({ errorCode: 'ERR_EXPRESS_RULE_STORE_UNKNOWN', params: { field: 'rules.0.ruleCondition.storeId' } });
  });

  it('deletes rules by id and keeps a carrier in use from being removed', async () => {
    const s = await seller();
    const saved = await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_CUSTOM', rules: [{ ruleCondition: { expressCompanyCode: 'YTO', keyword: '圆通' } }] }, { token: s.token });
    const mine = await t.call('/myhome/expressCompany/getAllUserExpressCompany', {}, { token: s.token });
    const yto = mine.body.data.find((r: any) => r.code === 'YTO');
    const refused = await t.call('/myhome/expressCompany/removeUserExpressCompany', { idList: [yto.id] }, { token: s.token });
    expect(refused.body.errorCode).toBe('ERR_EXPRESS_IN_USE');
    const deleted = await t.call(`${rule}/deleteExpressRuleList`, { idList: [saved.body.data[0].id] }, { token: s.token });
    expect(deleted.body.data).toEqual({ deleted: 1 });
    expect((await t.call(`${rule}/getExpressRuleList?type=BY_CUSTOM`, {}, { token: s.token })).body.data).toEqual([]);
  });
});

describe('priority order', () => {
  it('answers the default order, saves a new one, and refuses a list that repeats a type', async () => {
    const s = await seller();
    const first = await t.call(`${rule}/getExpressRulePriorityList`, {}, { token: s.token });
    expect(first.body.data).toEqual({ types: ['BY_SKU', 'BY_CUSTOM', 'BY_STORE', 'BY_WEIGHT', 'BY_AREA'], version: 0 });
    const types = ['BY_AREA', 'BY_SKU', 'BY_CUSTOM', 'BY_STORE', 'BY_WEIGHT'];
    const saved = await t.call(`${rule}/updateExpressRulePriorityList`, { types, version: 0 }, { token: s.token });
    expect(saved.body.data.types).toEqual(types);
    const twice = await t.call(`${rule}/updateExpressRulePriorityList`, { types: ['BY_AREA', 'BY_AREA', 'BY_CUSTOM', 'BY_STORE', 'BY_WEIGHT'] }, { token: s.token });
    expect(twice.body).toMatchObject({ errorCode: 'ERR_EXPRESS_RULE_PRIORITY_TYPES', params: { field: 'types' } });
    const byGet = await t.call(`${rule}/getExpressRulePriorityList?x=1`, undefined, { token: s.token });
    expect(byGet.body.data.types).toEqual(types);
  });
});

describe('stop-shipping templates', () => {
  it('creates, searches, updates and deletes a template', async () => {
    const s = await seller();
    const created = await t.call(`${stop}/create`, { name: '顺丰停发', expressCompanyCode: 'SF', areas: [{ province: '新疆' }, { province: '浙江省', city: '杭州市', district: '西湖区' }] }, { token: s.token });
    expect(created.body.data).toMatchObject({ name: '顺丰停发', expressCompanyCode: 'SF', usable: true, areas: [{ province: '新疆维吾尔自治区' }, { province: '浙江省', city: '杭州市', district: '西湖区' }] });
    const taken = await t.call(`${stop}/create`, { name: '顺丰停发', expressCompanyCode: 'ZTO', areas: [{ province: '西藏' }] }, { token: s.token });
    expect(taken.body).toMatchObject({ errorCode: 'ERR_COURIER_STOP_NAME_TAKEN', params: { field: 'name' } });
    const notChosen = await t.call(`${stop}/create`, { name: 'x', expressCompanyCode: 'EMS', areas: [{ province: '西藏' }] }, { token: s.token });
    expect(notChosen.body).toMatchObject({ errorCode: 'ERR_EXPRESS_RULE_CARRIER_NOT_CHOSEN', params: { field: 'expressCompanyCode' } });
    const found = await t.call(`${stop}/search`, { name: '顺丰' }, { token: s.token });
    expect(found.body.data).toMatchObject({ total: 1, voList: [{ id: created.body.data.id }] });
    const updated = await t.call(`${stop}/update`, { ...created.body.data, usable: false, areas: [{ province: '西藏' }] }, { token: s.token });
    expect(updated.body.data).toMatchObject({ usable: false, version: created.body.data.version + 1, areas: [{ province: '西藏自治区' }] });
    const stale = await t.call(`${stop}/update`, { ...created.body.data }, { token: s.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const deleted = await t.call(`${stop}/delete`, { idList: [created.body.data.id] }, { token: s.token });
    expect(deleted.body.data).toEqual({ deleted: 1 });
  });
});

describe('the courier choice of ingest', () => {
  it('chooses by rule, moves on when the carrier stops shipping there, and flags a prohibited area', async () => {
    const s = await seller();
    await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_SKU', rules: [{ ruleCondition: { expressCompanyCode: 'SF', skuCode: 'A-1' } }] }, { token: s.token });
    await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_AREA', rules: [{ ruleCondition: { expressCompanyCode: 'ZTO', province: '浙江' } }] }, { token: s.token });
    await t.call(`${stop}/create`, { name: 'SF stops', expressCompanyCode: 'SF', areas: [{ province: '浙江省', city: '杭州市', district: '西湖区' }] }, { token: s.token });
    await t.call(`${stop}/create`, { name: 'ZTO stops', expressCompanyCode: 'ZTO', areas: [{ province: '浙江省', city: '宁波市' }] }, { token: s.token });
    const answers = await choose(s.domainId, [
      input({ key: 'sku', district: '滨江区' }),
      input({ key: 'stopped' }),
      input({ key: 'none', province: '江苏省', city: '南京市', district: '玄武区', lines: [] }),
      input({ key: 'prohibited', city: '宁波市', district: '鄞州区', lines: [] }),
    ]);
    expect(answers.map((a) => [a.key, a.expressCompanyCode, a.ruleType, a.prohibited])).toEqual([
      ['sku', 'SF', 'BY_SKU', false],
      ['stopped', 'ZTO', 'BY_AREA', false],
      ['none', null, null, false],
      ['prohibited', 'ZTO', 'BY_AREA', true],
    ]);
    expect(answers[1]!.reason).toContain('stops shipping');
  });
});

describe('address', () => {
  it('analyses an address, searches places and answers the region tree to any signed-in account', async () => {
    const s = await seller();
    const staff = await signedInStaff(t, s.domainId, []);
    const parsed = await t.call(`${address}/addressAnalysis`, { text: '浙江 杭州 西湖区 文三路100号' }, { token: staff });
    expect(parsed.body.data).toEqual({ province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路100号', name: null, phone: null });
    const receiver = await t.call(`${address}/addressAnalysis`, { text: '张三，13812345678，浙江省杭州市西湖区文三路100号' }, { token: staff });
    expect(receiver.body.data).toEqual({ province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路100号', name: '张三', phone: '13812345678' });
    const tooLong = await t.call(`${address}/addressAnalysis`, { text: 'x'.repeat(501) }, { token: staff });
    expect(tooLong.status).toBe(400);
    const hits = await t.call(`${address}/searchAddress`, { keyword: '杭州' }, { token: staff });
    expect(hits.body.data).toEqual([{ province: '浙江省', city: '杭州市', label: '浙江省 杭州市' }]);
    const tree = await t.call(`${address}/findAllAddressTree`, {}, { token: staff });
    expect(tree.body.data).toHaveLength(34);
    const anonymous = await t.call(`${address}/searchAddressAsTree`, {}, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('access', () => {
  it('keeps another domain from reading or changing the rules and templates', async () => {
    const owner = await seller();
    const other = await seller();
    const saved = await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_SKU', rules: [{ ruleCondition: { expressCompanyCode: 'SF', skuCode: 'A-1' } }] }, { token: owner.token });
    const template = await t.call(`${stop}/create`, { name: 'T', expressCompanyCode: 'SF', areas: [{ province: '西藏' }] }, { token: owner.token });
    expect((await t.call(`${rule}/getExpressRuleList?type=BY_SKU`, {}, { token: other.token })).body.data).toEqual([]);
    const r = saved.body.data[0];
    const hijack = await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_SKU', rules: [{ id: r.id, version: r.version, ruleCondition: r.ruleCondition }] }, { token: other.token });
    expect(hijack.body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${rule}/deleteExpressRuleList`, { idList: [r.id] }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${stop}/search`, {}, { token: other.token })).body.data.total).toBe(0);
    expect((await t.call(`${stop}/update`, { ...template.body.data, name: 'mine' }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${stop}/delete`, { idList: [template.body.data.id] }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await choose(other.domainId, [input()]))[0]!.expressCompanyCode).toBeNull();
    expect((await t.call(`${rule}/getExpressRuleList?type=BY_SKU`, {}, { token: owner.token })).body.data).toHaveLength(1);
  });

  it('refuses a sub-account without the menu and changes nothing', async () => {
    const s = await seller();
    const staff = await signedInStaff(t, s.domainId, ['MENU_EXPRESS_STOP']);
    const refused = await t.call(`${rule}/updateExpressRuleList`, { type: 'BY_SKU', rules: [{ ruleCondition: { expressCompanyCode: 'SF', skuCode: 'A-1' } }] }, { token: staff });
    expect(refused.status).toBe(403);
    expect((await t.call(`${rule}/getExpressRulePriorityList`, {}, { token: staff })).status).toBe(403);
    expect(await t.database.db.select().from(expressRules).where(eq(expressRules.domainId, s.domainId))).toHaveLength(0);
    const rulesOnly = await signedInStaff(t, s.domainId, ['MENU_EXPRESS_RULE']);
    expect((await t.call(`${stop}/search`, {}, { token: rulesOnly })).status).toBe(403);
    expect((await t.call(`${stop}/search`, {}, { token: staff })).body.success).toBe(true);
  });
});
