import type { Executor } from '@actuate/service-kit';
import { eq, inArray } from 'drizzle-orm';
import { apiKeys, clientKeys, merchants } from './schema.ts';

export async function findMerchantByApiKeyDigest(db: Executor, keyDigest: string) {
  const [row] = await db
    .select({ merchant: merchants })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.account, apiKeys.merchantAccount))
    .where(eq(apiKeys.keyDigest, keyDigest));
  return row?.merchant;
}

export async function findClientKey(db: Executor, clientKey: string) {
  const [row] = await db
    .select({ merchant: merchants, allowedOrigins: clientKeys.allowedOrigins })
    .from(clientKeys)
    .innerJoin(merchants, eq(merchants.account, clientKeys.merchantAccount))
    .where(eq(clientKeys.clientKey, clientKey));
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
      set: { webhookUrl: merchant.webhookUrl, hmacKeyHex: merchant.hmacKeyHex },
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
    .onConflictDoUpdate({ target: clientKeys.clientKey, set: { merchantAccount, allowedOrigins } });
}

/** Removes API keys (by digest) and client keys, so they authenticate nobody any more. */
export async function deleteKeys(db: Executor, keys: { apiKeyDigests: string[]; clientKeys: string[] }) {
  if (keys.apiKeyDigests.length > 0)
    await db.delete(apiKeys).where(inArray(apiKeys.keyDigest, keys.apiKeyDigests));
  if (keys.clientKeys.length > 0)
    await db.delete(clientKeys).where(inArray(clientKeys.clientKey, keys.clientKeys));
}
