/**
 * The configurator's choice-to-updated-price time: in headless Chromium (signed in with the
 * benchmark's session cookies), the family's configurator is configured to one sales item, then
 * a chosen facet value is switched to one giving another single sales item, again and again; each switch is
 * timed from the click to (a) the choice shown in place and (b) the new item's price on the page
 * (the steps of e2e/src/catalog-helpers.ts, which the browser test logs too).
 */

import { launchChromium } from '@actuate/test-support';
import { type ChoiceTiming, timeChoiceToPrice } from '../../e2e/src/catalog-helpers.ts';
import { configureUntilResolved } from '../../e2e/src/shop-helpers.ts';

export interface ConfiguratorTiming {
  readonly family: string;
  readonly runs: readonly ChoiceTiming[];
  readonly medianInPlaceMs: number;
  readonly medianPriceMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export async function measureConfiguratorTiming(
  base: string,
  cookie: string,
  family: string,
  runs: number,
): Promise<ConfiguratorTiming> {
  const browser = await launchChromium({ locale: 'en-GB', viewport: { width: 1350, height: 940 } });
  try {
    const origin = new URL(base).origin;
    await browser.context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
    );
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(`${base}/catalog/${encodeURIComponent(family)}`);
    await configureUntilResolved(page);
    // One unmeasured switch warms the route's server code and client chunks.
    await timeChoiceToPrice(page);
    const timings: ChoiceTiming[] = [];
    for (let run = 0; run < runs; run++) {
      const timing = await timeChoiceToPrice(page);
      if (!timing) break;
      timings.push(timing);
    }
    if (timings.length === 0) throw new Error(`no choice of ${family} switched to another sales item`);
    return {
      family,
      runs: timings,
      medianInPlaceMs: median(timings.map((t) => t.inPlaceMs)),
      medianPriceMs: median(timings.map((t) => t.priceMs)),
    };
  } finally {
    await browser.close();
  }
}
