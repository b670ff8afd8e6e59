import type { Executor } from '@actuate/service-kit';
import { lt } from 'drizzle-orm';
import { applePayTokenUses } from './schema.ts';

/**
 * Records the first use of a payment token; false when it was used before (the primary key decides
 * two concurrent calls). Tokens past their expiry are refused before this, so their rows go.
 */
export async function claimTokenUse(
  db: Executor,
  use: { merchantAccount: string; transactionId: string; usedAt: Date; expiresAt: Date },
): Promise<boolean> {
  await db.delete(applePayTokenUses).where(lt(applePayTokenUses.expiresAt, use.usedAt));
  const inserted = await db
    .insert(applePayTokenUses)
    .values(use)
    .onConflictDoNothing()
    .returning({ transactionId: applePayTokenUses.transactionId });
  return inserted.length > 0;
}
