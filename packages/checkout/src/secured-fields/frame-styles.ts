/**
 * The CSS that may cross into a secured-field frame: a short allowlist of properties, each with a
 * strict value grammar. Anything else is dropped, on both sides (the parent sends only what passes,
 * the frame applies only what passes), so a merchant page cannot inject arbitrary CSS into the
 * gateway's origin: no `url()`, no `expression()`, no `var()`, no `;`/`{}` to close a declaration.
 */

const NUMBER = String.raw`\d{1,4}(?:\.\d{1,4})?`;
const PERCENT_OR_NUMBER = `${NUMBER}%?`;

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`/`hsl()`/`hsla()`/`oklch()` of numbers, or a few keywords. */
const COLOR = new RegExp(
  String.raw`^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgba?|hsla?|oklch|oklab)\(\s*-?${PERCENT_OR_NUMBER}(?:deg)?(?:\s*[,\s/]\s*-?${PERCENT_OR_NUMBER}(?:deg)?){2,3}\s*\)|transparent|currentcolor|black|white)$`,
  'i',
);
/** A length in px, rem or em (0 alone too). */
const LENGTH = new RegExp(`^(?:0|${NUMBER}(?:px|rem|em))$`);
/** A comma-separated font stack of family names (letters, digits, spaces, hyphens), quoted or not. */
const FAMILY = `(?:"[A-Za-z0-9 -]{1,60}"|'[A-Za-z0-9 -]{1,60}'|-?[A-Za-z][A-Za-z0-9 -]{0,59})`;
const FONT_FAMILY = new RegExp(`^\\s*${FAMILY}\\s*(?:,\\s*${FAMILY}\\s*){0,15}$`);
const FONT_WEIGHT = /^(?:normal|bold|[1-9]00)$/;
const LINE_HEIGHT = new RegExp(`^(?:normal|${NUMBER}|${NUMBER}(?:px|rem|em))$`);

const GRAMMAR = {
  color: COLOR,
  'caret-color': COLOR,
  'font-family': FONT_FAMILY,
  'font-size': LENGTH,
  'font-weight': FONT_WEIGHT,
  'letter-spacing': LENGTH,
  'line-height': LINE_HEIGHT,
  /** The placeholder's colour: the frame's stylesheet reads it for `::placeholder`. */
  '--sf-placeholder-color': COLOR,
} as const satisfies Record<string, RegExp>;

type FrameStyleProperty = keyof typeof GRAMMAR;
const MAX_VALUE_LENGTH = 300;

export function isAllowedFrameStyle(property: string, value: unknown): value is string {
  if (!Object.hasOwn(GRAMMAR, property) || typeof value !== 'string') return false;
  const trimmed = value.trim();
  return (
    trimmed.length > 0 &&
    trimmed.length <= MAX_VALUE_LENGTH &&
    GRAMMAR[property as FrameStyleProperty].test(trimmed)
  );
}

/** The allowed declarations of `input` and the names of the dropped ones. */
export function sanitizeFrameStyles(input: unknown): {
  styles: Partial<Record<FrameStyleProperty, string>>;
  rejected: string[];
} {
  const styles: Partial<Record<FrameStyleProperty, string>> = {};
  const rejected: string[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { styles, rejected };
  for (const [property, value] of Object.entries(input)) {
    if (isAllowedFrameStyle(property, value)) styles[property as FrameStyleProperty] = value.trim();
    else rejected.push(property);
  }
  return { styles, rejected };
}
