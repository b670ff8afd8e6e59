import type { Executor } from '@actuate/service-kit';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { apiKeys, clientKeys, merchants } from './schema.ts';

/** A key works while it is not revoked and not past the end of its rotation grace period. */
const usable = (table: typeof apiKeys | typeof clientKeys, now: Date) =>
  and(isNull(table.revokedAt), or(isNull(table.expiresAt), gt(table.expiresAt, now)));

/** The merchant of a usable API key, and when the key stops working (null: until revoked). */
export async function findMerchantByApiKeyDigest(db: Executor, keyDigest: string, now = new Date()) {
  const [row] = await db
    .select({ merchant: merchants, expiresAt: apiKeys.expiresAt })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.account, apiKeys.merchantAccount))
    .where(and(eq(apiKeys.keyDigest, keyDigest), usable(apiKeys, now)));
  return row;
}

export async function touchApiKey(db: Executor, keyDigest: string, now: Date) {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.keyDigest, keyDigest));
}

export async function findClientKey(db: Executor, clientKey: string, now = new Date()) {
  const [row] = await db
    .select({
      merchant: merchants,
      allowedOrigins: clientKeys.allowedOrigins,
      expiresAt: clientKeys.expiresAt,
    })
    .from(clientKeys)
    .innerJoin(merchants, eq(merchants.account, clientKeys.merchantAccount))
    .where(and(eq(clientKeys.clientKey, clientKey), usable(clientKeys, now)));
  return row;
}

export async function findMerchant(db: Executor, account: string) {
  const [row] = await db.select().from(merchants).where(eq(merchants.account, account));
  return row;
}

export async function upsertMerchant(
  db: Executor,
  merchant: { account: string; webhookUrl: string | null; hmacKeyHex: string },
) {
  await db
    .insert(merchants)
    .values(merchant)
    .onConflictDoUpdate({
      target: merchants.account,
      // A key rotated in the dashboard wins over the configured one.
      set: {
        webhookUrl: merchant.webhookUrl,
        hmacKeyHex: sql`case when ${merchants.hmacKeyRotatedAt} is null then excluded.hmac_key_hex else ${merchants.hmacKeyHex} end`,
      },
    });
}

export async function upsertApiKey(db: Executor, keyDigest: string, merchantAccount: string) {
  await db.insert(apiKeys).values({ keyDigest, merchantAccount }).onConflictDoNothing();
}

export async function upsertClientKey(
  db: Executor,
  clientKey: string,
  merchantAccount: string,
  allowedOrigins: string[],
) {
  await db
    .insert(clientKeys)
    .values({ clientKey, merchantAccount, allowedOrigins })
    .onConflictDoUpdate({
      target: clientKeys.clientKey,
      // Origins edited in the dashboard win over the configured ones.
      set: {
        merchantAccount,
        allowedOrigins: sql`case when ${clientKeys.originsEditedAt} is null then excluded.allowed_origins else ${clientKeys.allowedOrigins} end`,
      },
    });
}

/** Removes API keys (by digest) and client keys, so they authenticate nobody any more. */
export async function deleteKeys(db: Executor, keys: { apiKeyDigests: string[]; clientKeys: string[] }) {
  if (keys.apiKeyDigests.length > 0)
    await db.delete(apiKeys).where(inArray(apiKeys.keyDigest, keys.apiKeyDigests));
  if (keys.clientKeys.length > 0)
    await db.delete(clientKeys).where(inArray(clientKeys.clientKey, keys.clientKeys));
}
