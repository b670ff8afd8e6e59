import { type AppLocale, routing } from '../i18n/routing';
import { ContentPropsError, type LocalizedText } from './types';

/** Picks the text for a locale, falling back to the default locale. */
export function localize(text: LocalizedText, locale: AppLocale): string | undefined {
  if (typeof text === 'string') return text;
  return text[locale] ?? text[routing.defaultLocale];
}

export function isLocalizedText(value: unknown): value is LocalizedText {
  if (typeof value === 'string') return true;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((entry) => typeof entry === 'string');
}

/** A required localized text prop, resolved for the locale. */
export function requiredText(value: unknown, name: string, locale: AppLocale): string {
  const text = isLocalizedText(value) ? localize(value, locale) : undefined;
  if (!text) throw new ContentPropsError(`"${name}" must be a text (a string or one string per locale)`);
  return text;
}

/** An optional localized text prop, resolved for the locale. */
export function optionalText(value: unknown, name: string, locale: AppLocale): string | undefined {
  return value === undefined ? undefined : requiredText(value, name, locale);
}

export function requiredArray(value: unknown, name: string): readonly unknown[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new ContentPropsError(`"${name}" must be a non-empty list`);
  return value;
}

export function requiredObject(value: unknown, name: string): Readonly<Record<string, unknown>> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ContentPropsError(`"${name}" must be an object`);
  }
  return value as Record<string, unknown>;
}

/** An internal path such as `/sign-in`; absolute URLs and protocol-relative paths are refused. */
export function internalPath(value: unknown, name: string): string {
  if (typeof value !== 'string' || !/^\/(?!\/)[A-Za-z0-9\-._~/?=&#%]*$/.test(value)) {
    throw new ContentPropsError(`"${name}" must be a path inside the storefront, starting with "/"`);
  }
  return value;
}
