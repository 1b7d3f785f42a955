// Addresses and scan stations as a new seller meets them (issue 20, must-haves 3 and 5): a
// warehouse's address is chosen in the province / city / district cascader of the official
// divisions, or pasted whole (name, phone and address) and split into the fields; an address that
// does not parse leaves the fields alone and says so. The scan box of check-and-send and
// weigh-and-send has the focus on open and again after a refused number, and Esc clears it.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const warehouseCode = `AD${run}`;
const warehouseName = `Address WH ${run}`;
const templateName = `Stop ${run}`;
await seller.api.call('/myhome/expressCompany/addUserExpressCompany', { codes: ['ZTO'] });

const region = () => page.getByLabel('Province / city / district', { exact: true });
/** The path the cascader shows, as "省 / 市 / 区". */
const regionShown = () => page.locator('.ant-form-item').filter({ has: region() }).locator('.ant-select-selection-item, .ant-select-content').first().innerText();
const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

describe('addresses and scan stations', () => {
  it('leaves the fields alone and says so when a pasted address does not parse', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/config/warehouse/create');
    await page.getByLabel('Warehouse code', { exact: true }).fill(warehouseCode);
    await page.getByLabel('Warehouse name', { exact: true }).fill(warehouseName);
    await page.getByLabel('Street address', { exact: true }).fill('kept as typed');

    await page.getByLabel('Paste a full address').fill('随便写点什么');
    await page.getByRole('button', { name: 'Fill in' }).click();
    await page.getByRole('alert').filter({ hasText: 'This address could not be read. Fill in the fields below yourself.' }).waitFor();
    expect(await page.getByLabel('Street address', { exact: true }).inputValue()).toBe('kept as typed');
    expect(await page.getByLabel('Sender name', { exact: true }).inputValue()).toBe('');
    await b.screenshot('address-paste-unparsable');
  });

  it('fills name, phone, the cascader and the street from a pasted receiver', async () => {
    await page.getByLabel('Paste a full address').fill('王芳，0512-66668888，江苏省苏州市吴中区星湖街328号');
    await page.getByLabel('Paste a full address').press('Enter');
    await page.getByRole('status').filter({ hasText: 'Address read: check the fields below.' }).waitFor();
    expect(await page.getByLabel('Sender name', { exact: true }).inputValue()).toBe('王芳');
    expect(await page.getByLabel('Sender phone', { exact: true }).inputValue()).toBe('0512-66668888');
    expect(await page.getByLabel('Street address', { exact: true }).inputValue()).toBe('星湖街328号');
    expect((await regionShown()).replace(/\s+/g, ' ')).toContain('江苏省 / 苏州市 / 吴中区');
    await b.screenshot('address-paste-parsed');
  });

  it('chooses another district in the cascader by searching, and saves the names as text', async () => {
    await region().fill('相城');
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '江苏省 / 苏州市 / 相城区' }).click();
    await expect.poll(async () => (await regionShown()).replace(/\s+/g, ' ')).toContain('江苏省 / 苏州市 / 相城区');
    await region().click();
    await page.locator('.ant-cascader-menus').waitFor();
    await b.screenshot('address-cascader-open');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Warehouse ${warehouseName} created`).waitFor();
    await page.waitForURL(/#\/config\/warehouse\/details/);
    expect(await cell(page.getByRole('row', { name: new RegExp(warehouseCode) }), 'Address')).toBe('江苏省 苏州市 相城区 星湖街328号');
  });

  it('chooses stop-shipping areas in a multi-select cascader: a whole province and one city', async () => {
    await b.open('/config/expressStop/template/createTemplate');
    await page.getByLabel('Template name', { exact: true }).fill(templateName);
    await chooseOption(page, page.getByLabel('Express company', { exact: true }), 'ZTO');
    const areas = page.getByLabel('Areas', { exact: true });
    await areas.fill('西藏');
    await page.locator('.ant-cascader-menu-item').filter({ hasText: /^西藏自治区$/ }).click();
    await areas.fill('杭州');
    await page.locator('.ant-cascader-menu-item').filter({ hasText: /^浙江省 \/ 杭州市$/ }).click();
    await page.getByText('2 areas chosen').waitFor();
    await page.keyboard.press('Escape');
    await b.screenshot('stop-areas-cascader');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template saved').waitFor();
    const found = await seller.api.call<{ voList: { name: string; areas: unknown[] }[] }>('/myhome/expressCompany/expressProhibited/search', { currentPage: 1, pageSize: 10, name: templateName });
    expect(found.voList[0]!.areas).toEqual([{ province: '西藏自治区' }, { province: '浙江省', city: '杭州市' }]);
  });

  for (const [tab, title] of [
    ['3', 'Check and send (scan)'],
    ['8', 'Weigh and send'],
  ] as const) {
    it(`${title}: the scan box has the focus on open, after a refused number, and Esc clears it`, async () => {
      await b.open(`/order?activeKey=${tab}`);
      await page.getByText(title, { exact: true }).waitFor();
      const box = page.getByLabel('Scan the waybill number');
      await expect.poll(focusedLabel).toBe('Scan the waybill number');

      // A scanner types the number and Enter: nothing is found, it is announced and the box is ready again.
      await page.keyboard.type(`NOPE${run}`);
      await page.keyboard.press('Enter');
      await page.getByRole('alert').first().waitFor();
      await expect.poll(() => box.inputValue()).toBe('');
      await expect.poll(focusedLabel).toBe('Scan the waybill number');
      if (tab === '3') await b.screenshot('scan-station-refused');

      await page.keyboard.type('half a number');
      await page.keyboard.press('Escape');
      await expect.poll(() => box.inputValue()).toBe('');
      await expect.poll(focusedLabel).toBe('Scan the waybill number');
    });
  }
});
