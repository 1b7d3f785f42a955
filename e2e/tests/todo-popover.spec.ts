// The header's to-do popover (spec 01 §4.7): a seller whose new store brought goods not mapped yet
// sees the to-do badge wave until hovering it; the popover lists the entry highlighted as new,
// and opening it jumps to the online-goods matching page (01 §2.4), after which it is no longer
// new — also after a reload, since the read state is kept in local storage.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, sandboxStoreWithItem } from '../fixtures';

const b = await launchBrowser();
const { page } = b;
const seller = await newSeller({ name: 'Todo Seller' });
const tag = Date.now().toString(36).toUpperCase();
await sandboxStoreWithItem(seller.api, { name: `Todo shop ${tag}`, title: `Todo tee ${tag}`, outerSkuIds: [`TODO-${tag}-A`, `TODO-${tag}-B`] });

describe('the to-do popover', () => {
  it('waves for new counts until hovered, highlights them, and jumps to the filtered list', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText('Welcome back, Todo Seller').waitFor();
    const todo = page.getByRole('button', { name: /^To-do, [1-9]\d* items$/ });
    await todo.waitFor();
    const wave = page.locator('.os-todo-wave');
    await wave.waitFor();
    await b.screenshot('todo-wave');

    await todo.hover();
    await wave.waitFor({ state: 'detached' });
    await todo.click();
    const entry = page.locator('.os-todo-item', { hasText: 'Unmapped online goods' });
    await entry.waitFor();
    expect(await entry.getAttribute('class')).toContain('os-todo-new');
    await b.screenshot('todo-popover');

    await entry.click();
    await page.waitForURL(/#\/goods\/mapping$/);
    await todo.click();
    await page.locator('.os-todo-item', { hasText: 'Unmapped online goods' }).waitFor();
    expect(await page.locator('.os-todo-item', { hasText: 'Unmapped online goods' }).getAttribute('class')).not.toContain('os-todo-new');

    // Read state and the hovered wave survive a reload (local storage).
    await page.reload();
    await page.getByRole('button', { name: /^To-do, [1-9]\d* items$/ }).waitFor();
    expect(await page.locator('.os-todo-wave').count()).toBe(0);
  });
});
