// Printing waybills of orders printed before asks first (issue 20, must-have 5), as a new seller
// meets it: two reviewed orders with waybill numbers, one of them printed, are set up through the
// API; choosing both in the print tab and pressing Print names how many were printed and offers to
// print them again, only the others, or nothing.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, printedAndWaitingOrders, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const { store, printed, waiting } = await printedAndWaitingOrders(seller.api, { code: 'RPR', name: 'Reprint', goods: 'E2E reprinted jar' });

const rowOf = (orderCode: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderCode });

describe('reprinting asks first', () => {
  it('names how many of the chosen orders were printed before, and cancelling prints nothing', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open(`/order?activeKey=2&storeIds=${store.id}`);
    await settled(page);
    for (const o of [printed, waiting]) await rowOf(o.code).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Print waybills' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print again?' });
    await dialog.getByText('1 of 2 orders were already printed. Print them again?').waitFor();
    await dialog.getByRole('button', { name: 'Only the not yet printed' }).waitFor();
    await dialog.getByRole('button', { name: 'Print all again' }).waitFor();
    await b.screenshot('reprint-confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cell(rowOf(waiting.code), 'Label printed')).toBe('Not printed');
  });
});
