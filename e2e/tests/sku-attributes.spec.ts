// The variants of one goods item, as a new seller meets them: a T-shirt in two colours and sizes
// with a cost price and weight given once on the goods. The goods list shows each SKU's colour and
// size and the cost and weight it takes from the goods; choosing goods for a new order shows the
// colour and size in the picker and on the order line, so the two SKUs are told apart.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `TEE-${run}`;

const api = seller.api;
await api.call('/myhome/spu/createSpuByHand', {
  code,
  name: 'E2E T-shirt',
  price: '39',
  costPrice: '20',
  weight: '0.25',
  hasSku: true,
  skus: [
    { code: `${code}-RM`, color: 'Red', size: 'M' },
    { code: `${code}-BL`, color: 'Blue', size: 'L', specifications: 'Organic cotton', costPrice: '22', weight: '0.3' },
  ],
});

describe('the SKUs of one goods item are told apart wherever they are listed or chosen', () => {
  it("lists each SKU with its colour and size, and the cost and weight it takes from the goods", async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open(`/goods?codeKeywords=${code}`);
    const row = page.getByRole('row', { name: new RegExp(code) }).first();
    await row.getByRole('button', { name: 'Expand row' }).click();
    const skus = page.locator('.ant-table-expanded-row');
    const red = skus.getByRole('row', { name: new RegExp(`${code}-RM`) });
    const blue = skus.getByRole('row', { name: new RegExp(`${code}-BL`) });
    await red.waitFor();
    expect(await red.innerText()).toMatch(/Colour: Red · Size: M/);
    expect(await red.innerText()).toMatch(/¥20\.0000\s*\(from the goods\)/);
    expect(await red.innerText()).toMatch(/0\.250 kg\s*\(from the goods\)/);
    expect(await blue.innerText()).toMatch(/Colour: Blue · Size: L · Organic cotton/);
    expect(await blue.innerText()).toMatch(/¥22\.0000/);
    expect(await blue.innerText()).not.toMatch(/from the goods/);
    await b.screenshot('goods-sku-attributes');
  });

  it('shows colour and size in the SKU picker and on the lines of a new order', async () => {
    await b.open('/order/createorder');
    await page.getByRole('button', { name: 'Add goods' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose goods' });
    await picker.waitFor();
    await settled(page);
    const search = picker.getByPlaceholder('Search by code, name, specifications or bar code');
    await search.fill(code);
    await search.press('Enter');
    const red = picker.getByRole('row', { name: new RegExp(`${code}-RM`) });
    await red.getByText('Colour: Red · Size: M').waitFor();
    await picker.getByRole('row', { name: new RegExp(`${code}-BL`) }).getByText('Colour: Blue · Size: L · Organic cotton').waitFor();
    await b.screenshot('sku-picker-attributes');
    await red.getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Choose 1' }).click();
    await picker.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-tbody tr').filter({ hasText: `${code}-RM` }).getByText('Colour: Red · Size: M').waitFor();
  });
});
