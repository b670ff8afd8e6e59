/**
 * The back office's part of the demo world (`@actuate/catalog-data`): ERP master data, CRM accounts and
 * items, loaded once into an empty database when SEED_DEMO_DATA is set.
 */
import { type DemoWorld, generateDemoWorld } from '@actuate/catalog-data';
import type { Seeder } from '@actuate/service-kit';
import { crmSeeder } from './modules/crm/seed.ts';
import { erpMasterDataSeeder } from './modules/customers/seed.ts';
import { itemSeeder } from './modules/items/seed.ts';

export type { DemoWorld };

/** The seeders of the world `makeWorld` builds (default `generateDemoWorld()`), which is built at most once. */
export function demoSeeders(makeWorld: () => DemoWorld = generateDemoWorld): Seeder[] {
  let world: DemoWorld | undefined;
  const demoWorld = () => {
    world ??= makeWorld();
    return world;
  };
  return [erpMasterDataSeeder(demoWorld), crmSeeder(demoWorld), itemSeeder(demoWorld)];
}
