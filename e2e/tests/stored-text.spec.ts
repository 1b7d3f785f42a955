// Stored text never becomes markup: a goods class whose name is HTML (a link and a page-wide
// style) is deleted while it has a child; the refusal's toast quotes the name as text, with no
// live link and no style, and the page's colours stay as they were.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller } from '../fixtures';

const b = await launchBrowser({ language: 'zh' });
const seller = await newSeller();
const run = Date.now().toString(36).toUpperCase();
const name = '<a href=//ph.sh>重新登录</a><style>*{color:red}';

describe('stored text in messages', () => {
  it('shows a class name made of markup as text in the toast when the class cannot be deleted', async () => {
    const api = seller.api;
    const parent = await api.call<{ id: number }>('/myhome/spuSysClassify/create', { code: `XSS${run}`, name });
    await api.call('/myhome/spuSysClassify/create', { code: `XSSC${run}`, name: `子分类 ${run}`, parentId: parent.id });

    await b.signIn(seller.username, seller.password);
    await b.page.waitForFunction(() => window.location.hash === '#/');
    await b.open('/goods');
    const colourBefore = await b.page.evaluate(() => getComputedStyle(document.body).color);
    await b.page.locator('.ant-tree-node-content-wrapper').filter({ hasText: '重新登录' }).click();
    await b.page.getByRole('button', { name: '删除选中的分类' }).click();
    await b.page.locator('.ant-popconfirm').getByRole('button', { name: /^确\s*定$/ }).click();

    const notice = b.page.locator('.ant-message-notice').filter({ hasText: '子分类，不能删除' });
    await notice.waitFor();
    await b.screenshot('stored-text-toast');
    expect(await notice.locator('a, style, img, script').count()).toBe(0);
    expect(await notice.innerText()).toContain(`分类“${name}”下还有 1 个子分类，不能删除`);
    expect(await b.page.locator('a[href="//ph.sh"]').count()).toBe(0);
    expect(await b.page.evaluate(() => getComputedStyle(document.body).color)).toBe(colourBefore);
  });

  it('reports a <style> that arrives as markup as a policy violation (the check that every journey runs)', async () => {
    await b.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<style id="injected">body{color:rgb(255,0,0)}</style>'));
    // The browser reports it on several channels: all of them, before the check after the test.
    expect((await b.takeCspViolationsReportedEverywhere()).length).toBeGreaterThan(0);
    expect(await b.page.evaluate(() => getComputedStyle(document.body).color)).not.toBe('rgb(255, 0, 0)');
  });
});
