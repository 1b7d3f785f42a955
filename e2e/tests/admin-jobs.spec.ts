import { describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newSeller, until } from '../fixtures';

const b = await launchBrowser();

describe('root controls the jobs from the admin page', () => {
  it('pauses and resumes a job', async () => {
    await b.signIn(DEMO.root.username, DEMO.root.password);
    await b.page.getByRole('menu', { name: 'Main navigation' }).getByText('Administration').waitFor();
    await b.open('/system/jobs');
    const row = b.page.getByRole('row', { name: /session-cleanup/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Pause' }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await b.page.getByRole('tab', { name: 'Change log' }).click();
    await b.page.getByRole('row', { name: /session-cleanup/ }).first().getByRole('cell', { name: 'Paused', exact: true }).waitFor();
    await b.page.getByRole('tab', { name: 'Jobs' }).click();
    await row.getByRole('button', { name: 'Resume' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    await b.screenshot('admin-jobs');
  });

  it('refuses a schedule that does not parse and previews the next five runs before saving', async () => {
    const row = b.page.getByRole('row', { name: /session-cleanup/ });
    await row.getByRole('button', { name: 'Schedule' }).click();
    const dialog = b.page.getByRole('dialog');
    const input = dialog.getByLabel('Cron expression');
    await input.fill('61 * * * *');
    await dialog.getByRole('button', { name: 'Show next runs' }).click();
    await dialog.getByText(/timeStr/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await input.fill('17 */2 * * *');
    await dialog.getByRole('button', { name: 'Show next runs' }).click();
    await dialog.getByText('The next five runs').first().waitFor();
    await until(() => dialog.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:17$/).count(), (n) => n === 5, 'five fire times at minute 17');
    await b.screenshot('admin-jobs-cron');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await row.getByText('17 */2 * * *').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Back to the default.
    await row.getByRole('button', { name: 'Schedule' }).click();
    await dialog.getByRole('button', { name: 'Use the default' }).click();
    await dialog.getByRole('button', { name: 'Show next runs' }).click();
    await dialog.getByText('The next five runs').first().waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await row.getByText('17 * * * *').waitFor();
  });

  it('shows feature domains and the environment settings without secrets', async () => {
    await b.open('/system/features');
    await b.page.getByText(/No feature is turned on for any domain yet|Feature code/).first().waitFor();
    await b.screenshot('admin-features');
    await b.open('/system/envConfig');
    await b.page.getByText('DATABASE_URL').waitFor();
    await b.screenshot('admin-env');
  });
});

describe('a seller sees its home shortcuts and best sellers', () => {
  it('adds a shortcut on home', async () => {
    const seller = await newSeller();
    await b.page.getByRole('button', { name: 'Account menu' }).click();
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await b.signIn(seller.username, seller.password);
    await b.page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.page.getByText('No shortcuts yet: pick the pages you open most.').waitFor();
    await b.page.getByText('No sales in these days yet. Orders that come in from your stores show up here.').waitFor();
    await b.page.getByRole('button', { name: 'Edit shortcuts' }).click();
    const dialog = b.page.getByRole('dialog');
    await dialog.getByLabel('Shortcuts').fill('Store manage');
    await b.page.locator('.ant-select-item-option', { hasText: 'Store management' }).waitFor();
    await b.page.keyboard.press('Enter');
    await b.page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await b.page.getByRole('link', { name: 'Store management' }).first().waitFor();
    await b.screenshot('home-shortcuts');
    await b.open('/config/storemanagement');
    await b.page.getByRole('columnheader', { name: 'Sync health' }).waitFor();
  });
});
