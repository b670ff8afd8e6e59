import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  charsOf,
  DIGITS,
  instant,
  isoDateTimeWithOffset,
  LOWER,
  lengthOtherThan,
  symbol,
  UPPER,
  withInserted,
} from './testing/arbitraries.ts';
import {
  CountryCode,
  CountryCode2,
  CountryCode3,
  CurrencyCode,
  Id,
  ImageUrl,
  IsoDateTime,
  isCountryCode,
  isCountryCode2,
  isCountryCode3,
  isCurrencyCode,
  isId,
  isImageUrl,
  isIsoDateTime,
  isNonEmptyString,
  isPolicyVersion,
  isPriceCurrency,
  isPspReference,
  isSalesCompanyId,
  isSalesItemNumber,
  isTaxGroup,
  isUserErpId,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_COOKIE_NAME,
  NonEmptyString,
  POLICY_VERSION_MAX,
  POLICY_VERSION_MIN,
  PolicyVersion,
  PRICE_CURRENCIES,
  PriceCurrency,
  PSP_REFERENCE_LENGTH,
  PspReference,
  SalesCompanyId,
  SalesItemNumber,
  TAX_GROUP_MAX_LENGTH,
  TaxGroup,
  UserErpId,
} from './validation.ts';

type Guard = (value: unknown) => boolean;

/** Every generated value passes both the schema and its guard. */
function expectAccepted(schema: z.ZodType, guard: Guard, values: fc.Arbitrary<unknown>): void {
  fc.assert(
    fc.property(values, (value) => {
      expect(schema.safeParse(value).success).toBe(true);
      expect(guard(value)).toBe(true);
    }),
  );
}

/** Every generated value fails both the schema and its guard. */
function expectRejected(schema: z.ZodType, guard: Guard, values: fc.Arbitrary<unknown>): void {
  fc.assert(
    fc.property(values, (value) => {
      expect(schema.safeParse(value).success).toBe(false);
      expect(guard(value)).toBe(false);
    }),
  );
}

const notAString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.object(),
);

describe('constants', () => {
  it('has the business constants', () => {
    expect(PRICE_CURRENCIES).toEqual(['DKK', 'EUR']);
    expect(PSP_REFERENCE_LENGTH).toBe(16);
    expect(POLICY_VERSION_MIN).toBe(1);
    expect(POLICY_VERSION_MAX).toBe(2_147_483_647);
    expect(TAX_GROUP_MAX_LENGTH).toBe(10);
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(LOCALE_COOKIE_NAME).toBe('NEXT_LOCALE');
  });
});

describe('NonEmptyString', () => {
  it('accepts strings with a visible character', () => {
    expectAccepted(
      NonEmptyString,
      isNonEmptyString,
      withInserted(fc.string(), fc.constantFrom('a', 'Z', '7', 'ø', '-')),
    );
  });
  it('rejects empty and white-space-only strings, and non-strings', () => {
    expectRejected(NonEmptyString, isNonEmptyString, charsOf(' \t\n\r', 0, 8));
    expectRejected(NonEmptyString, isNonEmptyString, notAString);
  });
});

describe('Id', () => {
  const valid = fc.stringMatching(/^[A-Za-z0-9_-]+$/);
  it('accepts letters, digits, hyphen and underscore', () => {
    expectAccepted(Id, isId, valid);
    expect(isId('ORD-2024_000481')).toBe(true);
  });
  it('rejects the empty string and any other character', () => {
    expectRejected(Id, isId, fc.constant(''));
    expectRejected(
      Id,
      isId,
      withInserted(valid, fc.constantFrom(' ', '.', '/', '@', '#', '+', ':', 'æ', 'é', '\n')),
    );
    expectRejected(Id, isId, notAString);
  });
});

describe('country codes', () => {
  it('accepts two or three uppercase letters, and each length separately', () => {
    expectAccepted(CountryCode, isCountryCode, charsOf(UPPER, 2, 3));
    expectAccepted(CountryCode2, isCountryCode2, charsOf(UPPER, 2));
    expectAccepted(CountryCode3, isCountryCode3, charsOf(UPPER, 3));
  });
  it('rejects other lengths', () => {
    const otherLength = (excluded: number[]) =>
      fc
        .integer({ min: 0, max: 8 })
        .filter((length) => !excluded.includes(length))
        .chain((length) => charsOf(UPPER, length));
    expectRejected(CountryCode, isCountryCode, otherLength([2, 3]));
    expectRejected(CountryCode2, isCountryCode2, otherLength([2]));
    expectRejected(CountryCode3, isCountryCode3, otherLength([3]));
  });
  it('rejects lowercase letters, digits and symbols', () => {
    const bad = fc.oneof(fc.constantFrom(...LOWER), fc.constantFrom(...DIGITS), symbol);
    expectRejected(CountryCode, isCountryCode, withInserted(charsOf(UPPER, 1, 2), bad));
    expectRejected(CountryCode2, isCountryCode2, withInserted(charsOf(UPPER, 1), bad));
    expectRejected(CountryCode3, isCountryCode3, withInserted(charsOf(UPPER, 2), bad));
  });
});

describe('CurrencyCode and PriceCurrency', () => {
  it('accepts three uppercase letters as a currency code', () => {
    expectAccepted(CurrencyCode, isCurrencyCode, charsOf(UPPER, 3));
  });
  it('rejects other lengths and lowercase', () => {
    expectRejected(
      CurrencyCode,
      isCurrencyCode,
      lengthOtherThan(3, 0, 8).chain((n) => charsOf(UPPER, n)),
    );
    expectRejected(CurrencyCode, isCurrencyCode, withInserted(charsOf(UPPER, 2), fc.constantFrom(...LOWER)));
  });
  it('accepts exactly DKK and EUR as a price currency', () => {
    expectAccepted(PriceCurrency, isPriceCurrency, fc.constantFrom('DKK', 'EUR'));
    expectRejected(
      PriceCurrency,
      isPriceCurrency,
      fc.oneof(
        charsOf(UPPER, 3).filter((code) => code !== 'DKK' && code !== 'EUR'),
        fc.constantFrom('dkk', 'Eur', 'DKK ', ' EUR', 'EURO', ''),
      ),
    );
  });
});

describe('SalesItemNumber', () => {
  const valid = fc
    .tuple(fc.constantFrom(...UPPER), charsOf(DIGITS, 5))
    .map(([letter, digits]) => letter + digits);
  it('accepts one uppercase letter and five digits', () => {
    expectAccepted(SalesItemNumber, isSalesItemNumber, valid);
    expect(isSalesItemNumber('A12345')).toBe(true);
  });
  it('rejects a lowercase or missing letter', () => {
    expectRejected(
      SalesItemNumber,
      isSalesItemNumber,
      fc.tuple(fc.constantFrom(...LOWER), charsOf(DIGITS, 5)).map(([letter, digits]) => letter + digits),
    );
    expectRejected(SalesItemNumber, isSalesItemNumber, charsOf(DIGITS, 5, 6));
  });
  it('rejects any digit count other than five (e.g. 4 or 6)', () => {
    expectRejected(
      SalesItemNumber,
      isSalesItemNumber,
      fc
        .tuple(fc.constantFrom(...UPPER), lengthOtherThan(5, 0, 10))
        .chain(([letter, length]) => charsOf(DIGITS, length).map((digits) => letter + digits)),
    );
  });
  it('rejects extra characters anywhere', () => {
    expectRejected(
      SalesItemNumber,
      isSalesItemNumber,
      withInserted(valid, fc.oneof(symbol, fc.constantFrom(...UPPER))),
    );
    expectRejected(
      SalesItemNumber,
      isSalesItemNumber,
      fc.constantFrom('AB12345', 'A12345 ', ' A12345', 'A1234５'),
    );
  });
});

describe('UserErpId', () => {
  const valid = fc
    .tuple(charsOf(UPPER, 3), charsOf(DIGITS, 6))
    .map(([letters, digits]) => `${letters}-${digits}`);
  it('accepts three uppercase letters, a hyphen and six digits', () => {
    expectAccepted(UserErpId, isUserErpId, valid);
    expect(isUserErpId('ACM-000123')).toBe(true);
  });
  it('rejects lowercase letters', () => {
    expectRejected(
      UserErpId,
      isUserErpId,
      fc
        .tuple(
          charsOf(UPPER + LOWER, 3).filter((letters) => /[a-z]/.test(letters)),
          charsOf(DIGITS, 6),
        )
        .map(([letters, digits]) => `${letters}-${digits}`),
    );
  });
  it('rejects other letter or digit counts', () => {
    expectRejected(
      UserErpId,
      isUserErpId,
      fc
        .tuple(lengthOtherThan(3, 0, 6), fc.integer({ min: 0, max: 9 }))
        .chain(([letters, digits]) => fc.tuple(charsOf(UPPER, letters), charsOf(DIGITS, digits)))
        .map(([letters, digits]) => `${letters}-${digits}`),
    );
    expectRejected(
      UserErpId,
      isUserErpId,
      fc
        .tuple(
          charsOf(UPPER, 3),
          lengthOtherThan(6, 0, 10).chain((n) => charsOf(DIGITS, n)),
        )
        .map(([letters, digits]) => `${letters}-${digits}`),
    );
  });
  it('rejects a missing or different separator', () => {
    expectRejected(
      UserErpId,
      isUserErpId,
      fc
        .tuple(charsOf(UPPER, 3), fc.constantFrom('', '_', ' ', '–', '.', '--'), charsOf(DIGITS, 6))
        .map(([letters, separator, digits]) => letters + separator + digits),
    );
    expectRejected(
      UserErpId,
      isUserErpId,
      valid.map((id) => `${id}X`),
    );
  });
});

describe('SalesCompanyId', () => {
  it('accepts three uppercase letters', () => {
    expectAccepted(SalesCompanyId, isSalesCompanyId, charsOf(UPPER, 3));
  });
  it('rejects other lengths, lowercase and digits', () => {
    expectRejected(
      SalesCompanyId,
      isSalesCompanyId,
      lengthOtherThan(3, 0, 8).chain((n) => charsOf(UPPER, n)),
    );
    expectRejected(
      SalesCompanyId,
      isSalesCompanyId,
      withInserted(
        charsOf(UPPER, 2),
        fc.oneof(fc.constantFrom(...LOWER), fc.constantFrom(...DIGITS), symbol),
      ),
    );
  });
});

describe('PspReference', () => {
  const alphanumeric = UPPER + LOWER + DIGITS;
  it('accepts exactly 16 alphanumeric characters', () => {
    expectAccepted(PspReference, isPspReference, charsOf(alphanumeric, 16));
    expect(isPspReference('993617895204576J')).toBe(true);
    expect(isPspReference('QFQTPCQ8HXSKGK82')).toBe(true);
  });
  it('rejects 15, 17 and any other length', () => {
    expectRejected(PspReference, isPspReference, charsOf(alphanumeric, 15));
    expectRejected(PspReference, isPspReference, charsOf(alphanumeric, 17));
    expectRejected(
      PspReference,
      isPspReference,
      lengthOtherThan(16, 0, 40).chain((n) => charsOf(alphanumeric, n)),
    );
  });
  it('rejects a symbol among 16 characters', () => {
    expectRejected(PspReference, isPspReference, withInserted(charsOf(alphanumeric, 15), symbol));
  });
});

describe('PolicyVersion', () => {
  it('accepts integers from 1 to 2147483647', () => {
    expectAccepted(PolicyVersion, isPolicyVersion, fc.integer({ min: 1, max: 2_147_483_647 }));
    expectAccepted(PolicyVersion, isPolicyVersion, fc.constantFrom(1, 2_147_483_647));
  });
  it('rejects 0, negatives and 2147483648 or more', () => {
    expectRejected(PolicyVersion, isPolicyVersion, fc.integer({ max: 0 }));
    expectRejected(
      PolicyVersion,
      isPolicyVersion,
      fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }),
    );
    expectRejected(PolicyVersion, isPolicyVersion, fc.constantFrom(0, 2_147_483_648));
  });
  it('rejects fractions, non-finite numbers and numeric strings', () => {
    expectRejected(
      PolicyVersion,
      isPolicyVersion,
      fc.double({ min: 1, max: 2_147_483_647, noNaN: true }).filter((n) => !Number.isInteger(n)),
    );
    expectRejected(
      PolicyVersion,
      isPolicyVersion,
      fc.constantFrom(1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null),
    );
  });
});

describe('TaxGroup', () => {
  it('accepts 1 to 10 characters', () => {
    expectAccepted(TaxGroup, isTaxGroup, fc.string({ minLength: 1, maxLength: 10 }));
  });
  it('rejects the empty string and 11 characters or more', () => {
    expectRejected(TaxGroup, isTaxGroup, fc.constant(''));
    expectRejected(TaxGroup, isTaxGroup, fc.string({ minLength: 11, maxLength: 40 }));
    expectRejected(TaxGroup, isTaxGroup, fc.constant('ABCDEFGHIJK'));
  });
});

describe('IsoDateTime', () => {
  it('accepts date-times with Z or a ±hh:mm offset', () => {
    expectAccepted(IsoDateTime, isIsoDateTime, isoDateTimeWithOffset);
    expectAccepted(
      IsoDateTime,
      isIsoDateTime,
      fc.constantFrom('2024-02-29T23:59:59Z', '2024-03-04T10:05:40.002+00:00', '2000-01-01T00:00:00-05:30'),
    );
  });
  it('rejects date-times without offset', () => {
    expectRejected(
      IsoDateTime,
      isIsoDateTime,
      isoDateTimeWithOffset.map((text) => text.replace(/(Z|[+-]\d\d:\d\d)$/, '')),
    );
  });
  it('rejects impossible dates and times', () => {
    const invalidParts = fc.oneof(
      fc.record({
        month: fc.integer({ min: 13, max: 99 }),
        day: fc.integer({ min: 1, max: 28 }),
        hour: fc.constant(12),
      }),
      fc.record({ month: fc.constant(0), day: fc.integer({ min: 1, max: 28 }), hour: fc.constant(12) }),
      fc.record({
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 32, max: 99 }),
        hour: fc.constant(12),
      }),
      fc.record({ month: fc.constant(2), day: fc.constantFrom(30, 31), hour: fc.constant(12) }),
      fc.record({ month: fc.constantFrom(4, 6, 9, 11), day: fc.constant(31), hour: fc.constant(12) }),
      fc.record({
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 28 }),
        hour: fc.integer({ min: 24, max: 99 }),
      }),
    );
    const two = (n: number) => String(n).padStart(2, '0');
    expectRejected(
      IsoDateTime,
      isIsoDateTime,
      fc
        .tuple(fc.integer({ min: 1, max: 9999 }), invalidParts)
        .map(
          ([year, p]) =>
            `${String(year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:00:00Z`,
        ),
    );
    // 29 February only in leap years.
    expect(isIsoDateTime('2023-02-29T00:00:00Z')).toBe(false);
    expect(isIsoDateTime('1900-02-29T00:00:00Z')).toBe(false);
    expect(isIsoDateTime('2000-02-29T00:00:00Z')).toBe(true);
  });
  it('rejects dates without a time, bad offsets and other shapes', () => {
    expectRejected(
      IsoDateTime,
      isIsoDateTime,
      instant.map((date) => date.toISOString().slice(0, 10)),
    );
    expectRejected(
      IsoDateTime,
      isIsoDateTime,
      fc.constantFrom(
        '2024-03-04 10:05:40Z',
        '2024-03-04T10:05Z',
        '2024-03-04T10:05:40+24:00',
        '2024-03-04T10:05:40+0100',
        '2024-03-04T10:05:40z',
        '',
        'yesterday',
      ),
    );
    expectRejected(IsoDateTime, isIsoDateTime, fc.oneof(fc.integer(), fc.constant(null)));
  });
});

describe('ImageUrl', () => {
  const webUrl = fc.webUrl({
    validSchemes: ['http', 'https'],
    withQueryParameters: true,
    withFragments: true,
  });
  it('accepts absolute http and https URLs', () => {
    expectAccepted(ImageUrl, isImageUrl, webUrl);
    expectAccepted(
      ImageUrl,
      isImageUrl,
      fc.constantFrom('https://cdn.actuate.example/images/a12345.png', 'http://localhost:4000/img/x.jpg'),
    );
  });
  it('rejects URLs without scheme', () => {
    expectRejected(
      ImageUrl,
      isImageUrl,
      webUrl.map((url) => url.replace(/^https?:\/\//, '')),
    );
    expectRejected(
      ImageUrl,
      isImageUrl,
      webUrl.map((url) => url.replace(/^https?:/, '')),
    );
  });
  it('rejects other schemes, relative paths, white space and non-URLs', () => {
    expectRejected(
      ImageUrl,
      isImageUrl,
      webUrl.chain((url) =>
        fc
          .constantFrom('ftp', 'file', 'javascript', 'data', 'mailto')
          .map((scheme) => url.replace(/^https?/, scheme)),
      ),
    );
    expectRejected(
      ImageUrl,
      isImageUrl,
      fc.constantFrom(
        '/images/a12345.png',
        'images/a12345.png',
        'http:example.com/a.png',
        'http://',
        'https:///a.png',
        ' https://cdn.example/a.png',
        'https://cdn.example/a b.png',
        'not a url',
        '',
      ),
    );
    expectRejected(ImageUrl, isImageUrl, notAString);
  });
});
