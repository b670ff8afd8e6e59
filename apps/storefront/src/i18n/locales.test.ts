import { describe, expect, it } from 'vitest';
import { localizedHref, stripLocale } from './locales';

describe('localizedHref', () => {
  it('puts the locale in front of a storefront path, keeping query and fragment', () => {
    expect(localizedHref('da', '/catalog')).toBe('/da/catalog');
    expect(localizedHref('de', '/catalog?f.FamilyID=HD25#items')).toBe('/de/catalog?f.FamilyID=HD25#items');
    expect(localizedHref('en', '/')).toBe('/en');
    expect(localizedHref('en', '/?welcome=1')).toBe('/en?welcome=1');
  });

  it('leaves what is not a storefront path alone', () => {
    expect(localizedHref('da', 'https://tracking.example/1')).toBe('https://tracking.example/1');
    expect(localizedHref('da', '#main')).toBe('#main');
    expect(localizedHref('da', 'mailto:sales@actuate.example')).toBe('mailto:sales@actuate.example');
  });
});

describe('stripLocale', () => {
  it('removes the locale segment and only that', () => {
    expect(stripLocale('/da/orders/1')).toBe('/orders/1');
    expect(stripLocale('/de')).toBe('/');
    expect(stripLocale('/en/')).toBe('/');
    expect(stripLocale('/fr/orders')).toBe('/fr/orders');
    expect(stripLocale('/dance')).toBe('/dance');
  });
});
