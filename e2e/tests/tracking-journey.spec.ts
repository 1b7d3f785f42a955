// The courier tracking journey, as a new seller meets it (/order tab 7): three parcels shipped
// with STO are found in the tracking tab not yet checked; refreshing them shows them collected,
// then in transit, and the per-state statistics follow; one parcel is ignored and leaves the
// in-transit list for the ignored one; at the next refresh the others are signed (or end in a
// sign-off exception, as about one sandbox parcel in eight does) while the ignored one is no longer
// checked. The warehouse, goods with stock, store, express rule, waybill account and the orders
// pulled, reviewed, numbered and shipped are set up through the API; time passing at the sandbox
// carrier is its console moving the carrier's clock on (the e2e server starts with
// CARRIER_SANDBOX_CLOCK=console), so nothing waits for it; the rest is the UI.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, sandboxStoreWithItem, settled, storeExpressRule } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `TRK-${run}`;
const storeName = `Tracking shop ${run}`;
const COURIER = 'STO';

const api = seller.api;

// A tracking step of an hour at the sandbox carrier: the parcels stay collected until its console
// moves the carrier's clock on by an hour (in transit), and by another (signed, or an exception).
const STEP_SECONDS = 3600;
await api.call('/cloud/carrier/sandbox/settings', { trackingStepSeconds: STEP_SECONDS });
const timePassesAtTheCarrier = (seconds: number) => api.call('/cloud/carrier/sandbox/settings', { advanceClockSeconds: seconds });

const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `TW${run}`, name: `Tracking WH ${run}`, ...sender });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'T-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E tracked teapot', price: '59' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 60, price: '20', locationId: location.id }] });
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E tracked teapot (online)', outerSkuIds: [code] });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, COURIER);
await api.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: COURIER, name: `STO sandbox ${run}`, sandbox: true, isDefault: true, shop: storeName, branchName: '杭州西湖网点' });

// Buyers order; the orders are pulled, reviewed, given waybill numbers and shipped.
type OrderRow = { id: number; code: string; expressCompanyCode: string | null; expressNo: string | null; warehouseName: string | null };
const ordersOf = async (activeKey: string) =>
  (await api.call<{ voList: OrderRow[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey, storeIdList: [store.id], currentPage: 1, pageSize: 50 })).voList;
await api.call('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 3 });
await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
const pulled = await ordersOf('1');
if (pulled.length !== 3 || pulled.some((o) => o.expressCompanyCode !== COURIER)) throw new Error(`pulled orders: ${JSON.stringify(pulled)}`);
const ids = pulled.map((o) => o.id);
const done = (what: string, r: { successIds: number[]; failures: unknown[] }) => {
  if (r.failures.length || r.successIds.length !== ids.length) throw new Error(`${what}: ${JSON.stringify(r)}`);
};
// The journey asks the carrier by hand: the job that tracks every ten minutes must not ask first
// (it did when a run straddled its minute: the parcels were already 'Collected').
await api.call('/myhome/expressTracking/updateConfig', { autoTrack: false });
done('review', await api.call('/myhome/erpsoh/verify', { idList: ids }));
done('waybill numbers', await api.call('/myhome/print/eTrackGetNoAndPrint', { idList: ids }));
done('ship', await api.call('/myhome/sendsoh/sendErpSoHList', { idList: ids }));
const parcels = (await ordersOf('4')).map((o) => ({ id: o.id, code: o.code, expressNo: o.expressNo! })).sort((x, y) => x.code.localeCompare(y.code));
if (parcels.length !== 3) throw new Error(`shipped orders: ${JSON.stringify(parcels)}`);
/** The sandbox carrier's rule for its troubled parcels (they end in EXCEPTION instead of SIGNED). */
const troubled = (expressNo: string) => createHash('sha1').update(expressNo).digest()[0]! % 8 === 0;

// What the statistics count now within this journey's store, as the panel counts with the list
// narrowed to it: the three parcels, never checked (NO). (The seller is this journey's own.)
type Statistics = { ignored: number; states: Record<string, number> };
const before = await api.call<Statistics>('/myhome/expressTracking/statistics', { storeIdList: [store.id] });
if (before.states.NO !== 3 || before.ignored !== 0) throw new Error(`the store's tracking before the journey: ${JSON.stringify(before)}`);

const LABELS = { NO: 'No tracking', GOT: 'Collected', TRANSIT: 'In transit', SIGNED: 'Signed', EXCEPTION: 'Sign-off exception' } as const;
type Shown = Record<keyof typeof LABELS | 'IGNORED', number>;
const base: Shown = { NO: before.states.NO!, GOT: before.states.GOT!, TRANSIT: before.states.TRANSIT!, SIGNED: before.states.SIGNED!, EXCEPTION: before.states.EXCEPTION!, IGNORED: before.ignored };

const panel = page.getByTestId('tracking-panel');
/** The order list below the panel (the panel's own table is nested deeper in the card). */
const orderTable = page.locator('.ant-card-body > .ant-table-wrapper');
const orderRows = () => orderTable.locator('.ant-table-tbody tr.ant-table-row');
const trackingRows = () => panel.locator('.ant-table-tbody tr.ant-table-row');
const trackingRow = (orderCode: string) => trackingRows().filter({ hasText: orderCode });
const stateTag = (label: string) => panel.locator('.ant-tag-checkable').filter({ hasText: new RegExp(`^${label} \\(\\d+\\)$`) });
const toast = (text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

/** The counts the panel's state filters show, by state. */
async function shownCounts(): Promise<Shown> {
  const texts = await panel.locator('.ant-tag-checkable').allInnerTexts();
  const count = (label: string) => Number(texts.map((t) => new RegExp(`^${label} \\((\\d+)\\)$`).exec(t.trim())?.[1]).find((n) => n !== undefined) ?? NaN);
  return { NO: count(LABELS.NO), GOT: count(LABELS.GOT), TRANSIT: count(LABELS.TRANSIT), SIGNED: count(LABELS.SIGNED), EXCEPTION: count(LABELS.EXCEPTION), IGNORED: count('Ignored') };
}
const expectCounts = (expected: Partial<Shown>) => expect.poll(shownCounts, { timeout: 15_000 }).toMatchObject(expected);
/** The tracking state shown for each of this journey's parcels, by order code. */
async function shownStates(list = parcels) {
  const states: Record<string, string> = {};
  for (const p of list) states[p.code] = (await trackingRow(p.code).count()) ? (await cell(trackingRow(p.code), 'Tracking state')).replace(/\s+/g, ' ') : '(not listed)';
  return states;
}
const statesOf = (state: string, list = parcels) => Object.fromEntries(list.map((p) => [p.code, state]));

describe('courier tracking: shipped parcels are followed from collected to signed, one ignored', () => {
  it('finds the shipped parcels in the tracking tab, not checked yet', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open(`/order?activeKey=7&storeIds=${store.id}`);
    await page.reload();
    await settled(page);
    await panel.getByText('Click a state to list its orders, or select orders in the table below to see their tracking.').waitFor();
    // The list is narrowed to the store, and so are the counts: its three parcels, never checked.
    await panel.getByText('Counted within the stores and couriers of the search below').waitFor();
    await expectCounts({ ...base, NO: 3 });
    await expect.poll(() => orderRows().count(), { timeout: 15_000 }).toBe(3);
    for (const p of parcels) expect(await cell(orderRows().filter({ hasText: p.code }), 'Courier')).toBe(`${COURIER} ${p.expressNo}`);

    // Selecting the orders shows their tracking: never asked of the carrier.
    await orderTable.locator('.ant-table-thead .ant-checkbox-input').check();
    await expect.poll(() => trackingRows().count()).toBe(3);
    await expect.poll(() => shownStates()).toEqual(statesOf('No tracking'));
    for (const p of parcels) {
      expect(await cell(trackingRow(p.code), 'Courier / waybill no.')).toBe(`${COURIER} ${p.expressNo}`);
      expect(await cell(trackingRow(p.code), 'Checked at')).toBe('Not checked yet');
    }
  });

  it('refreshes the chosen parcels: collected by the courier, and counted so', async () => {
    await panel.getByRole('button', { name: 'Refresh 3 chosen' }).click();
    await toast('3 orders checked, 3 changed').waitFor();
    await expect.poll(() => shownStates(), { timeout: 15_000 }).toEqual(statesOf('Collected'));
    for (const p of parcels) {
      expect(await cell(trackingRow(p.code), 'Last event')).toMatch(/网点 已揽收$/);
      // In the spec's date format (01 §9), not the browser's ("11/27/2026, 4:47:55 PM").
      expect(await cell(trackingRow(p.code), 'Checked at')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(await cell(trackingRow(p.code), 'Event time')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
    await expectCounts({ ...base, NO: base.NO - 3, GOT: base.GOT + 3 });
  });

  it('refreshes again after the courier moved them: in transit', async () => {
    // An hour passes at the sandbox carrier: the parcels are one step on (in transit), and stay
    // there until another hour has passed.
    await timePassesAtTheCarrier(STEP_SECONDS);
    await toast('3 orders checked, 3 changed').waitFor({ state: 'hidden' });
    await panel.getByRole('button', { name: 'Refresh 3 chosen' }).click();
    await toast('3 orders checked, 3 changed').waitFor();
    await expect.poll(() => shownStates(), { timeout: 15_000 }).toEqual(statesOf('In transit'));
    for (const p of parcels) expect(await cell(trackingRow(p.code), 'Last event')).toMatch(/^运输中，发往 .+集包$/);
    await expectCounts({ ...base, NO: base.NO - 3, TRANSIT: base.TRANSIT + 3 });
  });

  it('ignores one parcel: it leaves the in-transit list and is listed under ignored', async () => {
    const [ignored, ...others] = parcels;
    await stateTag(LABELS.TRANSIT).click();
    // The in-transit list holds the three (the newest sent first).
    await expect.poll(() => shownStates(), { timeout: 15_000 }).toEqual(statesOf('In transit'));
    await trackingRow(ignored!.code).getByRole('checkbox').check();
    await panel.getByRole('button', { name: 'Ignore', exact: true }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Stop checking the tracking of 1 order?' });
    await confirm.waitFor();
    await settled(page);
    await confirm.getByRole('button', { name: 'OK', exact: true }).click();
    await toast('1 order ignored').waitFor();
    await expect.poll(() => shownStates(), { timeout: 15_000 }).toEqual({ ...statesOf('In transit', others), [ignored!.code]: '(not listed)' });
    await expectCounts({ ...base, NO: base.NO - 3, TRANSIT: base.TRANSIT + 2, IGNORED: base.IGNORED + 1 });

    await stateTag('Ignored').click();
    await expect.poll(() => shownStates([ignored!]), { timeout: 15_000 }).toEqual({ [ignored!.code]: 'In transit Ignored' });
    await b.screenshot('tracking-ignored');
  });

  it('refreshes all: the others are signed (or end in an exception), the ignored one is not checked', async () => {
    const [ignored, ...others] = parcels;
    // Another hour later every parcel has reached its last state at the carrier.
    await timePassesAtTheCarrier(STEP_SECONDS);
    // Leave the ignored filter and the chosen orders: the button refreshes every pending parcel.
    await stateTag('Ignored').click();
    await orderTable.locator('.ant-table-thead .ant-checkbox-input').uncheck();
    await panel.getByRole('button', { name: 'Refresh all' }).click();
    await toast(/^\d+ orders checked, 2 changed$/).waitFor();

    const signed = others.filter((p) => !troubled(p.expressNo));
    await expectCounts({ NO: base.NO - 3, GOT: base.GOT, TRANSIT: base.TRANSIT, SIGNED: base.SIGNED + signed.length, EXCEPTION: base.EXCEPTION + others.length - signed.length, IGNORED: base.IGNORED + 1 });

    // The three as the order list's selection shows them.
    await orderTable.locator('.ant-table-thead .ant-checkbox-input').check();
    await expect.poll(() => shownStates(), { timeout: 15_000 }).toEqual({
      [ignored!.code]: 'In transit Ignored',
      ...Object.fromEntries(others.map((p) => [p.code, troubled(p.expressNo) ? 'Sign-off exception' : 'Signed'])),
    });
    for (const p of others) expect(await cell(trackingRow(p.code), 'Last event')).toBe(troubled(p.expressNo) ? '签收异常：收件人拒收' : '已签收');
    expect(await cell(trackingRow(ignored!.code), 'Last event')).toMatch(/^运输中/);

    // The signed filter lists the signed ones (within the store, as the list is).
    if (signed.length) {
      await stateTag(LABELS.SIGNED).click();
      await expect.poll(() => shownStates(signed), { timeout: 15_000 }).toEqual(statesOf('Signed', signed));
      expect(await trackingRow(ignored!.code).count()).toBe(0);
    }
    await b.screenshot('tracking-signed');
  });
});
