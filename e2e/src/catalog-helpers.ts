import type { Page } from 'playwright-core';

/*
 * Steps of the catalogue and configurator browser tests (storefront-catalog.e2e.ts) and the
 * configurator timing of bench/storefront.
 */

export interface ChoiceTiming {
  /** Click → the chosen value shows as selected and the summary shows the new sales item. */
  readonly inPlaceMs: number;
  /** Click → the server's price of the new sales item is on the page. */
  readonly priceMs: number;
  readonly from: string;
  readonly to: string;
}

/**
 * On a configurator that resolved a sales item, picks another value of one facet that, with the
 * other choices, gives exactly one sales item (`data-count="1"`) and times the update; undefined
 * when no facet has one. (With every facet chosen, as after /items/…, usually none has.)
 */
export async function timeChoiceToPrice(page: Page): Promise<ChoiceTiming | undefined> {
  await page.locator('form[data-auto-submit="on"]').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('resolved-sales-item').waitFor({ timeout: 30_000 });
  return page.evaluate(async () => {
    const from = document.querySelector('[data-testid="resolved-sales-item"]')?.textContent ?? '';
    const candidate = [
      ...document.querySelectorAll<HTMLInputElement>('form fieldset input[type="radio"]'),
    ].find((radio) => radio.value !== '' && !radio.disabled && !radio.checked);
    if (!candidate) return undefined;
    const label = document.querySelector<HTMLLabelElement>(`label[for="${candidate.id}"]`);
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const start = performance.now();
    label?.click();
    let inPlaceMs = -1;
    for (;;) {
      await frame();
      const now = performance.now() - start;
      if (inPlaceMs < 0 && candidate.checked && document.getElementById('result-heading')) inPlaceMs = now;
      const resolved = document.querySelector('[data-testid="resolved-sales-item"]')?.textContent ?? '';
      const price = document.querySelector('[data-testid="unit-price"]')?.textContent ?? '';
      if (resolved && resolved !== from && /\d/.test(price))
        return { inPlaceMs, priceMs: now, from, to: resolved };
      if (now > 30_000) throw new Error('the price did not update within 30 s');
    }
  });
}
