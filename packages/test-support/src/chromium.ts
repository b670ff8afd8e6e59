import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium package, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags that keep Chromium quiet and offline in a container run as root: no sandbox (root), no GPU, no
 * background downloads or sync (the machine reaches no network but the package registries). Headless mode is
 * the launcher's choice (playwright's `headless`, or `--headless=new` for chrome-launcher).
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ChromiumProfile {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A headless Chromium on a fresh profile (no cookies or storage shared between callers), removed on close.
 * `options` are playwright's persistent-context options (locale, viewport, …).
 */
export async function launchChromium(
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<ChromiumProfile> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'actuate-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    ...options,
  });
  // tsx compiles named functions with a __name helper that pages evaluating them do not have.
  await context.addInitScript('globalThis.__name = (f) => f');
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
