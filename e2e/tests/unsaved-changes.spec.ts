// Leaving a page with unsaved changes asks first (spec 01 §4.1(11)), as a new seller meets it on the
// express rules page: a rule added and not saved; another menu clicked; the question comes; Stay
// keeps the page and the rule; Leave goes. A saved page leaves without asking, and the browser asks
// before a reload while work is unsaved.
import { describe, expect, it } from 'vitest';
import { chooseOption, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const api = seller.api;
await api.call('/myhome/expressCompany/addUserExpressCompany', { codes: ['YTO'] }).catch(() => undefined);
const keyword = `KEEP-${run}`;

const leaveDialog = () => page.getByRole('dialog').filter({ hasText: 'Leave this page?' });
/** Another menu of the top navigation: Purchasing is a link of its own. */
const otherMenu = () => page.getByRole('menu', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Purchasing' });

async function addCustomRule() {
  await page.getByRole('tab', { name: 'By keyword' }).click();
  await settled(page);
  const tab = page.getByRole('tabpanel', { name: 'By keyword' });
  await tab.getByRole('button', { name: 'Add a rule' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add a rule: By keyword' });
  await drawer.waitFor();
  await settled(page);
  await drawer.getByLabel('Keyword', { exact: true }).fill(keyword);
  await chooseOption(page, drawer.getByLabel('Express company', { exact: true }), 'YTO Express');
  await drawer.getByRole('button', { name: 'OK', exact: true }).click();
  await drawer.waitFor({ state: 'hidden' });
  await tab.getByText(keyword).waitFor();
  return tab;
}

describe('leaving a page with unsaved changes', () => {
  it('asks before the menu leaves an express rule that was added and not saved; Stay keeps it', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/config/logistics-rules');
    const tab = await addCustomRule();
    await tab.getByText('Unsaved changes').waitFor();

    await otherMenu().click();
    const dialog = leaveDialog();
    await dialog.waitFor();
    await b.screenshot('unsaved-changes-confirm');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).hash).toBe('#/config/logistics-rules');
    await tab.getByText(keyword).waitFor();
  });

  it('leaves when the user confirms, and the rule was not saved', async () => {
    await otherMenu().click();
    const dialog = leaveDialog();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/purchase');
    await page.getByRole('heading', { name: 'Express rules' }).waitFor({ state: 'detached' });
    const rules = await api.call<{ ruleCondition: { keyword?: string } }[]>('/cloud/core/expressRule/getExpressRuleList?type=BY_CUSTOM', {});
    expect(rules.some((r) => r.ruleCondition.keyword === keyword)).toBe(false);
  });

  it('asks the browser before a reload while work is unsaved, and not once it is saved', async () => {
    await page.goBack();
    await page.getByRole('heading', { name: 'Express rules' }).waitFor();
    const tab = await addCustomRule();
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    // Chromium asks only after the user acted on the page, which the form filling above was.
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await tab.getByText(keyword).waitFor();

    await tab.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Rules saved').waitFor();
    await tab.getByText('Unsaved changes').waitFor({ state: 'hidden' });
    await otherMenu().click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/purchase');
    expect(await leaveDialog().count()).toBe(0);
  });
});
