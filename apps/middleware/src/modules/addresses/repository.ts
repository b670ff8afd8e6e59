import type { Executor } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import { addressSyncs } from './schema.ts';

export type AddressSyncRow = typeof addressSyncs.$inferSelect;
export type AddressSyncState = 'Pending' | 'Synced' | 'NoCustomer' | 'Gone';

export async function saveAddressSync(
  executor: Executor,
  row: { addressId: string; buyerId: string; state: AddressSyncState; erpId?: string | null },
): Promise<void> {
  const values = { ...row, erpId: row.erpId ?? null, lastError: null, updatedAt: new Date() };
  await executor
    .insert(addressSyncs)
    .values(values)
    .onConflictDoUpdate({ target: addressSyncs.addressId, set: values });
}

export async function findAddressSync(
  executor: Executor,
  addressId: string,
): Promise<AddressSyncRow | undefined> {
  const [row] = await executor.select().from(addressSyncs).where(eq(addressSyncs.addressId, addressId));
  return row;
}
