/**
 * The Actuate side of the peer benchmark: the platform app as its own process
 * (bench/shared/app-process.ts: embedded PGlite in a temporary folder, or a scratch database on the
 * BENCH_DATABASE_URL server, dropped on stop), seeded through its OrderCloud API like a tenant's
 * integration would: a buyer with a user, a catalogue, a price schedule, four product facets and
 * one product per sales item with its facets in `xp.Facets`.
 */
import { performance } from 'node:perf_hooks';
import { type AppProcess, startAppProcess } from '../shared/app-process.ts';
import {
  BENCH_INTEGRATION_SECRET,
  benchBuyerToken,
  type PlatformApi,
  platformClient,
  seedBenchTenant,
} from '../shared/platform-tenant.ts';
import { FACETS, facetOf } from './catalogue.ts';

const SEED_CONCURRENCY = 8;

export interface ActuateSide {
  platform: AppProcess;
  /** A signed-in buyer user's token (password grant, as the storefront gets it). */
  buyer: string;
  api: PlatformApi;
  seedSeconds: number;
}

export async function startActuate(items: number, databaseUrl: string | undefined): Promise<ActuateSide> {
  const previous = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) process.env.BENCH_DATABASE_URL = databaseUrl;
  else delete process.env.BENCH_DATABASE_URL;
  const platform = await startAppProcess('platform', () => ({
    MIDDLEWARE_CLIENT_SECRET: BENCH_INTEGRATION_SECRET,
  }));
  if (previous === undefined) delete process.env.BENCH_DATABASE_URL;
  else process.env.BENCH_DATABASE_URL = previous;
  const { base } = platform;
  const client = platformClient(base);
  const { api } = client;
  try {
    const start = performance.now();
    const admin = await seedBenchTenant(client, [{ Quantity: 1, Price: 100 }]);
    for (const [index, facet] of FACETS.entries())
      await api(admin, 'POST', '/v1/productfacets', {
        ID: facet,
        Name: facet,
        XpPath: `Facets.${facet}`,
        ListOrder: index,
      });
    let next = 1;
    const worker = async () => {
      for (let n = next++; n <= items; n = next++) {
        const number = String(n).padStart(6, '0');
        await api(admin, 'POST', '/v1/products', {
          ID: `p${n}`,
          Name: `Actuator ${number}`,
          Description: `Sales item A${number}`,
          Active: true,
          DefaultPriceScheduleID: 'list',
          xp: {
            Kind: 'SalesItem',
            SalesItemNumber: `A${String(n % 100_000).padStart(5, '0')}`,
            ProductState: 'Active',
            ProductFamilyGroup: 'LA',
            ImageUrl: `https://cdn.actuate.example/images/p${n}.png`,
            CommercialVariants: [],
            Facets: Object.fromEntries(FACETS.map((facet) => [facet, facetOf(facet, n)])),
          },
        });
        await api(admin, 'POST', '/v1/catalogs/productassignments', {
          CatalogID: 'main',
          ProductID: `p${n}`,
        });
      }
    };
    await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
    const seedSeconds = (performance.now() - start) / 1000;
    const buyer = await benchBuyerToken(client);
    const first = (await api(buyer, 'GET', '/v1/me/products?pageSize=1')) as { Meta: { TotalCount: number } };
    if (first.Meta.TotalCount !== items)
      throw new Error(`expected ${items} products, the buyer sees ${first.Meta.TotalCount}`);
    return { platform, buyer, api, seedSeconds };
  } catch (error) {
    await platform.stop();
    throw error;
  }
}
