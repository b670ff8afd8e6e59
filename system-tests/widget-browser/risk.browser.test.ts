import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { payments } from '../../apps/payment-gateway/src/modules/payments/schema.ts';
import { fillCard, pay, resultOf, useHarness } from './harness.ts';

/**
 * The risk module in Chromium against the real gateway: the device-fingerprint frame loads and
 * answers, the payment keeps the fingerprint, and the card-testing rule (one card per device here)
 * refuses a second card from the same browser.
 */
const harness = useHarness(undefined, { gatewayConfig: { RISK_MAX_CARDS_PER_DEVICE: '1' } });

/** The widget's riskData.clientData once the frame has answered (JSON decoded). */
async function clientDataOf(page: Page): Promise<{ deviceFingerprint: string | null; version: string }> {
  await page.waitForFunction(
    () => {
      const data = (window as unknown as { checkout?: { risk: { clientData?: string } } }).checkout?.risk
        .clientData;
      return data !== undefined && JSON.parse(atob(data)).deviceFingerprint !== null;
    },
    undefined,
    { timeout: 15_000 },
  );
  return page.evaluate(() =>
    JSON.parse(
      atob((window as unknown as { checkout: { risk: { clientData: string } } }).checkout.risk.clientData),
    ),
  );
}

/** The fingerprints kept with the payments of the card ending in `lastFour`. */
const fingerprintsOf = async (lastFour: string) =>
  (await harness.database.db.select().from(payments).where(eq(payments.lastFour, lastFour))).map(
    (payment) => payment.deviceFingerprint,
  );

describe('risk data in Chromium', () => {
  it('loads the fingerprint frame (no 404) and the payment keeps the fingerprint', async () => {
    const frameStatus: number[] = [];
    const { page, errors } = await harness.openDemo('flow=sessions&component=card', async (page) => {
      page.on('response', (response) => {
        if (/\/assets\/html\/[^/]+\/dfp\.1\.0\.0\.html$/.test(response.url()))
          frameStatus.push(response.status());
      });
    });
    const clientData = await clientDataOf(page);
    expect(frameStatus).toEqual([200]);
    expect(clientData.version).toBe('1.0.0');
    expect(clientData.deviceFingerprint).toMatch(/^actdf1\.[A-Za-z0-9_-]{43}$/);
    // The frame is hidden from people and assistive technology.
    const frame = page.locator('iframe.actuate-checkout__risk-frame');
    if ((await frame.count()) > 0) expect(await frame.getAttribute('aria-hidden')).toBe('true');

    await fillCard(page, { number: '4111111111111111', expiry: '03/30', cvc: '737', holderName: 'J. Smith' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(await fingerprintsOf('1111')).toEqual([clientData.deviceFingerprint]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a second card from the same device (velocity), and the widget shows Refused', async () => {
    const { page, errors } = await harness.openDemo('flow=sessions&component=card');
    await clientDataOf(page);
    await fillCard(page, { number: '5555555555554444', expiry: '03/30', cvc: '737', holderName: 'J. Smith' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Refused');
    expect(errors).toEqual([]);
    await page.close();
  });
});
