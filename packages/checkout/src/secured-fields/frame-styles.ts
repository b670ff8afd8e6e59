/**
 * The CSS that may cross into a secured-field frame: a short allowlist of properties, each with a
 * strict value grammar. Anything else is dropped, on both sides (the parent sends only what passes,
 * the frame applies only what passes), so a merchant page cannot inject arbitrary CSS into the
 * gateway's origin: no `url()`, no `expression()`, no `var()`, no `;`/`{}` to close a declaration,
 * no `!important`, nothing longer than 300 characters.
 */

const NUMBER = String.raw`\d{1,4}(?:\.\d{1,4})?`;
const PERCENT_OR_NUMBER = `${NUMBER}%?`;

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`/`hsl()`/`hsla()`/`oklch()` of numbers, or a few keywords. */
const COLOR_BODY = String.raw`#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgba?|hsla?|oklch|oklab)\(\s*-?${PERCENT_OR_NUMBER}(?:deg)?(?:\s*[,\s/]\s*-?${PERCENT_OR_NUMBER}(?:deg)?){2,3}\s*\)|transparent|currentcolor|black|white`;
const COLOR = new RegExp(`^(?:${COLOR_BODY})$`, 'i');
/** A length in px, rem or em (0 alone too). */
const LENGTH_BODY = `0|-?${NUMBER}(?:px|rem|em)`;
const LENGTH = new RegExp(`^(?:${LENGTH_BODY})$`);
/** A comma-separated font stack of family names (letters, digits, spaces, hyphens), quoted or not. */
const FAMILY = `(?:"[A-Za-z0-9 -]{1,60}"|'[A-Za-z0-9 -]{1,60}'|-?[A-Za-z][A-Za-z0-9 -]{0,59})`;
const FONT_FAMILY = new RegExp(`^\\s*${FAMILY}\\s*(?:,\\s*${FAMILY}\\s*){0,15}$`);
const FONT_WEIGHT = /^(?:normal|bold|lighter|bolder|[1-9]00)$/;
const LINE_HEIGHT = new RegExp(`^(?:normal|${NUMBER}|${NUMBER}(?:px|rem|em))$`);
/** One shadow: two or three lengths and an optional colour (either order), or `none`. */
const TEXT_SHADOW = new RegExp(
  `^(?:none|(?:(?:${COLOR_BODY})\\s+)?(?:${LENGTH_BODY})(?:\\s+(?:${LENGTH_BODY})){1,2}(?:\\s+(?:${COLOR_BODY}))?)$`,
  'i',
);

const GRAMMAR = {
  color: COLOR,
  'caret-color': COLOR,
  '-webkit-text-fill-color': COLOR,
  'font-family': FONT_FAMILY,
  'font-size': LENGTH,
  'font-weight': FONT_WEIGHT,
  'font-style': /^(?:normal|italic|oblique)$/,
  'font-variant': /^(?:normal|small-caps)$/,
  'letter-spacing': LENGTH,
  'word-spacing': LENGTH,
  'line-height': LINE_HEIGHT,
  'text-shadow': TEXT_SHADOW,
  '-webkit-font-smoothing': /^(?:auto|none|antialiased|subpixel-antialiased)$/,
  '-moz-osx-font-smoothing': /^(?:auto|grayscale)$/,
} as const satisfies Record<string, RegExp>;

/** A CSS property the frames accept, in kebab case. */
export type FrameStyleProperty = keyof typeof GRAMMAR;
const MAX_VALUE_LENGTH = 300;

/**
 * Declarations for one state of a secured field's input, in camelCase (`fontSize`) or kebab case
 * (`font-size`). Only these properties are applied; values must be plain colours (`#hex`, `rgb()`,
 * `hsl()`, `oklch()`, `oklab()`), lengths in `px`/`rem`/`em`, font stacks of family names or the
 * listed keywords. Anything else is dropped.
 */
export interface FieldStyle {
  color?: string;
  caretColor?: string;
  /** Only fonts installed on the shopper's device: the frame's CSP loads no web fonts. */
  fontFamily?: string;
  fontSize?: string;
  fontWeight?: string;
  fontStyle?: string;
  fontVariant?: string;
  letterSpacing?: string;
  wordSpacing?: string;
  lineHeight?: string;
  textShadow?: string;
  webkitTextFillColor?: string;
  webkitFontSmoothing?: string;
  mozOsxFontSmoothing?: string;
  /** Kebab-case names (`'font-size'`) are accepted too. */
  [property: string]: string | undefined;
}

/**
 * How the inputs inside the secured-field frames look, shaped like Adyen Web's `styles`:
 * `base` always, `error` over it while the field is invalid, `validated` over it once the value is
 * complete and valid, `placeholder` for the input's `::placeholder`.
 */
export interface SecuredFieldStyles {
  base?: FieldStyle;
  error?: FieldStyle;
  validated?: FieldStyle;
  placeholder?: FieldStyle;
}

export type StyleGroup = keyof SecuredFieldStyles;
const STYLE_GROUPS: readonly StyleGroup[] = ['base', 'error', 'validated', 'placeholder'];

/** What crosses into the frame: only allowed declarations, kebab-case, empty groups left out. */
export type SanitizedFieldStyles = Partial<Record<StyleGroup, Partial<Record<FrameStyleProperty, string>>>>;

/** `fontSize` → `font-size`, `webkitTextFillColor`/`WebkitTextFillColor` → `-webkit-text-fill-color`. */
export function kebabProperty(property: string): string {
  const kebab = property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return /^(?:webkit|moz)-/.test(kebab) ? `-${kebab}` : kebab;
}

export function isAllowedFrameStyle(property: string, value: unknown): value is string {
  if (!Object.hasOwn(GRAMMAR, property) || typeof value !== 'string') return false;
  const trimmed = value.trim();
  return (
    trimmed.length > 0 &&
    trimmed.length <= MAX_VALUE_LENGTH &&
    GRAMMAR[property as FrameStyleProperty].test(trimmed)
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The allowed declarations of one group (camelCase or kebab-case names) and the names of the dropped ones. */
export function sanitizeFrameStyles(input: unknown): {
  styles: Partial<Record<FrameStyleProperty, string>>;
  rejected: string[];
} {
  const styles: Partial<Record<FrameStyleProperty, string>> = {};
  const rejected: string[] = [];
  if (!isRecord(input)) return { styles, rejected };
  for (const [name, value] of Object.entries(input)) {
    const property = kebabProperty(name);
    if (isAllowedFrameStyle(property, value)) styles[property as FrameStyleProperty] = value.trim();
    else if (value !== undefined) rejected.push(name);
  }
  return { styles, rejected };
}

/**
 * `{ base, error, validated, placeholder }` reduced to the allowed declarations; rejected names are
 * `group.property` (or the unknown group's name). A flat object of declarations (the form before
 * the groups existed) is taken as `base`.
 */
export function sanitizeFieldStyles(input: unknown): { styles: SanitizedFieldStyles; rejected: string[] } {
  const styles: SanitizedFieldStyles = {};
  const rejected: string[] = [];
  if (!isRecord(input)) return { styles, rejected };
  const grouped = Object.keys(input).some((key) => (STYLE_GROUPS as readonly string[]).includes(key));
  const groups: Record<string, unknown> = grouped ? input : { base: input };
  for (const [group, declarations] of Object.entries(groups)) {
    if (!(STYLE_GROUPS as readonly string[]).includes(group)) {
      rejected.push(group);
      continue;
    }
    const result = sanitizeFrameStyles(declarations);
    if (Object.keys(result.styles).length > 0) styles[group as StyleGroup] = result.styles;
    rejected.push(...result.rejected.map((name) => (grouped ? `${group}.${name}` : name)));
  }
  return { styles, rejected };
}

/** Layers of styles merged per group, later layers winning property by property. */
export function mergeFieldStyles(...layers: unknown[]): SanitizedFieldStyles {
  const merged: SanitizedFieldStyles = {};
  for (const layer of layers) {
    for (const [group, declarations] of Object.entries(sanitizeFieldStyles(layer).styles)) {
      merged[group as StyleGroup] = { ...merged[group as StyleGroup], ...declarations };
    }
  }
  return merged;
}
