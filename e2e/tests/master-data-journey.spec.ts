// The master-data journey, as a seller does it: a warehouse with two locations, the express
// companies they ship with, a supplier, a gift promotion giving a goods item, and an online item of
// a sandbox store mapped to a system SKU. The goods (the goods journey covers making them in the
// UI) and the authorized sandbox store with its synced item are set up through the API.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller, sandboxStoreWithItem, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const warehouseCode = `WH${run}`;
const warehouseName = `Suzhou ${run}`;
const supplierCode = `SUP${run}`;
const supplierName = `Yiwu Ceramics ${run}`;
const promotionName = `Gift over 99 ${run}`;
const giftCode = `GIFT-${run}`;
const teeCode = `TEE-${run}`;
const storeName = `Mapping ${run}`;
const onlineTitle = `Online tee ${run}`;

const api = seller.api;
await api.call('/myhome/spu/createSpuByHand', { code: giftCode, name: 'E2E keychain', price: '3' });
await api.call('/myhome/spu/createSpuByHand', { code: teeCode, name: 'E2E cotton tee', price: '59' });
// The online item's outer code differs from every system code: nothing is proposed, a person maps it.
const { online } = await sandboxStoreWithItem(api, { name: storeName, title: onlineTitle, outerSkuIds: [`ONLINE-${run}`] });
const onlineSku = online[0]!;

/** The goods picker: search a code, tick (or choose) its row, confirm. */
async function pickGoods(title: string, skuCode: string, confirm: string) {
  const search = page.getByPlaceholder('Search by code, name, specifications or bar code');
  // The picker may open over a dialog of the same title: it is the one with the search box.
  const picker = page.getByRole('dialog', { name: title }).filter({ has: search });
  await picker.waitFor();
  await settled(page);
  await search.fill(skuCode);
  await search.press('Enter');
  const row = picker.getByRole('row', { name: new RegExp(skuCode) });
  await row.getByRole('checkbox').or(row.getByRole('radio')).check();
  await picker.getByRole('button', { name: confirm }).click();
  await picker.waitFor({ state: 'hidden' });
}

describe('master data: warehouse, express companies, supplier, gift promotion, online goods mapping', () => {
  it('creates a warehouse and gives it two locations', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/config/warehouse/create');
    await page.getByLabel('Warehouse code', { exact: true }).fill(warehouseCode);
    await page.getByLabel('Warehouse name', { exact: true }).fill(warehouseName);
    expect(await page.locator('.ant-form-item').filter({ hasText: 'Warehouse type' }).locator('.ant-select').innerText()).toContain('Own warehouse');
    await page.getByLabel('Sender name', { exact: true }).fill('Wang Fang');
    await page.getByLabel('Sender phone', { exact: true }).fill('0512-66668888');
    // The region cascader, searched by a district name.
    await page.getByLabel('Province / city / district', { exact: true }).fill('吴中');
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '江苏省 / 苏州市 / 吴中区' }).click();
    await page.getByLabel('Street address', { exact: true }).fill('星湖街 328 号');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Warehouse ${warehouseName} created`).waitFor();
    await page.waitForURL(/#\/config\/warehouse\/details/);

    const row = page.getByRole('row', { name: new RegExp(warehouseCode) });
    expect(await cell(row, 'Warehouse name')).toBe(warehouseName);
    expect(await cell(row, 'Warehouse type')).toBe('Own warehouse');
    expect(await cell(row, 'Address')).toBe('江苏省 苏州市 吴中区 星湖街 328 号');
    expect(await cell(row, 'Locations')).toBe('0');
    // The location count opens the locations of this warehouse.
    await row.getByRole('button', { name: '0', exact: true }).last().click();
    await page.getByRole('tab', { name: 'Locations', selected: true }).waitFor();
    for (const [code, zone] of [
      ['R-01', 'Rack A'],
      ['R-02', 'Rack B'],
    ] as const) {
      await page.getByRole('button', { name: 'New location' }).click();
      const dialog = page.getByRole('dialog', { name: 'New location' });
      await dialog.getByText(warehouseName).waitFor();
      await dialog.getByLabel('Location code', { exact: true }).fill(code);
      await dialog.getByLabel('Zone', { exact: true }).fill(zone);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Location ${code} created`).waitFor();
      await dialog.waitFor({ state: 'hidden' });
    }
    for (const zone of ['Rack A', 'Rack B']) expect(await cell(page.getByRole('row', { name: new RegExp(zone) }), 'Warehouse')).toBe(warehouseName);
    await page.getByRole('tab', { name: 'Warehouses' }).click();
    await expect.poll(() => cell(page.getByRole('row', { name: new RegExp(warehouseCode) }), 'Locations')).toBe('2');
  });

  it('chooses two express companies', async () => {
    await b.open('/config/expressCompany');
    const mine = page.locator('.ant-card').filter({ has: page.getByText('Your express companies', { exact: true }) });
    const catalogue = page.locator('.ant-card').filter({ has: page.getByText('All express companies', { exact: true }) });
    await catalogue.getByRole('checkbox', { name: 'SF Express', exact: true }).check();
    await catalogue.getByRole('checkbox', { name: 'ZTO Express', exact: true }).check();
    await catalogue.getByRole('button', { name: 'Add selected (2)' }).click();
    await page.getByText('2 express companies added').waitFor();
    for (const [name, code] of [
      ['SF Express', 'SF'],
      ['ZTO Express', 'ZTO'],
    ]) {
      await mine.getByRole('row', { name: new RegExp(`${name}\\s+${code}\\b`) }).waitFor();
      await expect.poll(() => catalogue.getByRole('checkbox', { name, exact: true }).isDisabled()).toBe(true);
    }
  });

  it('creates a supplier', async () => {
    await b.open('/config/supplierManagement');
    await page.getByRole('button', { name: 'New supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'New supplier' });
    await dialog.getByLabel('Supplier code', { exact: true }).fill(supplierCode);
    await dialog.getByLabel('Supplier name', { exact: true }).fill(supplierName);
    await dialog.getByLabel('Contact', { exact: true }).fill('Chen Jing');
    await dialog.getByLabel('Phone', { exact: true }).fill('13912345678');
    await dialog.getByLabel('Address', { exact: true }).fill('浙江省义乌市福田街道 18 号');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Supplier ${supplierName} created`).waitFor();
    const row = page.getByRole('row', { name: new RegExp(supplierCode) });
    expect(await cell(row, 'Supplier name')).toBe(supplierName);
    expect(await cell(row, 'Contact')).toBe('Chen Jing');
    expect(await cell(row, 'Phone')).toBe('13912345678');
    expect(await cell(row, 'Status')).toBe('Enabled');
  });

  it('creates a gift promotion whose rule gives a goods item', async () => {
    await b.open('/goods/salesPromotion');
    await page.getByRole('button', { name: 'New promotion' }).click();
    const editor = page.getByRole('dialog', { name: 'New promotion' });
    await editor.getByLabel('Promotion name', { exact: true }).fill(promotionName);
    expect(await editor.locator('.ant-form-item').filter({ hasText: 'Rule type' }).locator('.ant-select').innerText()).toContain('Full-amount gift');
    await editor.getByLabel('Amount at least').fill('99');
    await editor.getByRole('button', { name: 'Choose gifts' }).click();
    await pickGoods('Choose goods', giftCode, 'Choose 1');
    await editor.getByRole('spinbutton', { name: `Gift quantity ${giftCode}` }).fill('2');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await editor.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: new RegExp(promotionName) });
    expect(await cell(row, 'Rules')).toBe('Full-amount gift');
    expect(await row.getByRole('switch', { name: `Open ${promotionName}` }).isChecked()).toBe(true);
    // Opened again, the rule still gives 2 of the goods item from 99.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit promotion' });
    await expect.poll(() => edit.getByLabel('Amount at least').inputValue()).toMatch(/^¥?99(\.0000)?$/);
    const gift = edit.getByRole('row', { name: new RegExp(giftCode) });
    expect(await cell(gift, 'Goods')).toContain('E2E keychain');
    expect(await gift.getByRole('spinbutton', { name: `Gift quantity ${giftCode}` }).inputValue()).toBe('2');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });
  });

  it('maps the sandbox store’s online item to a system SKU', async () => {
    await b.open('/goods/mapping');
    await chooseOption(page, page.getByRole('combobox', { name: 'Store' }), storeName);
    // The list's row (the mapping dialog shows the online item in a row of its own).
    const row = page.locator('.ant-table-tbody').getByRole('row', { name: new RegExp(onlineTitle) });
    expect(await cell(row, 'System SKU')).toBe('Not mapped');
    await row.getByRole('button', { name: 'Choose SKU' }).click();
    // Choosing opens the SKU picker at once.
    await pickGoods('Choose the system SKU', teeCode, 'Choose 1');
    const dialog = page.getByRole('dialog', { name: 'Choose the system SKU' });
    await dialog.getByText(teeCode).waitFor();
    await dialog.getByRole('button', { name: 'Map and confirm' }).click();
    await page.getByText('Mapping saved', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Mapped, it leaves the waiting list.
    await row.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: /Confirmed/ }).click();
    const confirmed = page.getByRole('row', { name: new RegExp(onlineTitle) });
    expect(await cell(confirmed, 'System SKU')).toContain(teeCode);
    expect(await cell(confirmed, 'System SKU')).toContain('E2E cotton tee');
    expect(await cell(confirmed, 'Online item')).toContain(`SKU ${onlineSku.tbSkuId}`);
    await settled(page);
    await b.screenshot('master-data-journey');
  });
});
