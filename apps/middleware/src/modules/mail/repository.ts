import type { Executor } from '@actuate/service-kit';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { mailDeliveries } from './schema.ts';

/** After this long a claim is a crashed sender's and another may take it. */
const CLAIM_TIMEOUT = sql`now() - interval '5 minutes'`;

/** True when this sender may send the mail: nobody has sent it, and nobody is sending it now. */
export async function claimDelivery(
  executor: Executor,
  row: { eventKey: string; recipient: string; template: string; locale: string },
): Promise<boolean> {
  const claimed = await executor
    .insert(mailDeliveries)
    .values({ ...row, claimedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [mailDeliveries.eventKey, mailDeliveries.recipient],
      set: { claimedAt: sql`now()`, locale: row.locale },
      setWhere: and(
        isNull(mailDeliveries.sentAt),
        or(isNull(mailDeliveries.claimedAt), lt(mailDeliveries.claimedAt, CLAIM_TIMEOUT)),
      ),
    })
    .returning({ eventKey: mailDeliveries.eventKey });
  return claimed.length > 0;
}

const keyOf = (eventKey: string, recipient: string) =>
  and(eq(mailDeliveries.eventKey, eventKey), eq(mailDeliveries.recipient, recipient));

export async function markSent(
  executor: Executor,
  eventKey: string,
  recipient: string,
  messageId: string,
): Promise<void> {
  await executor
    .update(mailDeliveries)
    .set({ sentAt: sql`now()`, messageId, claimedAt: null })
    .where(keyOf(eventKey, recipient));
}

/** A failed send gives its claim back, so the job's retry (or another delivery) may send. */
export async function releaseClaim(executor: Executor, eventKey: string, recipient: string): Promise<void> {
  await executor
    .update(mailDeliveries)
    .set({ claimedAt: null })
    .where(and(keyOf(eventKey, recipient), isNull(mailDeliveries.sentAt)));
}
