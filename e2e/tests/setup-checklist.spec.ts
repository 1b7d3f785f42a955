// The first-run checklist, as a new seller meets it: home lists the seven things the order loop
// needs, none done; once the seller has a warehouse with goods in stock (set up through the API)
// those two show done and the rest still link to the pages that set them up. The page's guide
// popover shows once and, acknowledged, never again; the floating help sidebar opens the help
// centre; "Don't show again" hides the checklist for good.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const { page } = b;
const seller = await newSeller({ name: 'Checklist Seller' });
const run = Date.now().toString(36).toUpperCase();
const checklist = page.locator('.os-setup-checklist');
const step = (key: string) => checklist.locator(`[data-step="${key}"]`);

describe('the setup checklist', () => {
  it('shows a new seller every step undone, each linking to the page that fixes it', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText('Welcome back, Checklist Seller').waitFor();
    await checklist.getByText('Get ready for your first order').waitFor();
    await step('COURIER_RULE').waitFor();
    for (const key of ['STORE_AUTHORIZED', 'GOODS_MAPPED', 'WAREHOUSE', 'STOCK', 'EXPRESS_COMPANY', 'WAYBILL_ACCOUNT', 'COURIER_RULE']) {
      expect(await step(key).getAttribute('data-done')).toBe('false');
    }
    await b.screenshot('setup-checklist-new');
    await step('WAYBILL_ACCOUNT').getByRole('link', { name: 'Add a waybill account' }).click();
    await page.waitForURL(/#\/config\/accounts$/);
  });

  it('marks the warehouse and stock done once they exist, and keeps the rest open', async () => {
    const api = seller.api;
    const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `CW${run}`, name: `Checklist WH ${run}`, type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' });
    const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'C-01' });
    const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code: `CHK-${run}`, name: 'E2E checklist cup', price: '19.9' });
    await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId: goods.skus[0]!.id, qty: 5, price: '8', locationId: location.id }] });
    await b.open('/');
    await page.reload();
    await step('STOCK').waitFor();
    await expect.poll(() => step('STOCK').getAttribute('data-done')).toBe('true');
    expect(await step('WAREHOUSE').getAttribute('data-done')).toBe('true');
    expect(await step('GOODS_MAPPED').getAttribute('data-done')).toBe('true');
    expect(await step('STORE_AUTHORIZED').getAttribute('data-done')).toBe('false');
    expect(await step('WAREHOUSE').innerText()).toContain('Warehouses in use: 1');
    await checklist.getByText('3/7').waitFor();
    await b.screenshot('setup-checklist-progress');
    await step('COURIER_RULE').getByRole('link', { name: 'Add a courier rule' }).click();
    await page.waitForURL(/#\/config\/logistics-rules$/);
  });

  it('shows a page’s guide once, until acknowledged', async () => {
    await b.open('/goods/mapping');
    const guide = page.getByRole('dialog', { name: 'Online goods mapping' });
    await guide.waitFor();
    await b.screenshot('guide-popover');
    const recorded = page.waitForResponse((r) => r.url().endsWith('/cloud/domain/userConfig/update'));
    await guide.getByRole('button', { name: 'Got it' }).click();
    await recorded;
    await guide.waitFor({ state: 'detached' });
    await page.reload();
    await settled(page);
    await page.getByRole('navigation', { name: 'Help' }).getByRole('button', { name: 'Open help and support' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Online goods mapping' }).count()).toBe(0);
  });

  it('opens the help centre from the floating sidebar', async () => {
    // The sidebar rests docked at the edge (it covers no table column) and opens on a click.
    await page.getByRole('navigation', { name: 'Help' }).getByRole('button', { name: 'Open help and support' }).click();
    const opened = b.context.waitForEvent('page');
    await page.getByRole('navigation', { name: 'Help' }).getByRole('button', { name: 'Help centre' }).click();
    const docs = await opened;
    await docs.waitForURL(/#\/docs/);
    await docs.getByText('The order loop at a glance').first().waitFor();
    await docs.close();
  });

  it('hides the checklist for good once dismissed', async () => {
    await b.open('/');
    const recorded = page.waitForResponse((r) => r.url().endsWith('/cloud/domain/userConfig/update'));
    await checklist.getByRole('button', { name: "Don't show again" }).click();
    await recorded;
    await checklist.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Welcome back, Checklist Seller').waitFor();
    await settled(page);
    expect(await checklist.count()).toBe(0);
  });
});
