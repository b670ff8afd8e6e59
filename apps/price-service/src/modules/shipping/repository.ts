import type { Executor } from '@actuate/service-kit';
import { inArray, sql } from 'drizzle-orm';
import { shipMethodBands, shipMethods } from './schema.ts';

export const listMethods = (executor: Executor) => executor.select().from(shipMethods);
export const listBands = (executor: Executor) => executor.select().from(shipMethodBands);

export async function replaceMethods(
  executor: Executor,
  methods: readonly {
    id: string;
    name: string;
    countries: string[];
    description?: string | undefined;
    transitDays?: Record<string, number> | undefined;
    position?: number | undefined;
    bands: { maxWeightGrams: number; costDkk: number; costEur: number }[];
  }[],
): Promise<void> {
  if (methods.length === 0) return;
  await executor
    .insert(shipMethods)
    .values(
      methods.map((method) => ({
        id: method.id,
        name: method.name,
        countries: method.countries,
        description: method.description ?? '',
        transitDays: method.transitDays ?? {},
        position: method.position ?? 0,
      })),
    )
    .onConflictDoUpdate({
      target: shipMethods.id,
      set: {
        name: sql`excluded.name`,
        countries: sql`excluded.countries`,
        description: sql`excluded.description`,
        transitDays: sql`excluded.transit_days`,
        position: sql`excluded.position`,
      },
    });
  await executor.delete(shipMethodBands).where(
    inArray(
      shipMethodBands.shipMethodId,
      methods.map((method) => method.id),
    ),
  );
  const bands = methods.flatMap((method) =>
    method.bands.map((band) => ({ shipMethodId: method.id, ...band })),
  );
  if (bands.length > 0) await executor.insert(shipMethodBands).values(bands);
}
