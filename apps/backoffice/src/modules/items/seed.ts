import type { DemoWorld } from '@actuate/catalog-data';
import type { Seeder, Transaction } from '@actuate/service-kit';
import { chunks } from '../../shared/chunks.ts';
import { factories, itemFactoryStates, itemSalesCompanyStates, items } from './schema.ts';

/** Stock and lead time of a demo item: fixed per item number, so demos and tests see the same values. */
function demoSupply(salesItemNumber: string) {
  const digits = Number(salesItemNumber.slice(1));
  return { stockQuantity: digits % 7 === 0 ? 0 : digits % 60, leadTimeDays: 5 + (digits % 16) };
}

/** Items of the demo world with their lifecycle states per factory and per sales company (scenarios included). */
export function itemSeeder(world: () => DemoWorld): Seeder {
  return {
    name: 'erp-items',
    async seed(tx: Transaction) {
      const demo = world();
      await tx.insert(factories).values(demo.factories.map((factory) => ({ ...factory })));
      for (const batch of chunks(demo.salesItems, 1000)) {
        await tx.insert(items).values(
          batch.map((item) => ({
            salesItemNumber: item.salesItemNumber,
            name: item.name,
            factoryId: item.factoryId,
            ...demoSupply(item.salesItemNumber),
          })),
        );
      }
      for (const batch of chunks(demo.itemLifecycleStates.factories, 1000)) {
        await tx.insert(itemFactoryStates).values(batch.map((state) => ({ ...state })));
      }
      for (const batch of chunks(demo.itemLifecycleStates.salesCompanies, 1000)) {
        await tx.insert(itemSalesCompanyStates).values(batch.map((state) => ({ ...state })));
      }
      return {
        items: demo.salesItems.length,
        factoryStates: demo.itemLifecycleStates.factories.length,
        salesCompanyStates: demo.itemLifecycleStates.salesCompanies.length,
      };
    },
  };
}
