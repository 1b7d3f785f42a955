// After-sales from the platform, as a seller of its own meets it: a sandbox store's order is
// pulled (through the API); in the store's sandbox console the buyer asks for a refund; the next
// store pull makes the after-sale document, which /afterSale shows with its source, the
// platform's state and no write-back yet; agreeing the refund is written back to the sandbox
// (the write-back column turns to Sent) and the sandbox console shows the refund paid.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, sandboxStoreWithItem } from '../fixtures';

const b = await launchBrowser();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const storeName = `Platform after-sales ${run}`;

const seller = await newSeller();
const api = seller.api;
const { store } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E platform refund mug', outerSkuIds: [`ASP-${run}`] });
const { orderNos } = await api.call<{ orderNos: string[] }>('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 1 });
const orderNo = orderNos[0]!;
await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });

describe('after-sales: a buyer’s refund on the platform, agreed and written back', () => {
  it('the buyer asks for a refund in the sandbox console', async () => {
    await b.signIn(seller.username, seller.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open('/config/storemanagement');
    const storeRow = page.getByRole('row').filter({ hasText: storeName });
    await storeRow.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Sandbox console' }).click();
    await page.getByRole('tab', { name: 'Orders' }).click();
    const orderRow = page.getByRole('row').filter({ hasText: orderNo }).first();
    await orderRow.getByRole('button', { name: 'Buyer asks for a refund' }).click();
    await page.getByText('Refund requests').waitFor();
    const refundRow = page.getByRole('row').filter({ hasText: `RF${orderNo}-1` });
    await refundRow.getByText('WAIT_SELLER_AGREE').waitFor();
    await b.screenshot('aftersales-platform-console');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('the pull makes the document; agreeing it writes the decision back to the platform', async () => {
    await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    await b.open('/afterSale');
    const row = page.getByRole('row').filter({ hasText: storeName });
    await expect.poll(() => cell(row, 'Source'), { timeout: 15_000 }).toBe('Platform');
    expect(await cell(row, 'Platform state')).toBe('WAIT_SELLER_AGREE');
    expect(await cell(row, 'Write-back')).toBe('—');
    expect(await cell(row, 'Refund state')).toBe('To review');
    await b.screenshot('aftersales-platform-list');

    await row.getByRole('button', { name: 'Agree refund' }).click();
    await expect.poll(() => cell(row, 'Refund state')).toBe('Awaiting refund');
    // The write-back job sends it; the page is read again until it shows the outcome.
    await expect
      .poll(
        async () => {
          await page.reload();
          return cell(row, 'Write-back');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('Sent');
    await b.screenshot('aftersales-platform-sent');
    const refunds = await api.call<{ voList: { refundId: string; status: string }[] }>('/cloud/sandbox/console/refunds', { storeId: store.id, currentPage: 1, pageSize: 10 });
    expect(refunds.voList.find((r) => r.refundId === `RF${orderNo}-1`)?.status).toBe('SUCCESS');
  });
});
