import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const suffix = Date.now().toString(36);

describe('the main account manages roles and sub-accounts', () => {
  it('creates a role with the goods menu', async () => {
    await b.signIn(seller.username, seller.password);
    await b.page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/config/subAccount?tab=roles');
    await b.page.getByRole('button', { name: 'New role' }).click();
    await b.page.getByLabel('Role name', { exact: true }).fill(`Goods clerk ${suffix}`);
    await b.page.getByRole('checkbox', { name: 'Goods', exact: true }).check();
    await b.page.getByRole('checkbox', { name: 'Cost price' }).check();
    await b.page.getByRole('button', { name: 'Save' }).click();
    await b.page.getByRole('cell', { name: `Goods clerk ${suffix}` }).waitFor();
  });

  it('refuses a weak password in the form, then creates the sub-account', async () => {
    await b.open('/config/subAccount');
    await b.page.getByRole('button', { name: 'New sub-account' }).click();
    await b.page.getByRole('heading', { name: 'New sub-account' }).waitFor();
    await b.page.getByLabel('Username', { exact: true }).fill(`clerk${suffix}`);
    await b.page.getByLabel('Name', { exact: true }).fill('Clerk Zhang');
    await b.page.getByLabel('Password', { exact: true }).fill('short');
    await b.page.getByLabel('Confirm password').fill('short');
    await b.page.getByRole('checkbox', { name: new RegExp(`Goods clerk ${suffix}`) }).check();
    await b.page.getByRole('button', { name: 'Save' }).click();
    await b.page.getByText('The password must be 8 to 20 characters long').waitFor();
    await b.page.getByLabel('Password', { exact: true }).fill('Clerk#2026ok');
    await b.page.getByLabel('Confirm password').fill('Clerk#2026ok');
    await b.page.getByRole('button', { name: 'Save' }).click();
    await b.page.getByRole('cell', { name: `clerk${suffix}` }).waitFor();
    await b.screenshot('sub-accounts');
  });

  it('lets the new sub-account in with only the goods menu', async () => {
    await b.page.getByRole('button', { name: 'Account menu' }).click();
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await b.signIn(`clerk${suffix}`, 'Clerk#2026ok');
    await b.page.getByText('Welcome back, Clerk Zhang').waitFor();
    const nav = b.page.getByRole('menu', { name: 'Main navigation' });
    expect(await nav.getByText('Goods', { exact: true }).isVisible()).toBe(true);
    expect(await nav.getByText('Orders', { exact: true }).count()).toBe(0);
  });
});
