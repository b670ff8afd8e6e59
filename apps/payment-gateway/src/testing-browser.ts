import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ChromiumProfile, launchChromium } from '@actuate/test-support';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startListeningTestGateway, type TestGateway, UNREACHABLE_WEBHOOKS } from './testing/index.ts';

/** A headless Chromium on a fresh profile, for the gateway's own page tests. */
export function launchBrowser(options?: Parameters<typeof launchChromium>[0]): Promise<ChromiumProfile> {
  return launchChromium(options);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe violations of the whole page. axe is evaluated through the DevTools
 * protocol, which the pages' strict CSP (no inline or foreign script) does not apply to.
 */
export async function seriousViolations(page: Page, options: { iframes?: boolean } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A check that silently did not run would pass every page.
  if (!(await page.evaluate(() => 'axe' in window))) throw new Error('axe did not load');
  return page.evaluate(async (iframes) => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{ violations: { id: string; impact: string; nodes: { html: string }[] }[] }>;
      };
    };
    const result = await axe.run(document, { iframes });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
  }, options.iframes ?? false);
}

/**
 * The gateway on a free port (webhooks go nowhere) and Chromium, started before a test file's tests
 * and closed after them; read the fields inside tests and hooks.
 */
export function useGatewayAndBrowser(): { gateway: TestGateway; base: string; context: BrowserContext } {
  const started = {} as { gateway: TestGateway; base: string; context: BrowserContext };
  let browser: ChromiumProfile | undefined;
  beforeAll(async () => {
    const { gateway, base } = await startListeningTestGateway(UNREACHABLE_WEBHOOKS);
    browser = await launchBrowser();
    Object.assign(started, { gateway, base, context: browser.context });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await started.gateway?.close();
  });
  return started;
}
