import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const name = `Sandbox ${Date.now().toString(36)}`;

describe('a seller connects a sandbox marketplace store and syncs its goods', () => {
  it('creates the store and authorizes it on the sandbox consent page', async () => {
    await b.signIn(seller.username, seller.password);
    await b.page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/config/storemanagement/createonlinestore?platformCode=SANDBOX');
    await b.page.getByLabel('Store name').fill(name);
    await b.page.getByRole('button', { name: 'Save' }).click();
    await b.page.getByText(`${name} was created`).waitFor();
    await b.page.getByRole('button', { name: 'Authorize now' }).click();
    await b.page.getByRole('heading', { name: 'Allow OpenSeller to access your shop' }).waitFor();
    await b.page.getByRole('button', { name: 'Allow' }).click();
    await b.page.getByText('Store authorized').waitFor();
    expect(b.page.url()).toContain('#/authorization?code=');
    await b.page.getByRole('button', { name: 'Go to store management' }).click();
    const row = b.page.getByRole('row').filter({ hasText: name });
    await row.getByText('Authorized').waitFor();
  });

  it('fills the sandbox shop from its console and syncs the online goods', async () => {
    const row = b.page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'More' }).click();
    await b.page.getByRole('menuitem', { name: 'Sandbox console' }).click();
    await b.page.getByRole('button', { name: 'Add 3 demo items' }).click();
    await b.page.getByText('3 demo items added').waitFor();
    await b.page.getByRole('tab', { name: 'Orders' }).click();
    await b.page.getByRole('button', { name: 'Generate demo orders' }).click();
    await b.page.getByText('5 buyer orders placed').waitFor();
    await b.page.getByRole('button', { name: 'Close', exact: true }).click();

    await row.getByRole('button', { name: 'More' }).click();
    await b.page.getByRole('menuitem', { name: 'Sync online goods' }).click();
    await b.page.getByText(`Goods sync of ${name} started`).waitFor();
    // The list follows a running sync by itself.
    await row.getByText('3 items: 3 new, 0 updated, 5 new SKUs').waitFor({ timeout: 20_000 });
    await row.getByText('Done').waitFor();
    await b.screenshot('sandbox-store');
  });

  it('turns on the sandbox’s order messages: pushed orders are pulled and the store shows its sync health', async () => {
    const row = b.page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'More' }).click();
    await b.page.getByRole('menuitem', { name: 'Sandbox console' }).click();
    await b.page.getByRole('tab', { name: 'Behaviour' }).click();
    await b.page.getByRole('switch', { name: 'Push order messages' }).click();
    await b.page.getByRole('button', { name: 'Save', exact: true }).click();
    await b.page.getByText('Saved').first().waitFor();
    await b.page.getByRole('tab', { name: 'Orders' }).click();
    await b.page.getByRole('button', { name: 'Generate demo orders' }).click();
    await b.page.getByText('5 buyer orders placed').waitFor();
    await b.page.getByRole('button', { name: 'Close', exact: true }).click();

    // The pushed messages make the store pull its orders; the health column tells the pull and its watermark.
    const lastRun = row.getByTestId('sync-last-run');
    for (let i = 0; i < 40 && !(await lastRun.isVisible()); i++) {
      await b.page.waitForTimeout(500);
      await b.page.reload();
      await row.waitFor();
    }
    await expect.poll(() => lastRun.textContent()).toMatch(/^Last pull \(platform message\): \d+ orders, \d+ pages$/);
    await expect.poll(() => row.getByTestId('sync-watermark').textContent()).toMatch(/^Orders up to \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // Bring the column into view for the picture (the table scrolls sideways under its fixed columns).
    await lastRun.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
    await b.screenshot('sandbox-store-sync-health');
  });
});
