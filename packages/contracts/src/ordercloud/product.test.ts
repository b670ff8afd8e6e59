import { describe, expect, it } from 'vitest';
import { commercialVariant, salesItem } from '../testing/samples.ts';
import { CONFIGURATION_FACETS, ConfigurationFacets, NUMERIC_FACET_KEYS } from './facets.ts';
import { Product, ProductXp, Spec, SpecOption } from './product.ts';

describe('configuration facets', () => {
  it('has every facet once, with the numeric facets', () => {
    const keys = CONFIGURATION_FACETS.map((facet) => facet.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(CONFIGURATION_FACETS.filter((facet) => facet.appliesTo === 'all')).toHaveLength(18);
    expect(CONFIGURATION_FACETS.filter((facet) => facet.appliesTo === 'salesItem')).toHaveLength(9);
    expect(NUMERIC_FACET_KEYS).toEqual(['strokeLength', 'maxLoadPush', 'minimumSpeedAtFullLoad']);
    for (const facet of CONFIGURATION_FACETS) expect(facet.key).toMatch(/^[a-z][A-Za-z]*$/);
  });

  it('generates the schema from the table', () => {
    expect(Object.keys(ConfigurationFacets.shape).sort()).toEqual(
      CONFIGURATION_FACETS.map((f) => f.key).sort(),
    );
  });

  it('takes a number, label and unit for numeric facets and a string for the others', () => {
    expect(
      ConfigurationFacets.safeParse({ strokeLength: { label: '300 mm', value: 300, unit: 'mm' } }).success,
    ).toBe(true);
    expect(ConfigurationFacets.safeParse({ strokeLength: '300 mm' }).success).toBe(false);
    expect(
      ConfigurationFacets.safeParse({ maxLoadPush: { label: '6000 N', value: '6000', unit: 'N' } }).success,
    ).toBe(false);
    expect(ConfigurationFacets.safeParse({ voltage: { label: '24 V', value: 24, unit: 'V' } }).success).toBe(
      false,
    );
    expect(ConfigurationFacets.safeParse({ voltage: '' }).success).toBe(false);
    expect(ConfigurationFacets.safeParse({}).success).toBe(true);
  });

  it('rejects unknown (misspelt) facets', () => {
    expect(ConfigurationFacets.safeParse({ stroke_length: '300' }).success).toBe(false);
  });
});

describe('Product', () => {
  it('parses a commercial variant and a sales item', () => {
    const variant = Product.parse(commercialVariant);
    expect(variant.xp?.Kind).toBe('CommercialVariant');
    const item = Product.parse(salesItem);
    expect(item.xp?.Kind === 'SalesItem' && item.xp.Facets.strokeLength?.value).toBe(300);
  });

  it('keeps unknown xp keys but strips unknown top-level fields', () => {
    const parsed = Product.parse({ ...salesItem, Unknown: 1, xp: { ...salesItem.xp, Legacy: 'kept' } });
    expect(parsed).not.toHaveProperty('Unknown');
    expect(parsed.xp).toHaveProperty('Legacy', 'kept');
  });

  it('rejects a sales item whose ImageUrl is not a URL', () => {
    const result = Product.safeParse({
      ...salesItem,
      xp: { ...salesItem.xp, ImageUrl: 'images/a12345.png' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['xp', 'ImageUrl']);
  });

  it('rejects other invalid extensions', () => {
    const bad: unknown[] = [
      { ...salesItem.xp, SalesItemNumber: 'a12345' },
      { ...salesItem.xp, SalesItemNumber: 'A1234' },
      { ...salesItem.xp, Facets: { ...salesItem.xp.Facets, strokeLength: 300 } },
      { ...salesItem.xp, Kind: 'Configuration' },
      { ...commercialVariant.xp, PriceRanges: [{ Currency: 'USD', Min: 1, Max: 2 }] },
      { ...commercialVariant.xp, PriceRanges: [{ Currency: 'DKK', Min: 5, Max: 2 }] },
      { ...commercialVariant.xp, ImageUrl: 'ftp://cdn.actuate.example/x.png' },
      { ...commercialVariant.xp, Kind: undefined },
      {},
    ];
    for (const xp of bad) expect(ProductXp.safeParse(xp).success, JSON.stringify(xp)).toBe(false);
  });

  it('rejects invalid product fields', () => {
    expect(Product.safeParse({ ...salesItem, ID: 'A12345/1' }).success).toBe(false);
    expect(Product.safeParse({ ...salesItem, Name: '' }).success).toBe(false);
    expect(Product.safeParse({ ...salesItem, ShipWeight: -1 }).success).toBe(false);
    expect(Product.safeParse({ ...salesItem, QuantityMultiplier: 0 }).success).toBe(false);
  });
});

describe('Spec and SpecOption', () => {
  it('parses a spec with priced options', () => {
    const spec = Spec.parse({
      ID: 'cable-length',
      Name: 'Cable length',
      Required: true,
      AllowOpenText: false,
      DefaultOptionID: 'cable-1m',
      Options: [
        { ID: 'cable-1m', Value: '1 m', PriceMarkupType: 'NoMarkup', PriceMarkup: null },
        { ID: 'cable-2m', Value: '2 m', PriceMarkupType: 'AmountPerQuantity', PriceMarkup: 85.5 },
        { ID: 'cable-5m', Value: '5 m', PriceMarkupType: 'Percentage', PriceMarkup: 10 },
      ],
    });
    expect(spec.Options).toHaveLength(3);
  });

  it('rejects an unknown markup type', () => {
    expect(SpecOption.safeParse({ Value: '2 m', PriceMarkupType: 'Fixed', PriceMarkup: 5 }).success).toBe(
      false,
    );
  });
});
