// The root account edits the help centre (/system/manuals): it adds an English tutorial, which a
// signed-out reader then finds at /docs/tutorial, hides it (gone for readers) and deletes it.
import { describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, settled } from '../fixtures';

const b = await launchBrowser();
const { page } = b;
const title = `Packing fragile goods ${Date.now().toString(36)}`;

describe('root edits the help centre', () => {
  it('adds a tutorial that readers see signed out', async () => {
    await b.signIn(DEMO.root.username, DEMO.root.password);
    await page.getByRole('heading', { name: 'Domains' }).waitFor();
    await b.open('/system/manuals');
    await page.getByRole('tab', { name: 'Tutorials' }).click();
    await page.locator('.ant-segmented-item').filter({ hasText: 'English' }).click();
    await page.getByRole('row').filter({ hasText: 'Setting courier rules' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Tutorials' }).first().getByRole('button', { name: 'Add inside' }).click();
    const dialog = page.getByRole('dialog');
    await settled(page);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Content (HTML)').fill('<p>Wrap each piece in bubble film.</p><script>alert(1)</script>');
    await b.screenshot('manuals-admin-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: title }).waitFor();
    await b.screenshot('manuals-admin');

    const reader = await launchBrowser();
    await reader.open('/docs/tutorial');
    await reader.page.getByRole('menu', { name: 'Topics' }).getByText(title).click();
    await reader.page.getByText('Wrap each piece in bubble film.').waitFor();
    expect(await reader.page.locator('.os-manual-html').innerText()).toContain('<script>alert(1)</script>');
  });

  it('deletes it', async () => {
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByRole('cell', { name: title }).waitFor({ state: 'detached' });
  });
});
