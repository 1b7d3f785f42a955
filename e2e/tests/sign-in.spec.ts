import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();

describe('signing in as a seller', () => {
  it('refuses a wrong password with a message', async () => {
    await b.signIn(seller.username, 'Wrong#pass1');
    await b.page.getByRole('alert').filter({ hasText: 'Wrong username or password' }).waitFor();
  });

  it('signs in and shows the navigation and the home counters', async () => {
    await b.signIn(seller.username, seller.password);
    await b.page.getByText(`Welcome back, ${seller.name}`).waitFor();
    const nav = b.page.getByRole('menu', { name: 'Main navigation' });
    for (const item of ['Purchasing', 'Goods', 'Orders', 'Stock', 'Basic configuration']) {
      expect(await nav.getByText(item, { exact: true }).isVisible()).toBe(true);
    }
    // The counters come with their own call, after the greeting.
    await b.page.getByText('To review').waitFor();
    expect(await b.page.title()).toBe('Home - OpenSeller');
    await b.screenshot('demo-home');
  });

  it('opens a submenu and an area not built yet says so plainly', async () => {
    await b.page.getByRole('menu', { name: 'Main navigation' }).getByText('Goods', { exact: true }).hover();
    await b.page.getByRole('menuitem', { name: 'Livestream goods' }).click();
    await b.page.getByText('Livestream goods is not available yet').waitFor();
    expect(b.page.url()).toContain('#/goods/livestreamGoods');
  });

  it('sends an unknown path home', async () => {
    await b.open('/no/such/page');
    await b.page.getByText(`Welcome back, ${seller.name}`).waitFor();
    expect(b.page.url()).toMatch(/#\/$/);
  });

  it('signs out from the account menu and returns to the page asked for after signing in again', async () => {
    await b.page.getByRole('button', { name: 'Account menu' }).click();
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await b.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await b.open('/loginRecord');
    await b.page.waitForURL(/#\/login\?from=%2FloginRecord/);
    await b.page.getByLabel('Username').fill(seller.username);
    await b.page.locator('input#password').fill(seller.password);
    await b.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await b.page.waitForURL(/#\/loginRecord/);
    await b.page.getByRole('cell', { name: 'Wrong password' }).first().waitFor();
    expect(await b.page.getByRole('cell', { name: 'Signed in' }).count()).toBeGreaterThan(0);
  });
});
