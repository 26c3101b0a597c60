import type { Locator, Page } from '@playwright/test';
import type { DemoUserKey } from '#contract/fixtures/demo';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { ConsumptionPage } from './page-models/consumption-page.ts';

/*
 * How the consumption screens lay out, in Dutch (the longest words) on both projects: the phone (390×844) is where
 * these defects showed. Each test measures the page instead of trusting a screenshot.
 */

/** Through the API, in a language, straight on `path` (home if none). */
const loginAs = (page: Page, who: DemoUserKey, lang: 'nl' | 'fr' = 'nl', path?: string) => signIn(page, who, { lang, path });

/**
 * What overlaps in the rendered rows of a list: a row whose content spills out of it, or a row that starts above
 * the end of the previous one (half a pixel of tolerance for sub-pixel layout). Empty when every row fits.
 */
const rowOverlaps = (list: Locator) =>
  list.evaluate((scroller) => {
    const problems: string[] = [];
    const rows = [...scroller.querySelectorAll<HTMLElement>('[role=listitem]')]
      .map((row) => ({ row, box: row.getBoundingClientRect() }))
      .sort((a, b) => a.box.top - b.box.top);
    rows.forEach(({ row, box }, i) => {
      for (const child of row.children) {
        const inner = child.getBoundingClientRect();
        if (inner.bottom > box.bottom + 0.5 || inner.right > box.right + 0.5)
          problems.push(`row ${row.getAttribute('aria-posinset')}: "${(child.textContent ?? '').slice(0, 30)}" spills out`);
      }
      const next = rows[i + 1];
      if (next && next.box.top < box.bottom - 0.5)
        problems.push(
          `row ${next.row.getAttribute('aria-posinset')} starts ${Math.round(box.bottom - next.box.top)} px inside the previous one`,
        );
    });
    return rows.length === 0 ? ['no rows'] : problems;
  });

test(
  'usage rows fit their content in Dutch, at 200 % text size too, and a short list ends with its last row',
  { tag: '@desktop' },
  async ({ page }) => {
    await loginAs(page, 'marc', 'nl', '/consumption/details');
    const consumption = new ConsumptionPage(page);
    await consumption.waitForTotals();
    await consumption.waitForLocalData();
    await expect(consumption.rows.filter({ hasText: /\d{4}/ }).first()).toBeVisible();
    await expect.poll(() => rowOverlaps(consumption.scroller)).toEqual([]);

    // Text zoom: every rem doubles, rows wrap to more lines and are measured again.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    await expect.poll(() => rowOverlaps(consumption.scroller)).toEqual([]);
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '';
    });

    // The extra-cost history holds a few rows: the box is as tall as they are, with no blank area under the last.
    await page.getByRole('navigation', { name: 'Verbruik' }).getByRole('link', { name: 'Buiten bundel' }).click();
    // The section and its scroller share the name: the scroller is the region inside the section.
    const history = page
      .getByRole('region', { name: 'Geschiedenis van kosten buiten bundel' })
      .getByRole('region', { name: 'Geschiedenis van kosten buiten bundel' });
    await expect(history.getByRole('listitem').filter({ hasText: /\d{4}/ }).first()).toBeVisible();
    await expect.poll(() => rowOverlaps(history)).toEqual([]);
    // Rows are measured as they render (a row whose record is still on its way is one line, then two): the list's
    // height follows the measurement a frame later, so the blank is read once the rows have settled.
    const blank = () =>
      history.evaluate((scroller) => {
        const rows = [...scroller.querySelectorAll('[role=listitem]')].map((row) => row.getBoundingClientRect().bottom);
        return scroller.getBoundingClientRect().bottom - Math.max(...rows);
      });
    await expect.poll(blank).toBeLessThanOrEqual(2);
  },
);
