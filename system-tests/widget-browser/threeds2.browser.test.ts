import { describe, expect, it } from 'vitest';
import { fillCard, pay, resultOf, securedInput, useHarness } from './harness.ts';

/** 3-D Secure 2 variants in Chromium against the gateway's 3DS server and ACS simulator. */
const harness = useHarness();

async function payAndChallenge(query: string, number: string, otp: string) {
  const page = await harness.context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${harness.demoUrl}/?${query}`);
  await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
  await fillCard(page, { number, expiry: '0330', cvc: '737' });
  await pay(page);
  const acs = page.frameLocator('iframe.actuate-checkout__challenge-frame');
  await acs.locator('#otp').waitFor({ timeout: 30_000 });
  await acs.locator('#otp').fill(otp);
  await acs.locator('button[value="submit"]').click();
  const result = await resultOf(page);
  await page.close();
  return { result, requests };
}

describe('3DS2 in Chromium', () => {
  it('runs the fingerprint, then the challenge (5000 5500 0000 0029), in the advanced flow', async () => {
    const { result, requests } = await payAndChallenge(
      'flow=advanced&component=card&holderName=0',
      '5000550000000029',
      'password',
    );
    expect(result).toBe('Result: Authorised');
    expect(requests.some((url) => url.includes('/v1/submitThreeDS2Fingerprint?token='))).toBe(true);
    expect(requests.some((url) => url.endsWith('/api/payments/details'))).toBe(true);
  });

  it('a wrong one-time password refuses the payment', async () => {
    const { result } = await payAndChallenge(
      'flow=sessions&component=card&holderName=0',
      '4212345678910006',
      'letmein',
    );
    expect(result).toBe('Result: Refused');
  });

  it('runs the challenge inside the drop-in in window size 01', async () => {
    const page = await harness.context.newPage();
    await page.goto(`${harness.demoUrl}/?flow=sessions&component=dropin&window=01`);
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    await fillCard(page, { number: '4212345678910006', expiry: '0330', cvc: '737' });
    await pay(page);
    const frame = page.locator('iframe.actuate-checkout__challenge-frame');
    await frame.waitFor({ timeout: 30_000 });
    expect([await frame.getAttribute('width'), await frame.getAttribute('height')]).toEqual([
      '250px',
      '400px',
    ]);
    const acs = page.frameLocator('iframe.actuate-checkout__challenge-frame');
    await acs.locator('#otp').fill('password');
    await acs.locator('button[value="submit"]').click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await expect.poll(() => page.locator('.actuate-checkout__final--success').isVisible()).toBe(true);
    await page.close();
  });
});
