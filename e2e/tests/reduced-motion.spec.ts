// A person who asked their system for less motion (prefers-reduced-motion: reduce) gets drawers and
// dialogs that appear at once; everyone else sees them slide in. Both as a new seller meets them on
// the express rules page ("Add a rule" opens a drawer).
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, settled, type Browser } from '../fixtures';

const seller = await newSeller();
const reduced = await launchBrowser();
const moving = await launchBrowser({ motion: true });

/** Opens the "Add a rule" drawer and answers how many finite animations ran at once as it appeared. */
async function animationsAsTheDrawerAppears(b: Browser): Promise<number> {
  const page = b.page;
  await b.signIn(seller.username, seller.password);
  await page.getByText(`Welcome back, ${seller.name}`).waitFor();
  await b.open('/config/logistics-rules');
  await page.getByRole('tab', { name: 'By keyword' }).click();
  await settled(page);
  // Counted in the page from the moment the drawer's body is added, every frame for half a second
  // (its opening lasts 0.3 s): the most finite animations running at once.
  const counted = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // Of the drawer (its panel and mask) and of the button clicked (antd's click ripple).
        const finite = () =>
          document.getAnimations().filter((a) => {
            const target = (a.effect as KeyframeEffect | null)?.target;
            return a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity && target instanceof Element && !!target.closest('.ant-drawer, .ant-wave, .ant-btn');
          }).length;
        const observer = new MutationObserver(() => {
          if (!document.querySelector('.ant-drawer-body')) return;
          observer.disconnect();
          const start = performance.now();
          let most = finite();
          const frame = () => {
            most = Math.max(most, finite());
            if (performance.now() - start < 500) requestAnimationFrame(frame);
            else resolve(most);
          };
          requestAnimationFrame(frame);
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
  await page.getByRole('tabpanel', { name: 'By keyword' }).getByRole('button', { name: 'Add a rule' }).click();
  const animations = await counted;
  await page.getByRole('dialog', { name: 'Add a rule: By keyword' }).waitFor();
  return animations;
}

describe('motion', () => {
  it('opens a drawer at once for a person who asked for reduced motion', async () => {
    expect(await animationsAsTheDrawerAppears(reduced)).toBe(0);
  });

  it('slides the drawer in for everyone else', async () => {
    expect(await animationsAsTheDrawerAppears(moving)).toBeGreaterThan(0);
  });
});
