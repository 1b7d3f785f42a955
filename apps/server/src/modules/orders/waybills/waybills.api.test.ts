// Waybill accounts, waybill numbers from the sandbox carrier and paper waybill numbers, over HTTP
// on a fresh database.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { chooseCarriers } from '../../../../test/factories/express.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { carrierSandboxParcels, erpOrders, operationLogs, waybillNumbers } from '../../../db/schema/index.js';
import { createSandboxCarrier } from '../../../connectors/carrier/sandbox/sandbox-carrier.js';

const t = await createTestApp();
const acc = '/myhome/etrackaccount';

async function seller(codes = ['SF', 'ZTO', 'YTO']) {
  const s = await signedInSeller(t);
  await chooseCarriers(t, s.token, codes);
  // No waiting in tests: the sandbox carrier answers at once.
  await t.call('/cloud/carrier/sandbox/settings', { latencyMs: 0 }, { token: s.token });
  const store = await storeRow(t, s.domainId);
  return { ...s, storeId: store.id };
}

const ztoAccount = { printCode: 'cn', expressCompanyCode: 'ZTO', name: 'ZTO Cainiao', shop: 'My shop', branchName: '杭州西湖网点', isDefault: true };

async function reviewed(s: { domainId: number; storeId: number }, expressCompanyCode: string | null = 'ZTO', extra: Record<string, unknown> = {}) {
  return insertOrder(t, s.domainId, { storeId: s.storeId, statusCode: 'CI_ERPSOH_STATUS_VERIFIED', expressCompanyCode, lines: [{ skuId: null, qty: 1 }], ...extra });
}

const expressNoOf = async (id: number) => (await t.database.db.select({ no: erpOrders.expressNo }).from(erpOrders).where(eq(erpOrders.id, id)))[0]!.no;

describe('waybill accounts', () => {
  it('creates, lists, updates and deletes an account, keeping one default per carrier and never sending the password back', async () => {
    const s = await seller();
    const a = await t.call(`${acc}/create`, ztoAccount, { token: s.token });
    expect(a.body.success).toBe(true);
    expect(a.body.data).toMatchObject({ printCode: 'cn', expressCompanyCode: 'ZTO', isDefault: true, sandbox: true, fields: { shop: 'My shop', branchName: '杭州西湖网点', paymentType: '0' } });
    const b = await t.call(`${acc}/create`, { printCode: 'rm', expressCompanyCode: 'ZTO', name: 'ZTO direct', customerCode: 'C1', password: 'secret', isDefault: true }, { token: s.token });
    expect(b.body.data).toMatchObject({ hasPassword: true, isDefault: true });
    expect(b.body.data.fields.password).toBeUndefined();

    const list = await t.call(`${acc}/list`, { expressCompanyCode: 'ZTO' }, { token: s.token });
    expect(list.body.data.total).toBe(2);
    const byId = new Map(list.body.data.voList.map((r: any) => [r.id, r]));
    expect((byId.get(a.body.data.id) as any).isDefault).toBe(false);

    // An edit without the password keeps the one set before.
    const current = byId.get(b.body.data.id) as any;
    const edited = await t.call(`${acc}/update`, { id: current.id, version: current.version, printCode: 'rm', expressCompanyCode: 'ZTO', name: 'Renamed', customerCode: 'C2', isDefault: true }, { token: s.token });
    expect(edited.body.data).toMatchObject({ name: 'Renamed', hasPassword: true, fields: { customerCode: 'C2' } });
    const stale = await t.call(`${acc}/update`, { id: current.id, version: current.version, printCode: 'rm', expressCompanyCode: 'ZTO', name: 'Again', customerCode: 'C2' }, { token: s.token });
    expect(stale.body.success).toBe(false);

    const removed = await t.call(`${acc}/delete`, { idList: [a.body.data.id] }, { token: s.token });
    expect(removed.body.data).toEqual({ removed: 1 });
    expect((await t.call(`${acc}/list`, {}, { token: s.token })).body.data.total).toBe(1);
  });

  it('refuses an account missing a required field of its kind, naming the field', async () => {
    const s = await seller();
    const noBranch = await t.call(`${acc}/create`, { ...ztoAccount, branchName: '  ' }, { token: s.token });
    expect(noBranch.body).toMatchObject({ success: false, errorCode: 'ERR_WAYBILL_FIELD_REQUIRED', params: { field: 'branchName' } });
    const sfDirect = await t.call(`${acc}/create`, { printCode: 'rm', expressCompanyCode: 'SF', name: 'SF', customerCode: 'C', password: 'p' }, { token: s.token });
    expect(sfDirect.body).toMatchObject({ success: false, params: { field: 'monthlyCardNumber' } });
    const notChosen = await t.call(`${acc}/create`, { ...ztoAccount, expressCompanyCode: 'EMS' }, { token: s.token });
    expect(notChosen.body).toMatchObject({ success: false, errorCode: 'ERR_WAYBILL_CARRIER_NOT_CHOSEN', params: { field: 'expressCompanyCode' } });
    const badKind = await t.call(`${acc}/create`, { ...ztoAccount, printCode: 'xx' }, { token: s.token });
    expect(badKind.body.success).toBe(false);
    expect((await t.call(`${acc}/list`, {}, { token: s.token })).body.data.total).toBe(0);
  });

  it('defaults the payment type to ORDER_PAY for SF', async () => {
    const s = await seller();
    const sf = await t.call(`${acc}/create`, { printCode: 'rm', expressCompanyCode: 'SF', name: 'SF', customerCode: 'C', password: 'p', monthlyCardNumber: '0210001' }, { token: s.token });
    expect(sf.body.data.fields.paymentType).toBe('ORDER_PAY');
  });
});

describe('waybill numbers', () => {
  it('gives each reviewed order a number once, keeps it on a second call, and logs it', async () => {
    const s = await seller();
    await t.call(`${acc}/create`, ztoAccount, { token: s.token });
    const o1 = await reviewed(s);
    const o2 = await reviewed(s);
    const first = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o1.id, o2.id] }, { token: s.token });
    expect(first.body.data).toMatchObject({ successIds: [o1.id, o2.id], failures: [], isError: false });
    const n1 = await expressNoOf(o1.id);
    const n2 = await expressNoOf(o2.id);
    // eTrackGetNoAndPrint answers the numbered orders as voList.
    expect(first.body.data.voList).toEqual([
      { id: o1.id, code: expect.any(String), expressCompanyCode: 'ZTO', expressNo: n1 },
      { id: o2.id, code: expect.any(String), expressCompanyCode: 'ZTO', expressNo: n2 },
    ]);
    expect(n1).toMatch(/^SBZTO\d{10}$/);
    expect(n1).not.toBe(n2);

    const again = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o1.id] }, { token: s.token });
    expect(again.body.data.successIds).toEqual([o1.id]);
    expect(await expressNoOf(o1.id)).toBe(n1);
    const rows = await t.database.db.select().from(waybillNumbers).where(eq(waybillNumbers.domainId, s.domainId));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.orderId === o1.id)!.routing).toMatchObject({ sortCode: expect.any(String), bag: expect.stringContaining('集包') });
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.entityId, String(o1.id)), eq(operationLogs.action, 'takeWaybillNo')));
    expect(logs).toHaveLength(1);
  });

  it('never gives a number of one order to another, even after the first order loses it', async () => {
    const s = await seller();
    await t.call(`${acc}/create`, ztoAccount, { token: s.token });
    const o1 = await reviewed(s);
    await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o1.id] }, { token: s.token });
    const n1 = await expressNoOf(o1.id);
    // The number is recycled off the order; a new order must still get a fresh one.
    await t.database.db.update(erpOrders).set({ expressNo: null }).where(eq(erpOrders.id, o1.id));
    const o2 = await reviewed(s);
    await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o2.id, o1.id] }, { token: s.token });
    const n2 = await expressNoOf(o2.id);
    const n1b = await expressNoOf(o1.id);
    expect(new Set([n1, n2, n1b]).size).toBe(3);
  });

  it('refuses orders without a courier, without an account, or not reviewed, and numbers the rest', async () => {
    const s = await seller();
    await t.call(`${acc}/create`, ztoAccount, { token: s.token });
    const ok = await reviewed(s);
    const noCourier = await reviewed(s, null);
    const noAccount = await reviewed(s, 'YTO');
    const pending = await insertOrder(t, s.domainId, { storeId: s.storeId, expressCompanyCode: 'ZTO', lines: [{ skuId: null, qty: 1 }] });
    const r = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [ok.id, noCourier.id, noAccount.id, pending.id] }, { token: s.token });
    expect(r.body.data.successIds).toEqual([ok.id]);
    const codes = Object.fromEntries(r.body.data.failures.map((f: any) => [f.id, f.errorCode]));
    expect(codes).toEqual({ [noCourier.id]: 'ERR_WAYBILL_NO_COURIER', [noAccount.id]: 'ERR_WAYBILL_NO_ACCOUNT', [pending.id]: 'ERR_WAYBILL_STATUS' });
    expect(r.body.data.failures.find((f: any) => f.id === noAccount.id).message).toContain('YTO');
    expect(await expressNoOf(noAccount.id)).toBeNull();
  });

  it('leaves no number when the carrier fails and reports each order; the next call works', async () => {
    const s = await seller();
    await t.call(`${acc}/create`, ztoAccount, { token: s.token });
    const o1 = await reviewed(s);
    const o2 = await reviewed(s);
    await t.call('/cloud/carrier/sandbox/failNext', { count: 1, reason: 'carrier down' }, { token: s.token });
    const failed = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o1.id, o2.id] }, { token: s.token });
    expect(failed.body.data.successIds).toEqual([]);
    expect(failed.body.data.failures.map((f: any) => [f.id, f.errorCode])).toEqual([
      [o1.id, 'ERR_WAYBILL_CARRIER_FAILED'],
      [o2.id, 'ERR_WAYBILL_CARRIER_FAILED'],
    ]);
    expect(failed.body.data.failures[0].message).toContain('carrier down');
    expect(await expressNoOf(o1.id)).toBeNull();
    expect(await t.database.db.select().from(waybillNumbers).where(eq(waybillNumbers.domainId, s.domainId))).toHaveLength(0);
    const retry = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o1.id, o2.id] }, { token: s.token });
    expect(retry.body.data.successIds).toEqual([o1.id, o2.id]);
  });

  it('refuses a parcel without a receiver address at the carrier', async () => {
    const s = await seller();
    await t.call(`${acc}/create`, ztoAccount, { token: s.token });
    const o = await reviewed(s, 'ZTO', { receiver: { address: '' } });
    const r = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o.id] }, { token: s.token });
    expect(r.body.data.failures[0]).toMatchObject({ id: o.id, errorCode: 'ERR_WAYBILL_CARRIER_FAILED' });
  });

  it('answers NOT_IN_BUILD for an account of a real carrier without a connector in this build', async () => {
    const s = await seller();
    await t.call(`${acc}/create`, { printCode: 'zm', expressCompanyCode: 'ZTO', name: 'ZTO direct', username: 'u1', password: 'p1', customerName: 'c1', sandbox: false, isDefault: true }, { token: s.token });
    const o = await reviewed(s);
    const r = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o.id] }, { token: s.token });
    expect(r.body.data.failures[0].message).toContain('not part of this build');
  });

  it('sends a real Cainiao account to the Cainiao connector, which refuses a parcel without a sender address', async () => {
    const s = await seller();
    await t.call(`${acc}/create`, { ...ztoAccount, sandbox: false }, { token: s.token });
    const o = await reviewed(s);
    const r = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o.id] }, { token: s.token });
    // (The order has no warehouse: the sandbox carrier would number it; Cainiao needs the sender's address.)
    expect(r.body.data.failures[0].message).toContain('sender name or address incomplete');
  });
});

describe('paper waybills', () => {
  it('numbers orders from the last number with the increment, skipping numbers given before', async () => {
    const s = await seller();
    const set = await t.call('/myhome/lastexpressno/updateLastNo', { expressCompanyCode: 'YTO', lastNo: 'YT000098', increment: 2 }, { token: s.token });
    expect(set.body.data).toMatchObject({ lastNo: 'YT000098', increment: 2 });
    const o1 = await reviewed(s, 'YTO');
    const o2 = await reviewed(s, 'YTO');
    const noCounter = await reviewed(s, 'SF');
    const r = await t.call('/myhome/print/paperyPrint', { idList: [o1.id, o2.id, noCounter.id] }, { token: s.token });
    expect(r.body.data.successIds).toEqual([o1.id, o2.id]);
    expect(r.body.data.failures.map((f: any) => f.errorCode)).toEqual(['ERR_WAYBILL_NO_LAST_NO']);
    expect([await expressNoOf(o1.id), await expressNoOf(o2.id)]).toEqual(['YT000100', 'YT000102']);
    // paperyPrint answers voList (the numbered orders) and isError (an order was refused).
    expect(r.body.data.isError).toBe(true);
    expect(r.body.data.voList.map((v: any) => [v.id, v.expressNo])).toEqual([
      [o1.id, 'YT000100'],
      [o2.id, 'YT000102'],
    ]);
    const last = await t.call('/myhome/lastexpressno/getLastNoByExpress', { expressCompanyCode: 'YTO' }, { token: s.token });
    expect(last.body.data.lastNo).toBe('YT000102');

    // Set back: the numbers already given are skipped.
    await t.call('/myhome/lastexpressno/updateLastNo', { expressCompanyCode: 'YTO', lastNo: 'YT000098', increment: 2 }, { token: s.token });
    const o3 = await reviewed(s, 'YTO');
    await t.call('/myhome/print/paperyPrint', { idList: [o3.id] }, { token: s.token });
    expect(await expressNoOf(o3.id)).toBe('YT000104');
  });

  it('refuses a last number with bad characters', async () => {
    const s = await seller();
    const r = await t.call('/myhome/lastexpressno/updateLastNo', { expressCompanyCode: 'YTO', lastNo: '12-34' }, { token: s.token });
    expect(r.body.success).toBe(false);
  });
});

describe('access', () => {
  it('does not let another domain read, change or number the rows', async () => {
    const s = await seller();
    const other = await seller();
    const a = await t.call(`${acc}/create`, ztoAccount, { token: s.token });
    const o = await reviewed(s);
    expect((await t.call(`${acc}/list`, {}, { token: other.token })).body.data.total).toBe(0);
    const upd = await t.call(`${acc}/update`, { ...ztoAccount, id: a.body.data.id, version: a.body.data.version, name: 'x' }, { token: other.token });
    expect(upd.body.success).toBe(false);
    const del = await t.call(`${acc}/delete`, { idList: [a.body.data.id] }, { token: other.token });
    expect(del.body.success).toBe(false);
    const take = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o.id] }, { token: other.token });
    expect(take.body.data.failures[0].errorCode).toBe('ERR_NOT_FOUND');
    expect(await expressNoOf(o.id)).toBeNull();
  });

  it('refuses a sub-account without the menus', async () => {
    const s = await seller();
    const staff = await signedInStaff(t, s.domainId, ['MENU_SKU']);
    const create = await t.call(`${acc}/create`, ztoAccount, { token: staff });
    expect(create.status).toBe(403);
    const o = await reviewed(s);
    const take = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [o.id] }, { token: staff });
    expect(take.status).toBe(403);
    const accountsOnly = await signedInStaff(t, s.domainId, ['MENU_ETRACK_ACCOUNT']);
    expect((await t.call(`${acc}/create`, ztoAccount, { token: accountsOnly })).body.success).toBe(true);
  });
});

describe('sandbox carrier tracking', () => {
  it('moves a parcel GOT → TRANSIT → SIGNED (or EXCEPTION) as time passes, and answers NO for an unknown number', async () => {
    const s = await seller();
    let clock = new Date('2026-01-01T00:00:00Z');
    const carrier = createSandboxCarrier({ db: t.database.db, now: () => clock });
    await carrier.console.update(s.domainId, { latencyMs: 0, trackingStepSeconds: 60 });
    const account = { domainId: s.domainId, accountId: 1, printCode: 'cn' as const, expressCompanyCode: 'ZTO', sandbox: true, fields: {} };
    const receiver = { name: '张三', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 1 号' };
    const states: string[][] = [];
    for (let i = 0; i < 12; i++) {
      clock = new Date('2026-01-01T00:00:00Z');
      const [out] = await carrier.takeWaybillNumbers(account, [{ orderCode: `X${i}`, sender: receiver, receiver, weight: '1.000', packages: 1 }]);
      if (!out?.ok) throw new Error('no number');
      const seen: string[] = [];
      for (const minutes of [0, 1, 2, 10]) {
        clock = new Date(Date.parse('2026-01-01T00:00:00Z') + minutes * 60_000);
        seen.push((await carrier.queryTracking(account, out.expressNo)).state);
      }
      states.push(seen);
    }
    for (const seen of states) {
      expect(seen.slice(0, 2)).toEqual(['GOT', 'TRANSIT']);
      expect(['SIGNED', 'EXCEPTION']).toContain(seen[2]);
      expect(seen[3]).toBe(seen[2]);
    }
    expect((await carrier.queryTracking(account, 'NOPE')).state).toBe('NO');
    // Another domain does not see the parcel.
    const other = await seller();
    const [parcel] = await t.database.db.select().from(carrierSandboxParcels).where(eq(carrierSandboxParcels.domainId, s.domainId));
    expect((await carrier.queryTracking({ domainId: other.domainId, expressCompanyCode: 'ZTO' }, parcel!.expressNo)).state).toBe('NO');
  });
});
