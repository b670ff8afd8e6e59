import { isAllowedFrameStyle } from '../secured-fields/frame-styles.ts';

/**
 * The merchant's look, once for the whole widget: the page's font, colours and corner radius. It
 * sets the stylesheet's custom properties on the widget's root and is passed into the secured-field
 * frames (font, text and placeholder colour), so the card fields look like the rest of the form.
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
  /** Declarations for the inputs inside the secured frames. */
  readonly frameStyles: Readonly<Record<string, string>>;
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
  const frameStyles: Record<string, string> = {};
  if (accepted.fontFamily) frameStyles['font-family'] = accepted.fontFamily;
  if (accepted.colorText) {
    frameStyles.color = accepted.colorText;
    frameStyles['caret-color'] = accepted.colorText;
  }
  if (accepted.colorTextSecondary) frameStyles['--sf-placeholder-color'] = accepted.colorTextSecondary;
  return { variables, frameStyles, rejected };
}
