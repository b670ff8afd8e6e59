import { type ChromiumProfile, launchChromium } from '@actuate/test-support';

/** A headless Chromium on a fresh profile, for the gateway's own page tests. */
export function launchBrowser(options?: Parameters<typeof launchChromium>[0]): Promise<ChromiumProfile> {
  return launchChromium(options);
}
