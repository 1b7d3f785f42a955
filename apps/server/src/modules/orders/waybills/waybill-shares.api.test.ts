// Carrier account shares across domains, over HTTP on a fresh database: the count, start/stop,
// delete, the share print log, other domains and permissions.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { chooseCarriers } from '../../../../test/factories/express.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { domains, erpOrders, waybillAccountShares, waybillNumbers } from '../../../db/schema/index.js';

const t = await createTestApp();
const acc = '/myhome/etrackaccount';
const sh = '/myhome/etrackaccountshare';
const take = '/myhome/print/eTrackGetNoAndPrint';

async function seller() {
  const s = await signedInSeller(t);
  await chooseCarriers(t, s.token, ['SF', 'ZTO']);
  await t.call('/cloud/carrier/sandbox/settings', { latencyMs: 0 }, { token: s.token });
  const store = await storeRow(t, s.domainId);
  const [d] = await t.database.db.select({ code: domains.code }).from(domains).where(eq(domains.id, s.domainId));
  return { ...s, storeId: store.id, code: d!.code };
}

const directZto = { printCode: 'rm', expressCompanyCode: 'ZTO', name: 'ZTO direct', customerCode: 'C1', password: 'top-secret' };

async function reviewed(s: { domainId: number; storeId: number }) {
  return insertOrder(t, s.domainId, { storeId: s.storeId, statusCode: 'CI_ERPSOH_STATUS_VERIFIED', expressCompanyCode: 'ZTO', lines: [{ skuId: null, qty: 1 }] });
}
const expressNoOf = async (id: number) => (await t.database.db.select({ no: erpOrders.expressNo }).from(erpOrders).where(eq(erpOrders.id, id)))[0]!.no;

/** An owner with a ZTO account shared to a new beneficiary domain with `count` numbers. */
async function sharedWorld(count: number) {
  const owner = await seller();
  const other = await seller();
  const account = (await t.call(`${acc}/create`, directZto, { token: owner.token })).body.data;
  const created = await t.call(`${sh}/save`, { accountId: account.id, domainCode: other.code, count }, { token: owner.token });
  expect(created.body.success).toBe(true);
  return { owner, other, account, share: created.body.data };
}

describe('waybill account shares', () => {
  it('lets the other domain take numbers with a shared account, counting each one down and logging it for the owner', async () => {
    const { owner, other, account, share } = await sharedWorld(3);
    expect(share).toMatchObject({ status: 'STARTED', count: 3, remainNum: 3, usedNum: 0, accountId: account.id, expressCompanyCode: 'ZTO', beneficiaryDomainCode: other.code, ownerDomainCode: owner.code });

    // The beneficiary sees it as shared to it, with no account fields at all.
    const seen = (await t.call(`${sh}/search`, {}, { token: other.token })).body.data;
    expect(seen.mine).toEqual([]);
    expect(seen.sharedToMe).toHaveLength(1);
    expect(JSON.stringify(seen)).not.toContain('top-secret');
    expect(seen.sharedToMe[0]).not.toHaveProperty('fields');

    const o1 = await reviewed(other);
    const o2 = await reviewed(other);
    const r = await t.call(take, { idList: [o1.id, o2.id] }, { token: other.token });
    expect(r.body.data).toMatchObject({ successIds: [o1.id, o2.id], failures: [], isError: false });
    const n1 = await expressNoOf(o1.id);
    expect(n1).toMatch(/^SBZTO\d+$/);
    const numbers = await t.database.db.select().from(waybillNumbers).where(eq(waybillNumbers.domainId, other.domainId));
    expect(numbers.map((n) => n.accountId)).toEqual([account.id, account.id]);

    const mine = (await t.call(`${sh}/search`, {}, { token: owner.token })).body.data.mine;
    expect(mine[0]).toMatchObject({ remainNum: 1, usedNum: 2 });
    const log = (await t.call(`${sh}/searchPrintLog`, { shareId: share.id }, { token: owner.token })).body.data;
    expect(log.total).toBe(2);
    const o1Code = (await t.database.db.select({ code: erpOrders.code }).from(erpOrders).where(eq(erpOrders.id, o1.id)))[0]!.code;
    expect(log.voList).toContainEqual(expect.objectContaining({ orderCode: o1Code, expressNo: n1, expressCompanyCode: 'ZTO', takerDomainCode: other.code }));
    // The beneficiary does not read the owner's log.
    expect((await t.call(`${sh}/searchPrintLog`, { shareId: share.id }, { token: other.token })).body.success).toBe(false);
  });

  it('refuses orders once the count is used up, with a reason per order, and gives nothing for them', async () => {
    const { owner, other, share } = await sharedWorld(1);
    const o1 = await reviewed(other);
    const o2 = await reviewed(other);
    const r = await t.call(take, { idList: [o1.id, o2.id] }, { token: other.token });
    expect(r.body.data.successIds).toEqual([o1.id]);
    expect(r.body.data.failures).toEqual([expect.objectContaining({ id: o2.id, errorCode: 'ERR_WAYBILL_SHARE_USED_UP', message: expect.stringContaining('ZTO') })]);
    expect(await expressNoOf(o2.id)).toBeNull();
    const again = await t.call(take, { idList: [o2.id] }, { token: other.token });
    expect(again.body.data.failures[0].errorCode).toBe('ERR_WAYBILL_SHARE_USED_UP');
    const [row] = await t.database.db.select().from(waybillAccountShares).where(eq(waybillAccountShares.id, share.id));
    expect(row).toMatchObject({ remainNum: 0, usedNum: 1 });
    expect((await t.call(`${sh}/searchPrintLog`, { shareId: share.id }, { token: owner.token })).body.data.total).toBe(1);
  });

  it('refuses numbers while the share is stopped and gives them again once it is started', async () => {
    const { owner, other, share } = await sharedWorld(5);
    const stopped = await t.call(`${sh}/stop`, { id: share.id }, { token: owner.token });
    expect(stopped.body.data.status).toBe('STOPPED');
    const o1 = await reviewed(other);
    const r = await t.call(take, { idList: [o1.id] }, { token: other.token });
    expect(r.body.data).toMatchObject({ successIds: [], failures: [{ id: o1.id, errorCode: 'ERR_WAYBILL_SHARE_STOPPED' }] });
    expect(await expressNoOf(o1.id)).toBeNull();
    // The beneficiary cannot start it itself.
    expect((await t.call(`${sh}/start`, { id: share.id }, { token: other.token })).body.success).toBe(false);
    await t.call(`${sh}/start`, { id: share.id }, { token: owner.token });
    expect((await t.call(take, { idList: [o1.id] }, { token: other.token })).body.data.successIds).toEqual([o1.id]);
  });

  it('deletes an unused share but refuses to delete one numbers were taken through', async () => {
    const { owner, other, share } = await sharedWorld(2);
    const third = await seller();
    const acct = (await t.call(`${acc}/list`, {}, { token: owner.token })).body.data.voList[0];
    const unused = (await t.call(`${sh}/save`, { accountId: acct.id, domainCode: third.code, count: 2 }, { token: owner.token })).body.data;
    expect((await t.call(`${sh}/delete`, { id: unused.id }, { token: owner.token })).body.data).toEqual({ removed: 1 });

    const o1 = await reviewed(other);
    await t.call(take, { idList: [o1.id] }, { token: other.token });
    const refused = await t.call(`${sh}/delete`, { id: share.id }, { token: owner.token });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_WAYBILL_SHARE_IN_USE', params: { usedNum: 1 } });
    expect((await t.call(`${sh}/search`, {}, { token: owner.token })).body.data.mine.map((s: any) => s.id)).toEqual([share.id]);
    // Deleting the account ends its shares; the other domain no longer sees it.
    expect((await t.call(`${acc}/delete`, { idList: [acct.id] }, { token: owner.token })).body.data).toEqual({ removed: 1 });
    expect((await t.call(`${sh}/search`, {}, { token: other.token })).body.data.sharedToMe).toEqual([]);
  });

  it('refuses an unknown domain code, a share to itself, a second share to the same domain and another domain\'s account', async () => {
    const { owner, other, account } = await sharedWorld(1);
    const unknown = await t.call(`${sh}/save`, { accountId: account.id, domainCode: 'NO-SUCH-DOMAIN', count: 1 }, { token: owner.token });
    expect(unknown.body).toMatchObject({ success: false, errorCode: 'ERR_WAYBILL_SHARE_DOMAIN_UNKNOWN', params: { field: 'domainCode' } });
    expect((await t.call(`${sh}/save`, { accountId: account.id, domainCode: owner.code, count: 1 }, { token: owner.token })).body.errorCode).toBe('ERR_WAYBILL_SHARE_SELF');
    expect((await t.call(`${sh}/save`, { accountId: account.id, domainCode: other.code, count: 1 }, { token: owner.token })).body.errorCode).toBe('ERR_WAYBILL_SHARE_EXISTS');
    const notMine = await t.call(`${sh}/save`, { accountId: account.id, domainCode: owner.code, count: 1 }, { token: other.token });
    expect(notMine.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    const badCount = await t.call(`${sh}/save`, { accountId: account.id, domainCode: other.code, count: 0 }, { token: owner.token });
    expect(badCount.body.success).toBe(false);
  });

  it('shows a third domain nothing and lets it take no number with the shared account', async () => {
    const { owner, share } = await sharedWorld(5);
    const third = await seller();
    expect((await t.call(`${sh}/search`, {}, { token: third.token })).body.data).toEqual({ mine: [], sharedToMe: [] });
    const o = await reviewed(third);
    const r = await t.call(take, { idList: [o.id] }, { token: third.token });
    expect(r.body.data.failures[0].errorCode).toBe('ERR_WAYBILL_NO_ACCOUNT');
    expect((await t.call(`${sh}/stop`, { id: share.id }, { token: third.token })).body.success).toBe(false);
    expect((await t.call(`${sh}/searchPrintLog`, { shareId: share.id }, { token: third.token })).body.success).toBe(false);
    const [row] = await t.database.db.select().from(waybillAccountShares).where(and(eq(waybillAccountShares.id, share.id), eq(waybillAccountShares.domainId, owner.domainId)));
    expect(row).toMatchObject({ status: 'STARTED', remainNum: 5 });
  });

  it('refuses share calls to a sub-account without the waybill account menu', async () => {
    const { owner, share } = await sharedWorld(1);
    const staff = await signedInStaff(t, owner.domainId, ['MENU_ERPSO']);
    for (const [url, body] of [[`${sh}/search`, {}], [`${sh}/stop`, { id: share.id }], [`${sh}/delete`, { id: share.id }], [`${sh}/searchPrintLog`, { shareId: share.id }]] as const) {
      const r = await t.call(url, body, { token: staff });
      expect(r.body.success).toBe(false);
      expect(r.status).toBe(403);
    }
    const allowed = await signedInStaff(t, owner.domainId, ['MENU_ETRACK_ACCOUNT']);
    expect((await t.call(`${sh}/search`, {}, { token: allowed })).body.data.mine).toHaveLength(1);
  });
});

describe('changing the count of a waybill account share (updateShareNumber)', () => {
  const update = `${sh}/updateShareNumber`;
  const shareRow = async (id: number) => (await t.database.db.select().from(waybillAccountShares).where(eq(waybillAccountShares.id, id)))[0]!;

  it('raises and lowers the count, keeping what was used, and logs the change before and after', async () => {
    const { owner, other, share } = await sharedWorld(3);
    const o1 = await reviewed(other);
    const o2 = await reviewed(other);
    expect((await t.call(take, { idList: [o1.id, o2.id] }, { token: other.token })).body.data.successIds).toHaveLength(2);
    const used = await shareRow(share.id);
    expect(used).toMatchObject({ count: 3, usedNum: 2, remainNum: 1 });

    const raised = await t.call(update, { id: share.id, version: used.version, count: 10 }, { token: owner.token });
    expect(raised.body.data).toMatchObject({ id: share.id, count: 10, usedNum: 2, remainNum: 8, version: used.version + 1, status: 'STARTED' });
    const lowered = await t.call(update, { id: share.id, version: raised.body.data.version, count: 2 }, { token: owner.token });
    expect(lowered.body.data).toMatchObject({ count: 2, usedNum: 2, remainNum: 0 });
    expect(await shareRow(share.id)).toMatchObject({ count: 2, usedNum: 2, remainNum: 0 });
    // The beneficiary sees the new count.
    expect((await t.call(`${sh}/search`, {}, { token: other.token })).body.data.sharedToMe[0]).toMatchObject({ count: 2, remainNum: 0 });

    const { rows } = await t.database.pool.query(
      "select action, before, after from operation_logs where domain_id = $1 and entity_type = 'waybillShare' and entity_id = $2 and action = 'updateShareNumber' order by id",
      [owner.domainId, String(share.id)],
    );
    expect(rows.map((r: any) => [r.before, r.after])).toEqual([
      [{ count: 3, remainNum: 1, usedNum: 2 }, { count: 10, remainNum: 8, usedNum: 2 }],
      [{ count: 10, remainNum: 8, usedNum: 2 }, { count: 2, remainNum: 0, usedNum: 2 }],
    ]);
  });

  it('refuses a count below what the share has used, naming the count field, and changes nothing', async () => {
    const { owner, other, share } = await sharedWorld(3);
    const o1 = await reviewed(other);
    const o2 = await reviewed(other);
    await t.call(take, { idList: [o1.id, o2.id] }, { token: other.token });
    const before = await shareRow(share.id);
    const refused = await t.call(update, { id: share.id, version: before.version, count: 1 }, { token: owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_WAYBILL_SHARE_COUNT_BELOW_USED', params: { field: 'count', count: 1, usedNum: 2 } });
    expect(await shareRow(share.id)).toEqual(before);
    // Exactly what was used is allowed: nothing remains.
    const exact = await t.call(update, { id: share.id, version: before.version, count: 2 }, { token: owner.token });
    expect(exact.body.data).toMatchObject({ count: 2, remainNum: 0 });
    // A count that is not a positive whole number within the create limit is refused at the edge.
    for (const count of [0, -1, 1.5, 1000001]) {
      const bad = await t.call(update, { id: share.id, version: exact.body.data.version, count }, { token: owner.token });
      expect(bad.body.success).toBe(false);
      expect(bad.status).toBe(400);
    }
  });

  it('refuses a stale version and changes nothing', async () => {
    const { owner, share } = await sharedWorld(5);
    const first = await t.call(update, { id: share.id, version: share.version, count: 7 }, { token: owner.token });
    expect(first.body.success).toBe(true);
    const stale = await t.call(update, { id: share.id, version: share.version, count: 9 }, { token: owner.token });
    expect(stale.body).toMatchObject({ success: false, errorCode: 'ERR_VERSION_CONFLICT', params: { what: 'waybillShare' } });
    expect(await shareRow(share.id)).toMatchObject({ count: 7, remainNum: 7, version: first.body.data.version });
  });

  it('lets neither the beneficiary domain nor a third domain change the count', async () => {
    const { other, share } = await sharedWorld(5);
    const third = await seller();
    for (const token of [other.token, third.token]) {
      const r = await t.call(update, { id: share.id, version: share.version, count: 100 }, { token });
      expect(r.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    }
    expect(await shareRow(share.id)).toMatchObject({ count: 5, remainNum: 5, version: share.version });
  });

  it('refuses a sub-account without the waybill account menu and lets one with it change the count', async () => {
    const { owner, share } = await sharedWorld(5);
    const staff = await signedInStaff(t, owner.domainId, ['MENU_ERPSO']);
    const refused = await t.call(update, { id: share.id, version: share.version, count: 50 }, { token: staff });
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
    expect(await shareRow(share.id)).toMatchObject({ count: 5, version: share.version });
    const allowed = await signedInStaff(t, owner.domainId, ['MENU_ETRACK_ACCOUNT']);
    expect((await t.call(update, { id: share.id, version: share.version, count: 50 }, { token: allowed })).body.data).toMatchObject({ count: 50, remainNum: 50 });
  });

  it('gives numbers again through a used-up share once the owner raises its count', async () => {
    const { owner, other, share } = await sharedWorld(1);
    const o1 = await reviewed(other);
    const o2 = await reviewed(other);
    const r = await t.call(take, { idList: [o1.id, o2.id] }, { token: other.token });
    expect(r.body.data.failures).toEqual([expect.objectContaining({ id: o2.id, errorCode: 'ERR_WAYBILL_SHARE_USED_UP' })]);
    const usedUp = await shareRow(share.id);
    await t.call(update, { id: share.id, version: usedUp.version, count: 2 }, { token: owner.token });
    expect((await t.call(take, { idList: [o2.id] }, { token: other.token })).body.data).toMatchObject({ successIds: [o2.id], failures: [], isError: false });
    expect(await expressNoOf(o2.id)).toMatch(/^SBZTO\d+$/);
    expect(await shareRow(share.id)).toMatchObject({ count: 2, usedNum: 2, remainNum: 0 });
    expect((await t.call(`${sh}/searchPrintLog`, { shareId: share.id }, { token: owner.token })).body.data.total).toBe(2);
  });
});
