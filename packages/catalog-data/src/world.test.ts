import { describe, expect, it } from 'vitest';
import { FACET_KEYS, FACETS } from './facets.ts';
import { FAMILY_IDS } from './families.ts';
import { DEFAULT_AS_OF, DEFAULT_IMAGE_BASE_URL, generateDemoWorld } from './world.ts';

const SALES_ITEM_NUMBER = /^[A-Z][0-9]{5}$/;
const ERP_ID = /^[A-Z]{3}-[0-9]{6}$/;
const SALES_COMPANY_ID = /^[A-Z]{3}$/;
const ID = /^[A-Za-z0-9_-]+$/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const world = generateDemoWorld();

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Every string value under `value` whose key looks like a date. */
function dateStrings(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const entry of value) dateStrings(entry, found);
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (/^(valid(From|To)|date\w*|startDate|endDate)$/.test(key) && typeof entry === 'string')
        found.push(entry);
      else dateStrings(entry, found);
    }
  }
  return found;
}

describe('determinism', () => {
  it('gives identical JSON for the same options', () => {
    const again = generateDemoWorld({ salesItems: 5000, seed: world.options.seed });
    expect(JSON.stringify(again)).toBe(JSON.stringify(world));
  });

  it('gives a different catalogue for a different seed, with the same people', () => {
    const other = generateDemoWorld({ seed: 7 });
    expect(JSON.stringify(other.salesItems)).not.toBe(JSON.stringify(world.salesItems));
    expect(JSON.stringify(other.itemLifecycleStates)).not.toBe(JSON.stringify(world.itemLifecycleStates));
    expect(other.users).toEqual(world.users);
    expect(other.salesItems.length).toBe(world.salesItems.length);
  });

  it('derives every date from asOf, not from the clock', () => {
    const later = generateDemoWorld({ salesItems: 200, asOf: '2027-06-15T12:00:00+02:00' });
    const earlier = generateDemoWorld({ salesItems: 200 });
    expect(dateStrings(later)).not.toEqual(dateStrings(earlier));
    expect(later.exchangeRates.at(-1)?.validFrom).toBe('2027-06-15T10:00:00Z');
    expect(earlier.exchangeRates.at(-1)?.validFrom).toBe(DEFAULT_AS_OF);
  });

  it('has no Math.random or Date.now in the sources', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const directory = new URL('.', import.meta.url);
    for (const name of await readdir(directory)) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const source = await readFile(new URL(name, directory), 'utf8');
      const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect(code, name).not.toMatch(/Math\.random|Date\.now|new Date\(\)/);
    }
  });
});

describe('counts and options', () => {
  it('makes 5,000 sales items by default with unique numbers', () => {
    expect(world.options).toEqual({
      salesItems: 5000,
      seed: world.options.seed,
      imageBaseUrl: DEFAULT_IMAGE_BASE_URL,
      asOf: DEFAULT_AS_OF,
    });
    expect(world.salesItems).toHaveLength(5000);
    expect(new Set(world.salesItems.map((item) => item.salesItemNumber)).size).toBe(5000);
  });

  it('spreads items over the families, accessories few', () => {
    expect(world.families.length).toBeGreaterThanOrEqual(12);
    expect(world.families.map((family) => family.id)).toEqual([...FAMILY_IDS]);
    for (const family of world.families) {
      const items = world.salesItems.filter((item) => item.familyId === family.id);
      expect(items.length).toBe(family.salesItemCount);
      if (family.configurable) expect(items.length).toBeGreaterThan(150);
      else expect(items.length).toBeLessThanOrEqual(6);
      for (const item of items) expect(item.salesItemNumber[0]).toBe(family.salesItemLetter);
    }
    expect(new Set(world.families.map((family) => family.salesItemLetter)).size).toBe(world.families.length);
    expect(new Set(world.families.map((family) => family.productFamilyGroup))).toEqual(
      new Set(['Industrial', 'Compact', 'Medical', 'Furniture', 'Accessories']),
    );
  });

  it('honours small sizes and the image base URL', () => {
    const small = generateDemoWorld({ salesItems: 100, imageBaseUrl: 'https://cdn.example.com/img/' });
    expect(small.salesItems).toHaveLength(100);
    expect(small.families[0]?.imageUrl).toBe('https://cdn.example.com/img/HD25.svg');
  });

  it('rejects invalid options', () => {
    expect(() => generateDemoWorld({ salesItems: 10 })).toThrow(RangeError);
    expect(() => generateDemoWorld({ salesItems: 1.5 })).toThrow(RangeError);
    expect(() => generateDemoWorld({ imageBaseUrl: 'not a url' })).toThrow(RangeError);
    expect(() => generateDemoWorld({ imageBaseUrl: 'ftp://example.com' })).toThrow(RangeError);
    expect(() => generateDemoWorld({ asOf: '2026-01-01' })).toThrow(RangeError);
  });
});

describe('formats', () => {
  it('sales items: number, ids, image URL, state, money, weight', () => {
    const states = new Set<string>();
    for (const item of world.salesItems) {
      expect(item.salesItemNumber).toMatch(SALES_ITEM_NUMBER);
      expect(item.familyId).toMatch(ID);
      expect(item.commercialVariantId).toMatch(ID);
      expect(isHttpUrl(item.imageUrl)).toBe(true);
      expect(Number.isSafeInteger(item.grossPrice) && item.grossPrice > 0).toBe(true);
      expect(item.shipWeightKg).toBeGreaterThan(0);
      expect(Object.values(item.shipDimensionsCm).every((cm) => Number.isInteger(cm) && cm > 0)).toBe(true);
      expect(item.name.length).toBeGreaterThan(10);
      expect(item.description.length).toBeGreaterThan(40);
      states.add(item.productState);
    }
    expect(states).toEqual(new Set(['Active', 'Discontinued', 'Blocked', 'ComingSoon']));
    const active = world.salesItems.filter((item) => item.productState === 'Active').length;
    expect(active / world.salesItems.length).toBeGreaterThan(0.85);
  });

  it('families and commercial variants: ids, image URLs, a real description', () => {
    for (const family of world.families) {
      expect(family.id).toMatch(ID);
      expect(isHttpUrl(family.imageUrl)).toBe(true);
      expect(family.description.split(' ').length).toBeGreaterThan(40);
      expect(family.commercialVariants.length).toBeGreaterThan(0);
      for (const variant of family.commercialVariants) {
        expect(variant.id).toMatch(ID);
        expect(isHttpUrl(variant.imageUrl)).toBe(true);
        for (const name of variant.configurationInternalNames) expect(FACET_KEYS).toContain(name);
        if (family.configurable) expect(variant.configurationInternalNames).toContain('strokeLength');
      }
    }
  });

  it('facets table: exact keys, display names, numeric flags', () => {
    expect(FACETS.map((facet) => facet.key)).toEqual([...FACET_KEYS]);
    const byKey = Object.fromEntries(FACETS.map((facet) => [facet.key, facet]));
    expect(byKey.strokeLength).toMatchObject({ displayName: 'stroke length', numeric: true, unit: 'mm' });
    expect(byKey.feedback?.displayName).toBe('Feedback');
    expect(byKey.voltage?.displayName).toBe('Voltage');
    expect(byKey.buildInDimension).toMatchObject({ numeric: true, unit: 'mm', scope: 'salesItem' });
    expect(FACETS.filter((facet) => facet.numeric).map((facet) => facet.key)).toEqual([
      'strokeLength',
      'maxLoadPush',
      'minimumSpeedAtFullLoad',
      'buildInDimension',
    ]);
  });

  it('companies: ERP id, sales company, tax group, country codes, VAT number', () => {
    const vat: Record<string, RegExp> = {
      DK: /^DK\d{8}$/,
      DE: /^DE\d{9}$/,
      NL: /^NL\d{9}B\d{2}$/,
      BE: /^BE0\d{9}$/,
      SE: /^SE\d{12}$/,
      FI: /^FI\d{8}$/,
      AT: /^ATU\d{8}$/,
      PL: /^PL\d{10}$/,
      NO: /^NO\d{9}MVA$/,
    };
    const salesCompanyIds = new Set(world.salesCompanies.map((company) => company.id));
    for (const company of world.companies) {
      expect(company.id).toMatch(ID);
      if (company.registrationStatus === 'complete') expect(company.erpId).toMatch(ERP_ID);
      expect(company.salesCompanyId).toMatch(SALES_COMPANY_ID);
      expect(salesCompanyIds.has(company.salesCompanyId)).toBe(true);
      expect(company.taxGroup.length).toBeGreaterThanOrEqual(1);
      expect(company.taxGroup.length).toBeLessThanOrEqual(10);
      expect(world.taxGroups.map((group) => group.id)).toContain(company.taxGroup);
      expect(company.countryCode2).toMatch(/^[A-Z]{2}$/);
      expect(company.countryCode3).toMatch(/^[A-Z]{3}$/);
      expect(['DKK', 'EUR']).toContain(company.currency);
      expect(['da-DK', 'de-DE', 'en-GB']).toContain(company.locale);
      expect(company.vatNumber).toMatch(vat[company.countryCode2] ?? /^$/);
      expect(company.invoiceEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    }
    expect(world.companies.filter((company) => company.taxGroup === 'EU-RC').length).toBeGreaterThanOrEqual(
      3,
    );
    expect(new Set(world.companies.map((company) => company.countryCode2)).size).toBeGreaterThanOrEqual(6);
    for (const salesCompany of world.salesCompanies) expect(salesCompany.id).toMatch(SALES_COMPANY_ID);
  });

  it('users: ERP id, sales company, policy versions, locale', () => {
    for (const user of world.users) {
      expect(user.id).toMatch(ID);
      expect(user.username).toBe(user.email);
      if (user.status === 'complete') {
        expect(user.erpId).toMatch(ERP_ID);
        expect(user.salesCompanyId).toMatch(SALES_COMPANY_ID);
        expect(user.crmId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }
      for (const version of [user.termsVersionApproved, user.privacyVersionApproved]) {
        expect(Number.isInteger(version) && version >= 1 && version <= 2_147_483_647).toBe(true);
      }
      expect(['DKK', 'EUR']).toContain(user.locale.currency);
    }
    expect(new Set(world.users.map((user) => user.id)).size).toBe(world.users.length);
    expect(new Set(world.users.map((user) => user.erpId).filter(Boolean)).size).toBe(
      world.users.filter((user) => user.erpId).length,
    );
  });

  it('addresses: required fields non-empty, ids, ERP extension', () => {
    for (const address of world.addresses) {
      expect(address.id).toMatch(ID);
      for (const field of [address.street1, address.city, address.zip, address.countryCode2, address.state]) {
        expect(field.trim().length).toBeGreaterThan(0);
      }
      expect(address.countryCode2).toMatch(/^[A-Z]{2}$/);
      expect(address.countryCode3).toMatch(/^[A-Z]{3}$/);
      if (address.erpId !== null) expect(address.erpId).toMatch(ERP_ID);
      expect(address.shipping || address.billing).toBe(true);
    }
    expect(new Set(world.addresses.map((address) => address.id)).size).toBe(world.addresses.length);
    for (const company of world.companies) {
      const own = world.addresses.filter(
        (address) => address.companyId === company.id && address.ownerType === 'company',
      );
      expect(
        own.some((address) => address.shipping),
        company.id,
      ).toBe(true);
      expect(
        own.some((address) => address.billing),
        company.id,
      ).toBe(true);
    }
    expect(world.addresses.filter((address) => address.ownerType === 'user').length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('dates are ISO date-times with offset', () => {
    const dates = dateStrings(world);
    expect(dates.length).toBeGreaterThan(50);
    for (const date of dates) expect(date).toMatch(ISO_WITH_OFFSET);
  });
});
