import { type SanitizedFieldStyles, sanitizeFieldStyles } from './frame-styles.ts';

/** The state a field's input is drawn in: `error` and `validated` go over `base`. */
type FieldStyleState = 'base' | 'error' | 'validated';

/**
 * Applies the parent's `{ base, error, validated, placeholder }` to the frame's input, through the
 * CSSOM only (`style.setProperty`, one property at a time): each value was checked against the
 * allowlist again here, and the CSSOM cannot be made to parse a second declaration out of a value.
 */
export function fieldStyler(input: HTMLInputElement) {
  let styles: SanitizedFieldStyles = {};
  let state: FieldStyleState = 'base';
  let placeholderRule: CSSStyleRule | undefined;

  function placeholderStyle(): CSSStyleDeclaration | undefined {
    if (placeholderRule) return placeholderRule.style;
    // The page's own sheet; a rule added at its end wins over the gateway's placeholder default.
    let sheet = document.styleSheets[0];
    if (!sheet) {
      document.head.append(document.createElement('style'));
      sheet = document.styleSheets[0];
    }
    if (!sheet) return undefined;
    const index = sheet.insertRule(`#${input.id}::placeholder{}`, sheet.cssRules.length);
    placeholderRule = sheet.cssRules[index] as CSSStyleRule;
    return placeholderRule.style;
  }

  function apply() {
    input.removeAttribute('style');
    const declarations = { ...styles.base, ...(state === 'base' ? {} : styles[state]) };
    for (const [property, value] of Object.entries(declarations)) input.style.setProperty(property, value);
  }

  return {
    /** New styles from the parent (configuration or a later update). */
    set(raw: unknown) {
      styles = sanitizeFieldStyles(raw).styles;
      const placeholder = styles.placeholder ? placeholderStyle() : placeholderRule?.style;
      if (placeholder) {
        placeholder.cssText = '';
        for (const [property, value] of Object.entries(styles.placeholder ?? {}))
          placeholder.setProperty(property, value);
      }
      apply();
    },
    /** The field's validity changed. */
    setState(next: FieldStyleState) {
      if (next === state) return;
      state = next;
      apply();
    },
    get state() {
      return state;
    },
  };
}
