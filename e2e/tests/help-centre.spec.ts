// The help centre signed out (spec 01 §2.1 /docs): a visitor reads the getting-started topics,
// searches, opens a result and reads the common questions; in Chinese the Chinese manuals show.
import { describe, expect, it } from 'vitest';
import { launchBrowser, settled } from '../fixtures';

const b = await launchBrowser();
const { page } = b;

describe('the help centre, signed out', () => {
  it('shows the getting-started topics and the chosen topic', async () => {
    await b.open('/docs/getting-started');
    await page.getByRole('heading', { name: 'The order loop at a glance' }).waitFor();
    await page.getByText('no courier matched').first().waitFor();
    await page.getByRole('menu', { name: 'Topics' }).getByText('Try it with the sandbox store').click();
    await page.getByRole('heading', { name: 'Try it with the sandbox store' }).waitFor();
    expect(page.url()).toMatch(/#\/docs\/getting-started\?id=\d+$/);
    await b.screenshot('help-centre-getting-started');
  });

  it('searches the manuals and opens a result', async () => {
    await page.getByPlaceholder('Search the help centre').fill('waybill account');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/docs\/searchResult\?keyword=waybill/);
    await page.getByText('Results for "waybill account"').waitFor();
    await b.screenshot('help-centre-search');
    await page.getByRole('link', { name: 'Printing and shipping' }).click();
    await page.getByRole('heading', { name: 'Printing and shipping' }).waitFor();
  });

  it('lists the common questions, and says so for a section with nothing yet', async () => {
    await b.open('/docs/issues');
    await page.getByText('Why does the courier picker say "No data"?').click();
    await page.getByText('No carrier has been chosen yet.').waitFor();
    await b.screenshot('help-centre-issues');
    await b.open('/docs/video');
    await page.getByText('No videos yet.').waitFor();
    await b.open('/docs/nothing-here');
    await page.getByText('This help page does not exist').waitFor();
  });

  it('shows the Chinese manuals in Chinese', async () => {
    await page.evaluate(() => localStorage.setItem('openseller.language', 'zh'));
    await b.open('/docs/getting-started');
    await page.reload();
    await settled(page);
    await page.getByRole('heading', { name: '订单闭环总览' }).waitFor();
    await b.screenshot('help-centre-zh');
  });
});
