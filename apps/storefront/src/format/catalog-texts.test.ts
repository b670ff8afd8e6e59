import { generateDemoWorld } from '@actuate/catalog-data';
import { describe, expect, it } from 'vitest';
import { catalogTexts, composedItemName } from './catalog-texts';

const world = generateDemoWorld({ salesItems: 400 });
const xpOf = (item: (typeof world.salesItems)[number]) => ({
  Kind: 'SalesItem',
  FamilyID: item.familyId,
  Facets: item.configuration as Record<string, unknown>,
});

/** Values that read the same in every language: codes, brands, numbers with units. */
const SAME_EVERYWHERE =
  /^(?:(?:Ø )?[\d.]+ ?(?:mm|V|m|min|%|°)?|M\d+|IP\w+|PWM|Modbus|DIN|Molex|Standard|Parallel|Potentiometer)$/;

describe('catalogue texts', () => {
  it('formats numbers inside values for the locale, leaving codes alone', () => {
    expect(catalogTexts('da').facetValue('Ø 8.2 mm')).toBe('Ø 8,2 mm');
    expect(catalogTexts('de').facetValue('6.1 mm')).toBe('6,1 mm');
    expect(catalogTexts('en').facetValue('Ø 8.2 mm')).toBe('Ø 8.2 mm');
    expect(catalogTexts('de').facetValue({ label: '1700 N', value: 1700, unit: 'N' })).toBe('1.700 N');
    expect(catalogTexts('de').facetValue('Analogue 0-10 V')).toBe('Analog 0-10 V');
    expect(catalogTexts('da').facetValue('IP69K')).toBe('IP69K');
  });

  it('translates whole values and each part of a paired value', () => {
    expect(catalogTexts('de').facetValue('Steel, black powder-coated')).toBe(
      'Stahl, schwarz pulverbeschichtet',
    );
    expect(catalogTexts('de').facetValue('M12 4-pin, sealed / None')).toBe(
      'M12 4-polig, abgedichtet / Keine',
    );
    expect(catalogTexts('da').facetValue('2 m / No signal cable')).toBe('2 m / Intet signalkabel');
  });

  it.each(['da', 'de'] as const)(
    'has a %s text for every text facet value of the demo catalogue',
    (locale) => {
      const untranslated = new Set<string>();
      for (const item of world.salesItems) {
        for (const value of Object.values(item.configuration)) {
          if (typeof value !== 'string') continue;
          const parts = value.split(/ \/ |, /);
          const shown = catalogTexts(locale).facetValue(value);
          if (shown === value && !parts.every((part) => SAME_EVERYWHERE.test(part))) untranslated.add(value);
        }
      }
      expect([...untranslated]).toEqual([]);
    },
  );

  it('builds the same actuator names as the demo catalogue, and localised ones', () => {
    const actuators = world.salesItems.filter((item) => item.configuration.maxLoadPush);
    expect(actuators.length).toBeGreaterThan(50);
    for (const item of actuators) {
      const english = composedItemName('en', xpOf(item))?.replace(/(\d),(\d{3})/g, '$1$2');
      expect(english).toBe(item.name);
    }
    const hd25 = actuators.find(
      (item) => item.familyId === 'HD25' && item.configuration.feedback === 'Single Hall',
    );
    expect(composedItemName('de', hd25 && xpOf(hd25))).toMatch(
      /^HD25 Schwerlast [\d.]+ N, [\d.]+ mm, \d+ V, Einfach-Hall/,
    );
  });

  it('names every family, ship method and facet in every locale', () => {
    for (const locale of ['en', 'da', 'de'] as const) {
      const texts = catalogTexts(locale);
      for (const family of world.families) {
        expect(texts.familyName({ ID: family.id }), `${locale} ${family.id}`).not.toBe('');
        expect(texts.familyDescription({ ID: family.id }).length).toBeGreaterThan(100);
      }
      for (const method of world.shipMethods)
        expect(texts.shipMethodName({ ID: method.id })).not.toBe(method.id);
    }
    expect(catalogTexts('de').shipMethodName({ ID: 'EXPRESS', Name: 'Express (next business day)' })).toBe(
      'Express (nächster Werktag)',
    );
  });
});
