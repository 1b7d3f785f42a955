import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller } from '../fixtures';

const b = await launchBrowser();
// A seller's picker: a sub-account whose role allows only the orders and stock menus.
const seller = await newSeller();
const picker = await seller.subAccount({ name: 'Picker', menus: ['MENU_ERPSO', 'MENU_INV'] });

describe('the picker sub-account', () => {
  it('sees only the orders and stock menus', async () => {
    await b.signIn(picker.username, picker.password);
    await b.page.getByText('Welcome back, Picker').waitFor();
    const nav = b.page.getByRole('menu', { name: 'Main navigation' });
    expect(await nav.getByText('Orders', { exact: true }).isVisible()).toBe(true);
    expect(await nav.getByText('Stock', { exact: true }).isVisible()).toBe(true);
    expect(await nav.getByText('Goods', { exact: true }).count()).toBe(0);
    expect(await nav.getByText('Basic configuration', { exact: true }).count()).toBe(0);
  });

  it('gets the 403 page on /goods', async () => {
    await b.open('/goods');
    await b.page.getByText('You have no permission for this page!').waitFor();
    await b.screenshot('picker-403');
  });

  it('is refused the sub-account page too', async () => {
    await b.open('/config/subAccount');
    await b.page.getByText('You have no permission for this page!').waitFor();
  });
});
