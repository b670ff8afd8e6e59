/**
 * Primitive validation rules of the storefront data contract and its business constants. Every
 * entity schema in this package builds on these, so a rule is defined exactly once.
 *
 * Each rule is exported as a zod schema (for parsing at the edges) and, where a plain check is
 * handy (forms, guards, filters), as an `isX(value)` type guard backed by the same schema.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** The only currencies prices are quoted in. */
export const PRICE_CURRENCIES = ['DKK', 'EUR'] as const;
/** Length of a payment provider reference (pspReference). */
export const PSP_REFERENCE_LENGTH = 16;
/** Lowest privacy / terms version a user can have approved. */
export const POLICY_VERSION_MIN = 1;
/** Highest privacy / terms version: the largest signed 32-bit integer, as stored by the back office. */
export const POLICY_VERSION_MAX = 2_147_483_647;
/** Maximum length of a buyer company's TaxGroup. */
export const TAX_GROUP_MAX_LENGTH = 10;
/** Name of the cookie that remembers the chosen locale (used by next-intl). */
export const LOCALE_COOKIE_NAME = 'NEXT_LOCALE';
/** Max age of the locale cookie in seconds (one year of 365 days). */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 31_536_000;
/** SameSite attribute of the locale cookie. */
export const LOCALE_COOKIE_SAME_SITE = 'lax';

// ---------------------------------------------------------------------------------------------
// Patterns. ASCII-only classes on purpose: `\d` and `[A-Z]` never match other scripts' digits or
// letters here, which keeps identifiers safe to use in URLs, SQL and ERP files.
// ---------------------------------------------------------------------------------------------

const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const COUNTRY_CODE_PATTERN = /^[A-Z]{2,3}$/;
const COUNTRY_CODE_2_PATTERN = /^[A-Z]{2}$/;
const COUNTRY_CODE_3_PATTERN = /^[A-Z]{3}$/;
const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;
const SALES_ITEM_NUMBER_PATTERN = /^[A-Z][0-9]{5}$/;
const USER_ERP_ID_PATTERN = /^[A-Z]{3}-[0-9]{6}$/;
const SALES_COMPANY_ID_PATTERN = /^[A-Z]{3}$/;
const PSP_REFERENCE_PATTERN = new RegExp(`^[A-Za-z0-9]{${PSP_REFERENCE_LENGTH}}$`);
/** Contains at least one character that is not white space. */
const HAS_VISIBLE_CHARACTER = /\S/;
/** `http://` or `https://` followed by the start of a host (the URL parser would skip extra slashes). */
const HTTP_URL_PREFIX = /^https?:\/\/[^/\\?#]/i;
const WHITE_SPACE = /\s/;

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

/**
 * A required string that is not empty. White space alone also counts as empty: an address with
 * Street1 "   " is as unusable as one with "".
 */
export const NonEmptyString = z.string().regex(HAS_VISIBLE_CHARACTER, 'Must not be empty');

/** Resource ID: letters, digits, hyphen and underscore only (OrderCloud's ID alphabet). */
export const Id = z.string().regex(ID_PATTERN, 'ID may contain only letters, digits, hyphen and underscore');

/** Country code of two or three uppercase letters (ISO 3166-1 alpha-2 or alpha-3 shape). */
export const CountryCode = z
  .string()
  .regex(COUNTRY_CODE_PATTERN, 'Country code must be 2 or 3 uppercase letters');
/** Two-letter uppercase country code (ISO 3166-1 alpha-2 shape). */
export const CountryCode2 = z
  .string()
  .regex(COUNTRY_CODE_2_PATTERN, 'Country code must be 2 uppercase letters');
/** Three-letter uppercase country code (ISO 3166-1 alpha-3 shape). */
export const CountryCode3 = z
  .string()
  .regex(COUNTRY_CODE_3_PATTERN, 'Country code must be 3 uppercase letters');

/** Currency code of three uppercase letters (ISO 4217 shape), for OrderCloud-level fields. */
export const CurrencyCode = z
  .string()
  .regex(CURRENCY_CODE_PATTERN, 'Currency code must be 3 uppercase letters');

/** A currency prices can be quoted in: DKK or EUR. */
export const PriceCurrency = z.enum(PRICE_CURRENCIES);
export type PriceCurrency = z.infer<typeof PriceCurrency>;

/** Sales item number: one uppercase letter followed by exactly five digits, e.g. `A12345`. */
export const SalesItemNumber = z
  .string()
  .regex(SALES_ITEM_NUMBER_PATTERN, 'Sales item number must be one uppercase letter followed by five digits');

/** A user's ERP id: three uppercase letters, a hyphen and six digits, e.g. `ACM-000123`. */
export const UserErpId = z
  .string()
  .regex(USER_ERP_ID_PATTERN, 'ERP id must be three uppercase letters, a hyphen and six digits');

/** Sales company id: three uppercase letters, e.g. `DKA`. */
export const SalesCompanyId = z
  .string()
  .regex(SALES_COMPANY_ID_PATTERN, 'Sales company id must be three uppercase letters');

/**
 * Payment provider reference (pspReference): exactly 16 alphanumeric characters. The provider
 * itself issues uppercase letters and digits; our choice: lowercase letters are accepted too.
 */
export const PspReference = z
  .string()
  .regex(
    PSP_REFERENCE_PATTERN,
    `Payment reference must be exactly ${PSP_REFERENCE_LENGTH} letters or digits`,
  );

/** Version of the privacy policy or terms a user approved: an integer from 1 to 2147483647. */
export const PolicyVersion = z.int().min(POLICY_VERSION_MIN).max(POLICY_VERSION_MAX);

/** A buyer company's tax group: 1 to 10 characters. */
export const TaxGroup = z.string().min(1).max(TAX_GROUP_MAX_LENGTH);

/**
 * ISO 8601 / RFC 3339 date-time that carries its offset (`Z` or `±hh:mm`), e.g.
 * `2024-05-01T12:30:00.000+02:00`. A time without offset is ambiguous across the services' time
 * zones, so it is rejected; impossible dates (month 13, 30 February) are rejected as well.
 */
export const IsoDateTime = z.iso.datetime({ offset: true });

/**
 * Absolute http(s) URL. Checked with the WHATWG URL parser plus an explicit `scheme://` prefix,
 * because the parser alone would accept `http:example.com`. White space is rejected rather than
 * trimmed so the stored value is exactly the validated one.
 */
export const HttpUrl = z.string().refine(isHttpUrl, 'Must be an absolute http or https URL');

/** Image URL of a product: an absolute http(s) URL. */
export const ImageUrl = HttpUrl;

/** E-mail address (zod's practical e-mail check). */
export const EmailAddress = z.email();

// ---------------------------------------------------------------------------------------------
// Guards
// ---------------------------------------------------------------------------------------------

function matches(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

export function isNonEmptyString(value: unknown): value is string {
  return matches(NonEmptyString, value);
}
export function isId(value: unknown): value is string {
  return matches(Id, value);
}
export function isCountryCode(value: unknown): value is string {
  return matches(CountryCode, value);
}
export function isCountryCode2(value: unknown): value is string {
  return matches(CountryCode2, value);
}
export function isCountryCode3(value: unknown): value is string {
  return matches(CountryCode3, value);
}
export function isCurrencyCode(value: unknown): value is string {
  return matches(CurrencyCode, value);
}
export function isPriceCurrency(value: unknown): value is PriceCurrency {
  return matches(PriceCurrency, value);
}
export function isSalesItemNumber(value: unknown): value is string {
  return matches(SalesItemNumber, value);
}
export function isUserErpId(value: unknown): value is string {
  return matches(UserErpId, value);
}
export function isSalesCompanyId(value: unknown): value is string {
  return matches(SalesCompanyId, value);
}
export function isPspReference(value: unknown): value is string {
  return matches(PspReference, value);
}
export function isPolicyVersion(value: unknown): value is number {
  return matches(PolicyVersion, value);
}
export function isTaxGroup(value: unknown): value is string {
  return matches(TaxGroup, value);
}
export function isIsoDateTime(value: unknown): value is string {
  return matches(IsoDateTime, value);
}

/** True for an absolute http or https URL with a host, e.g. `https://cdn.example.com/a.png`. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !HTTP_URL_PREFIX.test(value) || WHITE_SPACE.test(value)) return false;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

export function isImageUrl(value: unknown): value is string {
  return isHttpUrl(value);
}
