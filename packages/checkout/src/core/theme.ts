import {
  isAllowedFrameStyle,
  mergeFieldStyles,
  type SanitizedFieldStyles,
  type SecuredFieldStyles,
} from '../secured-fields/frame-styles.ts';

export type { FieldStyle, SecuredFieldStyles } from '../secured-fields/frame-styles.ts';

/**
 * The merchant's look, once for the whole widget: the page's font, colours and corner radius. It
 * sets the stylesheet's custom properties on the widget's root and is passed into the secured-field
 * frames (font, text, placeholder and error colour), so the card fields look like the rest of the
 * form.
 * Every value is checked against a strict grammar (frame-styles.ts); a value that fails is dropped
 * and named in `rejected`.
 */
export interface CheckoutTheme {
  fontFamily?: string;
  fontSize?: string;
  colorText?: string;
  colorTextSecondary?: string;
  colorBackground?: string;
  colorBorder?: string;
  colorBorderHover?: string;
  colorPrimary?: string;
  colorPrimaryText?: string;
  colorFocus?: string;
  colorError?: string;
  colorSuccess?: string;
  radius?: string;
}

/** Theme key → the stylesheet's custom property and the grammar its value must follow. */
const KEYS: Record<
  keyof CheckoutTheme,
  { variable: string; grammar: 'font-family' | 'font-size' | 'color' }
> = {
  fontFamily: { variable: '--actuate-checkout-font-family', grammar: 'font-family' },
  fontSize: { variable: '--actuate-checkout-font-size', grammar: 'font-size' },
  colorText: { variable: '--actuate-checkout-color-text', grammar: 'color' },
  colorTextSecondary: { variable: '--actuate-checkout-color-text-secondary', grammar: 'color' },
  colorBackground: { variable: '--actuate-checkout-color-background', grammar: 'color' },
  colorBorder: { variable: '--actuate-checkout-color-border', grammar: 'color' },
  colorBorderHover: { variable: '--actuate-checkout-color-border-hover', grammar: 'color' },
  colorPrimary: { variable: '--actuate-checkout-color-primary', grammar: 'color' },
  colorPrimaryText: { variable: '--actuate-checkout-color-primary-text', grammar: 'color' },
  colorFocus: { variable: '--actuate-checkout-color-focus', grammar: 'color' },
  colorError: { variable: '--actuate-checkout-color-error', grammar: 'color' },
  colorSuccess: { variable: '--actuate-checkout-color-success', grammar: 'color' },
  radius: { variable: '--actuate-checkout-radius', grammar: 'font-size' },
};

interface ResolvedTheme {
  /** Custom properties for the widget's root element. */
  readonly variables: Readonly<Record<string, string>>;
  /** The inputs inside the secured frames, per state (`base`, `error`, `placeholder`). */
  readonly frameStyles: SanitizedFieldStyles;
  /** Theme keys whose value was not accepted (unknown keys too). */
  readonly rejected: readonly string[];
}

const EMPTY: ResolvedTheme = { variables: {}, frameStyles: {}, rejected: [] };

export function resolveTheme(theme: unknown): ResolvedTheme {
  if (theme === undefined || theme === null) return EMPTY;
  if (typeof theme !== 'object' || Array.isArray(theme)) return { ...EMPTY, rejected: ['theme'] };
  const variables: Record<string, string> = {};
  const accepted: Partial<Record<keyof CheckoutTheme, string>> = {};
  const rejected: string[] = [];
  for (const [key, value] of Object.entries(theme)) {
    const spec = Object.hasOwn(KEYS, key) ? KEYS[key as keyof CheckoutTheme] : undefined;
    if (spec && isAllowedFrameStyle(spec.grammar, value)) {
      variables[spec.variable] = value.trim();
      accepted[key as keyof CheckoutTheme] = value.trim();
    } else rejected.push(key);
  }
  const frameStyles: SanitizedFieldStyles = {};
  if (accepted.fontFamily || accepted.colorText)
    frameStyles.base = {
      ...(accepted.fontFamily ? { 'font-family': accepted.fontFamily } : {}),
      ...(accepted.colorText ? { color: accepted.colorText, 'caret-color': accepted.colorText } : {}),
    };
  if (accepted.colorTextSecondary) frameStyles.placeholder = { color: accepted.colorTextSecondary };
  if (accepted.colorError) frameStyles.error = { color: accepted.colorError };
  return { variables, frameStyles, rejected };
}

/**
 * What a component's secured-field frames get: the theme's font and colours, then the checkout's
 * `styles`, then the component's own `styles`, merged per state and property.
 */
export function securedFieldStyles(
  checkoutOptions: { theme?: CheckoutTheme | undefined; styles?: SecuredFieldStyles | undefined },
  componentStyles: SecuredFieldStyles | undefined,
): SanitizedFieldStyles {
  return mergeFieldStyles(
    resolveTheme(checkoutOptions.theme).frameStyles,
    checkoutOptions.styles,
    componentStyles,
  );
}
