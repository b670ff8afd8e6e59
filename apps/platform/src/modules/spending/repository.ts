import type { Executor } from '@actuate/service-kit';
import { and, eq } from 'drizzle-orm';
import { spendingAccountAssignments } from './schema.ts';

/** Deletes a buyer's spending account assignments to one user (not those of the company or its groups). */
export async function deleteUserAssignments(db: Executor, buyerId: string, userId: string): Promise<void> {
  await db
    .delete(spendingAccountAssignments)
    .where(
      and(eq(spendingAccountAssignments.buyerId, buyerId), eq(spendingAccountAssignments.userId, userId)),
    );
}
