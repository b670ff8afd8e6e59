import type { Executor } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import { gatewaySecrets } from './schema.ts';

/** Stores `candidate` unless a value exists; returns the value that won (safe when instances race). */
export async function getOrCreateSecret(db: Executor, name: string, candidate: () => Promise<string>) {
  const [existing] = await db.select().from(gatewaySecrets).where(eq(gatewaySecrets.name, name));
  if (existing) return existing.value;
  await db
    .insert(gatewaySecrets)
    .values({ name, value: await candidate() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(gatewaySecrets).where(eq(gatewaySecrets.name, name));
  if (!stored) throw new Error(`secret ${name} could not be stored`);
  return stored.value;
}
