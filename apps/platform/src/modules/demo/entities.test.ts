import { generateDemoWorld } from '@actuate/catalog-data';
import { Address, BuyerCompanyXp, BuyerUserXp, PriceSchedule, ProductXp } from '@actuate/contracts';
import { describe, expect, it } from 'vitest';
import {
  addressBody,
  buyerXp,
  commercialVariantProduct,
  priceScheduleRow,
  productFacetBodies,
  salesItemProduct,
  userXp,
} from './entities.ts';

/** The default world (5,000 items): every entity the seeder writes must satisfy the shared contracts. */
const world = generateDemoWorld();
const families = new Map(world.families.map((family) => [family.id, family]));

describe('demo world as platform entities', () => {
  it('gives every sales item an extension the middleware accepts on a worksheet line', () => {
    for (const item of world.salesItems) {
      const product = salesItemProduct(item, families.get(item.familyId) as never);
      expect(product.id).toBe(item.salesItemNumber);
      const parsed = ProductXp.safeParse(product.xp);
      expect(parsed.success, `${item.salesItemNumber}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('gives every commercial variant its price range in DKK and EUR', () => {
    for (const family of world.families) {
      for (const variant of family.commercialVariants) {
        const product = commercialVariantProduct(world, variant, family);
        expect(ProductXp.parse(product.xp)).toMatchObject({
          Kind: 'CommercialVariant',
          PriceRanges: [{ Currency: 'DKK' }, { Currency: 'EUR' }],
        });
      }
    }
  });

  it('registers a facet for every key the sales items carry', () => {
    const paths = new Set(productFacetBodies().map((facet) => facet.XpPath.split('.')[1]));
    const keys = new Set(
      world.salesItems.flatMap((item) =>
        Object.keys(
          (salesItemProduct(item, families.get(item.familyId) as never).xp as { Facets: object }).Facets,
        ),
      ),
    );
    expect([...keys].filter((key) => !paths.has(key))).toEqual([]);
  });

  it('writes valid price schedules, companies, users and addresses', () => {
    const item = world.salesItems[0];
    if (!item) throw new Error('empty world');
    for (const currency of ['DKK', 'EUR'] as const) {
      const row = priceScheduleRow(world, item, currency);
      expect(row.id).toBe(`${item.salesItemNumber}-${currency}`);
      expect(
        PriceSchedule.safeParse({
          Name: row.name,
          Currency: currency,
          PriceBreaks: (row.priceBreaks ?? []).map((priceBreak) => ({
            Quantity: priceBreak.Quantity,
            Price: priceBreak.Price / 100,
          })),
        }).success,
      ).toBe(true);
    }
    const companies = new Map(world.companies.map((company) => [company.id, company]));
    for (const company of world.companies.filter(
      (candidate) => candidate.registrationStatus === 'complete',
    )) {
      expect(BuyerCompanyXp.safeParse(buyerXp(company)).success, company.id).toBe(true);
    }
    for (const user of world.users) {
      const parsed = BuyerUserXp.safeParse(userXp(user, companies.get(user.companyId) as never));
      expect(parsed.success, `${user.username}: ${parsed.error?.message}`).toBe(true);
    }
    for (const address of world.addresses) {
      const parsed = Address.safeParse(addressBody(address));
      expect(parsed.success, `${address.id}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
