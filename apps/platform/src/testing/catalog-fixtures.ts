import { call, expectOk, type Platform } from './harness.ts';

export const salesItem = (
  id: string,
  name: string,
  facets: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  ID: id,
  Name: name,
  Active: true,
  ...extra,
  xp: {
    Kind: 'SalesItem',
    SalesItemNumber: `A${id.replace(/\D/g, '').padStart(5, '0').slice(-5)}`,
    ProductState: 'Active',
    ProductFamilyGroup: 'LA',
    ImageUrl: 'https://images.example/actuator.png',
    CommercialVariants: [],
    Facets: facets,
  },
});

/**
 * A small catalogue: catalog `main` with four actuators (voltage and feedback facets), a default price
 * schedule, a spec with markups, and the facets registered; assigned to the given buyers.
 */
export async function seedSmallCatalog(platform: Platform, buyerIds: string[]): Promise<void> {
  const admin = (method: 'POST' | 'PUT', url: string, body: unknown) =>
    call(platform.app, platform.adminToken, method, url, body);
  const ok = async (response: Awaited<ReturnType<typeof admin>>) =>
    expectOk(response, response.statusCode === 201 ? 201 : 204);
  await ok(await admin('POST', '/v1/catalogs', { ID: 'main', Name: 'Main catalogue' }));
  await ok(
    await admin('POST', '/v1/priceschedules', {
      ID: 'list-dkk',
      Name: 'List price DKK',
      Currency: 'DKK',
      PriceBreaks: [
        { Quantity: 1, Price: 1000 },
        { Quantity: 10, Price: 900 },
      ],
    }),
  );
  await ok(
    await admin('POST', '/v1/priceschedules', {
      ID: 'special-dkk',
      Name: 'Special DKK',
      Currency: 'DKK',
      PriceBreaks: [{ Quantity: 1, Price: 800 }],
    }),
  );
  const products = [
    salesItem('la-24-pot', 'LA36 24V potentiometer', { voltage: '24', feedback: 'Potentiometer' }),
    salesItem('la-24-hall', 'LA36 24V hall', { voltage: '24', feedback: 'Hall' }),
    salesItem('la-48-hall', 'LA36 48V hall', { voltage: '48', feedback: 'Hall' }),
    salesItem('la-12-none', 'LA12 12V', { voltage: '12' }),
  ];
  for (const product of products) {
    await ok(await admin('POST', '/v1/products', { ...product, DefaultPriceScheduleID: 'list-dkk' }));
    await ok(
      await admin('POST', '/v1/catalogs/productassignments', { CatalogID: 'main', ProductID: product.ID }),
    );
  }
  // A product only some buyers see: no default schedule, assigned to the first buyer.
  await ok(
    await admin(
      'POST',
      '/v1/products',
      salesItem('la-special', 'LA44 special', { voltage: '24', feedback: 'Hall' }),
    ),
  );
  await ok(
    await admin('POST', '/v1/catalogs/productassignments', { CatalogID: 'main', ProductID: 'la-special' }),
  );
  await ok(
    await admin('POST', '/v1/products/assignments', {
      ProductID: 'la-special',
      BuyerID: buyerIds[0],
      PriceScheduleID: 'special-dkk',
    }),
  );
  await ok(
    await admin('POST', '/v1/productfacets', {
      ID: 'voltage',
      Name: 'Voltage',
      XpPath: 'Facets.voltage',
      ListOrder: 1,
    }),
  );
  await ok(
    await admin('POST', '/v1/productfacets', {
      ID: 'feedback',
      Name: 'Feedback',
      XpPath: 'Facets.feedback',
      ListOrder: 2,
    }),
  );
  await ok(await admin('POST', '/v1/specs', { ID: 'stroke', Name: 'Stroke', Required: true }));
  await ok(
    await admin('POST', '/v1/specs/stroke/options', {
      ID: '100',
      Value: '100 mm',
      PriceMarkupType: 'NoMarkup',
      ListOrder: 1,
    }),
  );
  await ok(
    await admin('POST', '/v1/specs/stroke/options', {
      ID: '300',
      Value: '300 mm',
      PriceMarkupType: 'AmountPerQuantity',
      PriceMarkup: 150,
      ListOrder: 2,
    }),
  );
  await ok(await admin('POST', '/v1/specs/productassignments', { SpecID: 'stroke', ProductID: 'la-24-pot' }));
  await ok(await admin('POST', '/v1/catalogs/main/categories', { ID: 'linear', Name: 'Linear actuators' }));
  await ok(
    await admin('POST', '/v1/catalogs/main/categories/productassignments', {
      CategoryID: 'linear',
      ProductID: 'la-48-hall',
    }),
  );
  for (const buyerId of buyerIds) {
    await ok(await admin('POST', '/v1/catalogs/assignments', { CatalogID: 'main', BuyerID: buyerId }));
  }
}
