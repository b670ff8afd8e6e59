/**
 * The platform benchmarks' tenant, seeded through the OrderCloud API as an integration would: the
 * integration's token, a buyer `acme` with the user anna@acme.example (password `actuate-demo`) on the
 * buyer profile, a catalogue `main` assigned to the buyer and the EUR price schedule `list`.
 */

/** The integration client's secret the benchmarks start the platform with (MIDDLEWARE_CLIENT_SECRET). */
export const BENCH_INTEGRATION_SECRET = 'bench-middleware-secret-123';

export type PlatformApi = (
  token: string,
  method: string,
  path: string,
  body?: unknown,
) => Promise<Record<string, unknown> | undefined>;

export interface PlatformClient {
  /** An OAuth token of the form's grant. */
  token(form: Record<string, string>): Promise<string>;
  /** One API call; throws on a status other than 2xx, answers undefined for 204. */
  api: PlatformApi;
}

export function platformClient(base: string): PlatformClient {
  return {
    token: async (form) => {
      const response = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      if (!response.ok) throw new Error(`token: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    api: async (token, method, path, body) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
    },
  };
}

/**
 * Seeds the buyer, its user, the catalogue and the price schedule (with these breaks); answers the
 * integration's token for the rest of the seeding.
 */
export async function seedBenchTenant(
  client: PlatformClient,
  priceBreaks: readonly { Quantity: number; Price: number }[],
): Promise<string> {
  const { api } = client;
  const admin = await client.token({
    grant_type: 'client_credentials',
    client_id: 'actuate-middleware',
    client_secret: BENCH_INTEGRATION_SECRET,
  });
  await api(admin, 'POST', '/v1/buyers', { ID: 'acme', Name: 'Acme', xp: {} });
  await api(admin, 'POST', '/v1/buyers/acme/users', {
    ID: 'anna',
    Username: 'anna@acme.example',
    Password: 'actuate-demo',
    FirstName: 'Anna',
    LastName: 'A',
    Email: 'anna@acme.example',
    Active: true,
  });
  await api(admin, 'POST', '/v1/securityprofiles/assignments', {
    SecurityProfileID: 'actuate-buyer-base',
    BuyerID: 'acme',
  });
  await api(admin, 'POST', '/v1/catalogs', { ID: 'main', Name: 'Main' });
  await api(admin, 'POST', '/v1/catalogs/assignments', { CatalogID: 'main', BuyerID: 'acme' });
  await api(admin, 'POST', '/v1/priceschedules', {
    ID: 'list',
    Name: 'List',
    Currency: 'EUR',
    PriceBreaks: priceBreaks,
  });
  return admin;
}

/** The seeded buyer user's token (password grant, as the storefront signs in). */
export const benchBuyerToken = (client: PlatformClient) =>
  client.token({
    grant_type: 'password',
    client_id: 'actuate-storefront',
    username: 'anna@acme.example',
    password: 'actuate-demo',
  });

/**
 * The line-item benchmarks' products: p0…p(count-1) on the `list` schedule in catalogue `main`, each with
 * the required spec `stroke` (option `300`, 15.00 per unit); `xpOf` gives a product's xp, if any.
 */
export async function seedStrokeProducts(
  { api }: PlatformClient,
  admin: string,
  count: number,
  xpOf?: (index: number) => Record<string, unknown>,
): Promise<void> {
  await api(admin, 'POST', '/v1/specs', { ID: 'stroke', Name: 'Stroke', Required: true });
  await api(admin, 'POST', '/v1/specs/stroke/options', {
    ID: '300',
    Value: '300 mm',
    PriceMarkupType: 'AmountPerQuantity',
    PriceMarkup: 15,
  });
  for (let index = 0; index < count; index++) {
    await api(admin, 'POST', '/v1/products', {
      ID: `p${index}`,
      Name: `Actuator ${index}`,
      DefaultPriceScheduleID: 'list',
      ...(xpOf ? { xp: xpOf(index) } : {}),
    });
    await api(admin, 'POST', '/v1/catalogs/productassignments', {
      CatalogID: 'main',
      ProductID: `p${index}`,
    });
    await api(admin, 'POST', '/v1/specs/productassignments', { SpecID: 'stroke', ProductID: `p${index}` });
  }
}
