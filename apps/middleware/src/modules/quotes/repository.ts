import type { Executor } from '@actuate/service-kit';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type QuoteLine, quotes } from './schema.ts';
import type { QuoteStatus } from './state-machine.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuote = typeof quotes.$inferInsert;

export async function insertQuote(executor: Executor, quote: NewQuote): Promise<QuoteRow> {
  const [row] = await executor.insert(quotes).values(quote).returning();
  if (!row) throw new Error('quote insert returned nothing');
  return row;
}

export async function findQuote(executor: Executor, id: string): Promise<QuoteRow | undefined> {
  const [row] = await executor.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

export function quotesOfBuyer(executor: Executor, companyId: string, userId: string): Promise<QuoteRow[]> {
  return executor
    .select()
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.userId, userId)))
    .orderBy(desc(quotes.createdAt))
    .limit(200);
}

export function latestQuotes(executor: Executor, limit: number): Promise<QuoteRow[]> {
  return executor.select().from(quotes).orderBy(desc(quotes.createdAt)).limit(limit);
}

export interface QuoteChange {
  status: QuoteStatus;
  lines?: QuoteLine[];
  sellerNote?: string | null;
  validUntil?: string | null;
  orderId?: string | null;
}

/**
 * Moves a quote on only if it is still in the status the caller saw (two clicks, two tabs or a
 * desk answering while the buyer declines cannot both win). Undefined: someone else moved it first.
 */
export async function changeQuote(
  executor: Executor,
  id: string,
  from: QuoteStatus,
  change: QuoteChange,
): Promise<QuoteRow | undefined> {
  const [row] = await executor
    .update(quotes)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(quotes.id, id), eq(quotes.status, from)))
    .returning();
  return row;
}
