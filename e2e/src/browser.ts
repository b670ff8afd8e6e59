import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '@actuate/test-support';
import type { BrowserContext, Page } from 'playwright-core';

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots');

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh headless Chromium profile: no cookies or storage shared between test files. */
export async function openBrowser(options: { locale?: string } = {}): Promise<Browser> {
  const browser = await launchChromium({
    locale: options.locale ?? 'en-GB',
    viewport: { width: 1280, height: 800 },
  });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  return { context: browser.context, page, close: browser.close };
}

/** Saves a full-page screenshot under artifacts/screenshots for review. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
