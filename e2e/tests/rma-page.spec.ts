// The return-inbound page (/order/aftersalesmanagement), as a seller uses it: two free
// returns and a reason set up through the API; the home page's jump lists the returns awaiting
// entry, scanning a return's tracking number opens its receive dialog, one good and one defective
// unit are booked, and the list shows the return completed with the split. A return of a warehouse
// run by the sandbox warehouse system is sent there from its row, and the warehouse's receipt,
// fetched back, completes it.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `RMA-E2E-${run}`;
const tracking = `SF${run}`;

const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `RT${run}`, name: `Returns ${run}`, ...sender });
await api.call('/myhome/location/create', { warehouseId: wh.id, code: 'R-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E return shirt', price: '59' });
const skuId = goods.skus[0]!.id;
const reason = await api.call<{ id: number }>('/myhome/rma/createRmaReason', { reason: `Too small ${run}` });
const first = await api.call<{ code: string }>('/myhome/rma/create', { whId: wh.id, reasonId: reason.id, expressNo: tracking, buyerNick: 'buyer-e2e', rmaDetails: [{ skuId, qty: 2 }] });
const second = await api.call<{ code: string }>('/myhome/rma/create', { whId: wh.id, rmaDetails: [{ skuId, qty: 1 }] });
const wms = await api.call<{ id: number }>('/myhome/warehouse/create', { ...sender, type: 'WMS_WAREHOUSE', externalCode: `SANDBOX-${run}`, code: `RW${run}`, name: `Returns WMS ${run}` });
const toSystem = await api.call<{ id: number; code: string; rmaDetails: { id: number }[] }>('/myhome/rma/create', { whId: wms.id, expressNo: `ZT${run}`, rmaDetails: [{ skuId, qty: 2 }] });

describe('return inbound page', () => {
  it('receives a scanned return with one good and one defective unit', async () => {
    await b.signIn(seller.username, seller.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open('/order/aftersalesmanagement?status=CI_RMA_STATUS_CREATED');
    const row = page.getByRole('row').filter({ hasText: first.code });
    expect(await cell(row, 'Status')).toBe('Awaiting warehouse entry');
    expect(await cell(row, 'Reason')).toBe(`Too small ${run}`);
    await b.screenshot('rma-list');

    await page.getByPlaceholder('Scan the return tracking number, order code or return code').fill(tracking);
    await page.getByRole('button', { name: 'Find' }).click();
    const dialog = page.getByRole('dialog', { name: `Receive return ${first.code}` });
    await dialog.waitFor();
    await settled(page);
    const line = dialog.getByRole('row').filter({ hasText: code });
    const inputs = line.getByRole('spinbutton');
    await inputs.nth(0).fill('1');
    await inputs.nth(1).fill('1');
    await b.screenshot('rma-receive');
    await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await b.open('/order/aftersalesmanagement');
    const done = page.getByRole('row').filter({ hasText: first.code });
    await expect.poll(() => cell(done, 'Status')).toBe('Completed');
    expect(await cell(done, 'Received')).toBe('2/2 (good 1, defective 1)');
    await b.screenshot('rma-done');
  });

  it('sends a return to the warehouse system, and the warehouse’s receipt completes it', async () => {
    await b.open('/order/aftersalesmanagement');
    const row = page.getByRole('row').filter({ hasText: toSystem.code });
    expect(await cell(row, 'Warehouse system')).toBe('To send');
    await row.getByRole('button', { name: 'Send to warehouse system' }).click();
    await expect.poll(() => cell(row, 'Warehouse system')).toBe('Sent');
    expect(await cell(row, 'Status')).toBe('Sent down');
    await expect.poll(() => row.getByRole('button', { name: 'Cancel in warehouse system' }).count()).toBe(1);
    await b.screenshot('rma-sent-to-system');

    // The warehouse receives it (the sandbox console, as its staff would), and its result is fetched.
    const sandbox = await api.call<{ documents: { id: number; docCode: string }[] }>('/cloud/wms/sandbox/view', { warehouseId: wms.id });
    const document = sandbox.documents.find((d) => d.docCode === toSystem.code)!;
    await api.call('/cloud/wms/sandbox/fulfil', { warehouseId: wms.id, documentId: document.id });
    await api.call('/cloud/wms/fetchResults', { whId: wms.id });
    await page.reload();
    const done = page.getByRole('row').filter({ hasText: toSystem.code });
    await expect.poll(() => cell(done, 'Status')).toBe('Completed');
    expect(await cell(done, 'Received')).toBe('2/2 (good 2, defective 0)');
  });

  it('records a parcel that matches nothing, links it to its return and receives it there', async () => {
    await b.open('/order/aftersalesmanagement');
    const lost = `JD${run}`;
    await page.getByPlaceholder('Scan the return tracking number, order code or return code').fill(lost);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByText(`${lost} matches no return, after-sale or order: recorded as a no-information parcel`).waitFor();

    await page.getByRole('tab', { name: 'No-information parcels' }).click();
    const row = page.getByRole('row').filter({ hasText: lost });
    await expect.poll(() => cell(row, 'State')).toBe('To link');
    await settled(page);
    await b.screenshot('rma-parcels');
    await row.getByRole('button', { name: 'Link' }).click();
    const dialog = page.getByRole('dialog', { name: `Link parcel ${lost}` });
    await dialog.getByPlaceholder('Return code, tracking number or order code').fill(second.code);
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog.getByRole('row').filter({ hasText: second.code }).waitFor();
    await b.screenshot('rma-parcel-link');
    await dialog.getByRole('button', { name: 'Link and receive' }).click();
    const receive = page.getByRole('dialog', { name: `Receive return ${second.code}` });
    await receive.waitFor();
    await receive.getByRole('button', { name: 'Confirm receipt' }).click();
    await receive.waitFor({ state: 'hidden' });
    // Linked parcels leave the 'to link' list; all of them shows it linked.
    await page.getByRole('tabpanel').getByText('All', { exact: true }).click();
    await expect.poll(() => cell(row, 'State')).toBe('Linked');
    expect(await cell(row, 'Linked return')).toContain(second.code);

    await page.getByRole('tab', { name: 'Returns' }).click();
    const done = page.getByRole('row').filter({ hasText: second.code });
    await expect.poll(() => cell(done, 'Status')).toBe('Completed');
    expect(await cell(done, 'Return tracking no.')).toBe(lost);
  });
});
