// Printed and not-yet-printed orders in the print tab, as a new seller meets them: the home page's
// "To print" counter opens tab 2 narrowed to orders whose label is not printed; that filter shows
// above the list as a tag and is removed there, after which the printed order is listed too, its
// "Label printed" column telling the two apart; the filter bar chooses either kind again. Two
// reviewed orders with waybill numbers, one of them printed, are set up through the API.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, printedAndWaitingOrders, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const { printed, waiting } = await printedAndWaitingOrders(seller.api, { code: 'PRN', name: 'Print', goods: 'E2E printed jar' });

const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (orderCode: string) => rows().filter({ hasText: orderCode });
const filters = () => page.getByRole('group', { name: 'Filtered by' });
const printTab = () => page.getByRole('tab', { name: /^To print/ });
const tabCount = async () => Number(/\((\d+)\)/.exec(await printTab().innerText())?.[1] ?? NaN);

describe('the print tab tells printed orders from those still to print', () => {
  it('opens from the home page narrowed to orders not printed, and shows that filter above the list', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await page.getByRole('link').filter({ hasText: 'To print' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/order?activeKey=2&expressPrinted=false');
    await settled(page);
    await rowOf(waiting.code).waitFor();
    expect(await rowOf(printed.code).count()).toBe(0);
    expect(await cell(rowOf(waiting.code), 'Label printed')).toBe('Not printed');
    await filters().getByText('Label not printed').waitFor();
    await b.screenshot('order-list-not-printed-filter');
  });

  it('lists the printed order too once the filter is removed, the column telling them apart', async () => {
    const narrowed = await tabCount();
    await filters().getByRole('button', { name: 'Remove the filter Label not printed' }).click();
    await expect.poll(() => new URL(page.url()).hash).not.toContain('expressPrinted');
    await expect.poll(() => filters().count()).toBe(0);
    await rowOf(printed.code).waitFor();
    await rowOf(waiting.code).waitFor();
    expect(await cell(rowOf(printed.code), 'Label printed')).toMatch(/^Printed\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await cell(rowOf(waiting.code), 'Label printed')).toBe('Not printed');
    await expect.poll(tabCount).toBeGreaterThan(narrowed);
  });

  it('narrows to printed orders from the filter bar, shown as a tag again', async () => {
    // (chooseOption matches by substring, and "Not printed" contains "printed".)
    await page.getByLabel('Label printed', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Printed$/ }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await filters().getByText('Label printed').waitFor();
    await rowOf(printed.code).waitFor();
    await expect.poll(() => rowOf(waiting.code).count()).toBe(0);
    expect(new URL(page.url()).hash).toContain('expressPrinted=true');
  });
});
