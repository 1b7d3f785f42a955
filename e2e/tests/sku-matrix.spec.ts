// A T-shirt in two colours and two sizes, as a seller creates it (issue 20 must-have 4): variants
// on, the colours and sizes typed once, "Make the SKUs" fills the SKU table with four codes from
// the pattern; one of them is already used by other goods, so saving is refused before anything
// is saved, naming that code and its goods; the code is edited in the table and the goods saved
// with its four SKUs.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `MX${run}`;
const oldCode = `OLD${run}`;
// Other goods already hold the code the matrix will make for red M.
await seller.api.call('/myhome/spu/createSpuByHand', { code: oldCode, name: 'E2E older tee', hasSku: true, skus: [{ code: `${code}-Red-M` }] });

const drawer = () => page.getByRole('dialog', { name: 'New goods' });
const codeCells = () => drawer().getByLabel('SKU code', { exact: true });
const codes = async () => Promise.all((await codeCells().all()).map((c) => c.inputValue()));

async function addValues(label: string, values: string[]) {
  const field = drawer().getByLabel(label, { exact: true });
  for (const v of values) {
    await field.fill(v);
    await field.press('Enter');
  }
}

describe('the SKU matrix of new goods', () => {
  it('makes the SKUs of every colour and size in one step, codes from the pattern', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/goods');
    await page.getByRole('button', { name: 'New goods' }).first().click();
    await settled(page);
    await drawer().getByLabel('Goods code', { exact: true }).fill(code);
    await drawer().getByLabel('Goods name', { exact: true }).fill('E2E matrix tee');
    await drawer().getByLabel('Price', { exact: true }).fill('39');
    await drawer().getByRole('switch').click();
    await drawer().getByTestId('sku-matrix').waitFor();
    await addValues('Colours', ['Red', 'Blue']);
    await addValues('Sizes', ['M', 'L']);
    await drawer().getByRole('button', { name: 'Make the SKUs (4)' }).click();
    await expect.poll(codes).toEqual([`${code}-Red-M`, `${code}-Red-L`, `${code}-Blue-M`, `${code}-Blue-L`]);
    await b.screenshot('sku-matrix-made');
  });

  it('refuses to save a code other goods use, naming it and those goods, before saving', async () => {
    await drawer().getByRole('button', { name: 'Save' }).click();
    const alert = drawer().getByRole('alert').filter({ hasText: 'Not saved' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(`${code}-Red-M (goods ${oldCode})`);
    expect(await alert.innerText()).not.toContain(`${code}-Red-L`);
    // Nothing was saved: the goods code is still free.
    expect((await seller.api.call<{ available: boolean }>('/myhome/spu/checkCode', { code })).available).toBe(true);
    await b.screenshot('sku-matrix-refused');
  });

  it('saves the goods with the four SKUs once the code is edited', async () => {
    await codeCells().first().fill(`${code}-Red-M1`);
    await drawer().getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Goods ${code} saved`).waitFor();
    const found = await seller.api.call<{ voList: { code: string; color: string | null; size: string | null }[] }>('/myhome/sku/searchSkuPageList', { currentPage: 1, pageSize: 10, keyword: `${code}-` });
    const skus = found.voList.filter((s) => !s.code.endsWith('-Red-M'));
    expect(skus.map((s) => [s.code, s.color, s.size]).sort()).toEqual(
      [
        [`${code}-Blue-L`, 'Blue', 'L'],
        [`${code}-Blue-M`, 'Blue', 'M'],
        [`${code}-Red-L`, 'Red', 'L'],
        [`${code}-Red-M1`, 'Red', 'M'],
      ].sort(),
    );
  });
});
