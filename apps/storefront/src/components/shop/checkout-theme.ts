import type { CheckoutTheme } from '@actuate/checkout';

/** The design token (custom property of globals.css's `@theme`) each widget theme key takes. */
const TOKENS: Readonly<Partial<Record<keyof CheckoutTheme, string>>> = {
  colorText: '--color-ink',
  colorTextSecondary: '--color-ink-muted',
  colorBackground: '--color-surface',
  colorBorder: '--color-line-strong',
  colorBorderHover: '--color-ink',
  colorPrimary: '--color-brand',
  colorPrimaryText: '--color-on-brand',
  colorFocus: '--color-focus',
  colorError: '--color-danger',
  radius: '--radius-md',
};

/**
 * The payment widget's theme from the site's own design tokens, read from the page's computed
 * styles so globals.css stays their only source; the font is the body's, which the widget also
 * passes into the gateway's card-field frames. Undefined while rendering on the server.
 */
export function siteCheckoutTheme(): CheckoutTheme | undefined {
  if (typeof document === 'undefined') return undefined;
  const root = getComputedStyle(document.documentElement);
  const theme: CheckoutTheme = {};
  const fontFamily = getComputedStyle(document.body).fontFamily.replace(/\s+/g, ' ').trim();
  if (fontFamily) theme.fontFamily = fontFamily;
  for (const [key, token] of Object.entries(TOKENS) as [keyof CheckoutTheme, string][]) {
    const value = root.getPropertyValue(token).replace(/\s+/g, ' ').trim();
    if (value) theme[key] = value;
  }
  return theme;
}
