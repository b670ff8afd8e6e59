import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { securedInput, useHarness } from './harness.ts';

/**
 * Theming in Chromium: the card's `styles` reach the input inside the gateway's number frame (base,
 * placeholder, error after an invalid number, validated), attack values never do, and the widget's
 * CSS variables set on a container around it change the widget.
 */
const harness = useHarness();
const stylesheet = fileURLToPath(new URL('../../packages/checkout/src/styles/checkout.css', import.meta.url));

const styles = {
  base: { color: 'rgb(10, 74, 127)', fontSize: '18px', fontFamily: 'monospace', letterSpacing: '1px' },
  error: { color: 'rgb(179, 38, 30)' },
  validated: { color: 'rgb(20, 108, 46)' },
  placeholder: { color: 'rgb(112, 112, 112)', fontStyle: 'italic' },
};

const numberInput = (page: Page) => securedInput(page, 'encryptedCardNumber');
const computed = (page: Page, property: string, pseudo?: string) =>
  numberInput(page).evaluate(
    (input, [name, element]) => getComputedStyle(input, element).getPropertyValue(name as string),
    [property, pseudo ?? null] as const,
  );

describe('theming in Chromium', () => {
  it('applies the card’s styles inside the number frame, per state', async () => {
    const { page, errors } = await harness.openDemo(
      `flow=advanced&component=card&holderName=0&styles=${encodeURIComponent(JSON.stringify(styles))}`,
    );
    await numberInput(page).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() =>
      document.querySelector('.actuate-checkout__card-fields:not(.actuate-checkout__card-fields--loading)'),
    );
    await expect.poll(() => computed(page, 'color')).toBe('rgb(10, 74, 127)');
    expect(await computed(page, 'font-size')).toBe('18px');
    expect(await computed(page, 'font-family')).toBe('monospace');
    expect(await computed(page, 'letter-spacing')).toBe('1px');
    expect(await computed(page, 'color', '::placeholder')).toBe('rgb(112, 112, 112)');
    expect(await computed(page, 'font-style', '::placeholder')).toBe('italic');

    // A number that fails the Luhn check, on leaving the field: the error colour, over the base size.
    await numberInput(page).pressSequentially('4111111111111112', { delay: 5 });
    await numberInput(page).press('Tab');
    await expect.poll(() => computed(page, 'color')).toBe('rgb(179, 38, 30)');
    expect(await computed(page, 'font-size')).toBe('18px');

    // Corrected: the validated colour.
    await numberInput(page).focus();
    await numberInput(page).press('End');
    await numberInput(page).press('Backspace');
    await numberInput(page).pressSequentially('1', { delay: 5 });
    await expect.poll(() => computed(page, 'color')).toBe('rgb(20, 108, 46)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('drops values outside the allowlist: nothing of them reaches the frame', async () => {
    const attack = {
      base: {
        color: 'red; background: url(https://evil.example/x)',
        fontSize: '30px}#sf-input{display:none',
        background: 'rgb(255, 0, 0)',
        fontFamily: 'x</style><script>alert(1)</script>',
      },
    };
    const { page } = await harness.openDemo(
      `flow=advanced&component=card&holderName=0&styles=${encodeURIComponent(JSON.stringify(attack))}`,
    );
    await numberInput(page).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() =>
      document.querySelector('.actuate-checkout__card-fields:not(.actuate-checkout__card-fields--loading)'),
    );
    expect(await numberInput(page).getAttribute('style')).toBeNull();
    expect(await computed(page, 'font-size')).toBe('16px');
    expect(await computed(page, 'display')).not.toBe('none');
    expect(await computed(page, 'background-image')).toBe('none');
    await page.close();
  });

  it('CSS variables set on a container around the widget change the widget', async () => {
    const { page } = await harness.openDemo(`flow=advanced&component=card&holderName=1`);
    // The package's stylesheet, as a merchant page links it.
    await page.addStyleTag({ path: stylesheet });
    await numberInput(page).waitFor({ timeout: 30_000 });
    const payButton = page.getByRole('button', { name: /^Pay / });
    await payButton.waitFor();
    const look = () =>
      page.evaluate(() => {
        const button = document.querySelector('.actuate-checkout__button--pay') as HTMLElement;
        const holder = document.querySelector('.actuate-checkout__input') as HTMLElement;
        return {
          background: getComputedStyle(button).backgroundColor,
          radius: getComputedStyle(button).borderTopLeftRadius,
          inputBackground: getComputedStyle(holder).backgroundColor,
          font: getComputedStyle(button).fontFamily,
        };
      });
    const before = await look();
    expect(before.background).toBe('rgb(11, 87, 208)');
    // The page's own stylesheet sets them on the widget's container, as a dark theme would.
    await page.addStyleTag({
      content: `#payment { --actuate-checkout-color-primary: #7c3aed; --actuate-checkout-radius: 0px;
        --actuate-checkout-color-background: #111827; --actuate-checkout-font-family: Georgia, serif; }`,
    });
    await expect.poll(look).toEqual({
      background: 'rgb(124, 58, 237)',
      radius: '0px',
      inputBackground: 'rgb(17, 24, 39)',
      font: 'Georgia, serif',
    });
    await page.close();
  });
});
