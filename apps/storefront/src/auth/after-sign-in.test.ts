import { describe, expect, it } from 'vitest';
import { afterSignInPath, localeOfLanguage } from './after-sign-in';

const base = { pageLocale: 'en', localizationEnabled: true } as const;

describe('localeOfLanguage', () => {
  it.each([
    ['da-DK', 'da'],
    ['de-DE', 'de'],
    ['en', 'en'],
    ['DE_at', 'de'],
    ['fr-FR', undefined],
    [undefined, undefined],
    [42, undefined],
  ])('%s → %s', (tag, locale) => {
    expect(localeOfLanguage(tag)).toBe(locale);
  });
});

describe('afterSignInPath', () => {
  it('returns to the page that sent the buyer to sign-in', () => {
    expect(afterSignInPath({ ...base, returnTo: '/en/checkout', preferredLanguages: ['da-DK'] })).toBe(
      '/en/checkout',
    );
  });

  it("opens home in the profile's language without a page to return to", () => {
    expect(afterSignInPath({ ...base, returnTo: null, preferredLanguages: ['da-DK'] })).toBe('/da');
    expect(afterSignInPath({ ...base, returnTo: '/en', preferredLanguages: [undefined, 'de-DE'] })).toBe(
      '/de',
    );
  });

  it("stays in the page's locale when the profile's language is unknown, not offered or unsafe returnTo", () => {
    expect(
      afterSignInPath({ ...base, pageLocale: 'da', returnTo: '//evil.example', preferredLanguages: ['fr'] }),
    ).toBe('/da');
    expect(
      afterSignInPath({
        ...base,
        localizationEnabled: false,
        returnTo: undefined,
        preferredLanguages: ['da-DK'],
      }),
    ).toBe('/en');
  });
});
