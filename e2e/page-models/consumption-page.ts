import { expect, type Page } from '@playwright/test';

/** The consumption screens, by role and accessible name (French unless said otherwise). */
export class ConsumptionPage {
  constructor(private readonly page: Page) {}

  get totals() {
    return this.page.getByRole('group', { name: /^(Totaux de la période|Totalen van de periode|Totals of the period)$/ });
  }

  get scroller() {
    return this.page.getByRole('region', { name: /^(Communications de la période|Verbruik van de periode|Usage of the period)$/ });
  }

  get rows() {
    return this.scroller.getByRole('listitem');
  }

  /** The number of records the totals announce ("Communications 113"). */
  async recordCount(): Promise<number> {
    const text = await this.totals.getByText(/^(Communications|Communicaties|Records)\b/).innerText();
    return Number(text.replace(/\D/g, ''));
  }

  /** One figure of the totals' table: the row of a type ("Appels"), the column of a rating class ("Dans le forfait"). */
  async totalCell(type: string, column: 0 | 1 | 2): Promise<string> {
    return (
      await this.totals
        .getByRole('row', { name: new RegExp(`^${type}\\b`) })
        .getByRole('cell')
        .nth(column)
        .innerText()
    ).trim();
  }

  async waitForTotals() {
    await expect(this.totals).toBeVisible({ timeout: 60_000 });
  }

  /**
   * Wait until the period's records are all local and the totals computed from them: no download in progress and
   * the totals no longer `aria-busy` (a download that has not started yet counts as in progress).
   */
  async waitForLocalData() {
    await expect(
      this.page
        .getByRole('status')
        .filter({ hasText: /Chargement des communications|Communicaties laden|Verbruik laden|Loading usage|Loading records/ }),
    ).toHaveCount(0, { timeout: 120_000 });
    await expect(this.totals).toHaveAttribute('aria-busy', 'false', { timeout: 120_000 });
  }

  async choosePeriod(label: RegExp) {
    // The period lives in the URL: the radio shows its new state once the navigation settles, so click and wait
    // for it rather than `check()`, which fails when the state is not synchronous.
    const radio = this.page.getByRole('radio', { name: label });
    await radio.click();
    await expect(radio).toBeChecked();
  }
}
