import type { Executor } from '@actuate/service-kit';
import { type AnyColumn, and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiKeys, clientKeys, merchants } from './schema.ts';

/** The dashboard's key administration: every statement is scoped to one merchant account. */

export async function listApiKeys(db: Executor, merchantAccount: string) {
  return db
    .select({
      keyDigest: apiKeys.keyDigest,
      keyPrefix: apiKeys.keyPrefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.merchantAccount, merchantAccount))
    .orderBy(desc(apiKeys.createdAt), asc(apiKeys.keyDigest));
}

export async function listClientKeys(db: Executor, merchantAccount: string) {
  return db
    .select()
    .from(clientKeys)
    .where(eq(clientKeys.merchantAccount, merchantAccount))
    .orderBy(desc(clientKeys.createdAt), asc(clientKeys.clientKey));
}

export async function insertApiKey(
  db: Executor,
  key: { keyDigest: string; keyPrefix: string; merchantAccount: string; createdAt: Date },
) {
  await db.insert(apiKeys).values(key);
}

export async function insertClientKey(
  db: Executor,
  key: { clientKey: string; merchantAccount: string; allowedOrigins: string[]; createdAt: Date },
) {
  await db.insert(clientKeys).values({ ...key, originsEditedAt: key.createdAt });
}

/** The API key, if it belongs to the merchant and is not revoked. */
export async function findOwnApiKey(db: Executor, merchantAccount: string, keyDigest: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.keyDigest, keyDigest),
        eq(apiKeys.merchantAccount, merchantAccount),
        isNull(apiKeys.revokedAt),
      ),
    );
  return row;
}

export async function findOwnClientKey(db: Executor, merchantAccount: string, clientKey: string) {
  const [row] = await db
    .select()
    .from(clientKeys)
    .where(
      and(
        eq(clientKeys.clientKey, clientKey),
        eq(clientKeys.merchantAccount, merchantAccount),
        isNull(clientKeys.revokedAt),
      ),
    );
  return row;
}

type KeyEnd = { revokedAt: Date } | { expiresAt: Date };

/** A revocation now, or an expiry that never moves a key's existing end later. */
function endingOf(expiresAt: AnyColumn, end: KeyEnd) {
  return 'revokedAt' in end
    ? { revokedAt: end.revokedAt }
    : { expiresAt: sql<Date>`least(coalesce(${expiresAt}, ${end.expiresAt}), ${end.expiresAt})` };
}

/** Ends an API key now (revoke) or at `expiresAt` (rotation grace), never later than an earlier expiry. */
export async function endApiKey(db: Executor, merchantAccount: string, keyDigest: string, end: KeyEnd) {
  const set = endingOf(apiKeys.expiresAt, end);
  const rows = await db
    .update(apiKeys)
    .set(set)
    .where(
      and(
        eq(apiKeys.keyDigest, keyDigest),
        eq(apiKeys.merchantAccount, merchantAccount),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ keyDigest: apiKeys.keyDigest });
  return rows.length > 0;
}

export async function endClientKey(db: Executor, merchantAccount: string, clientKey: string, end: KeyEnd) {
  const set = endingOf(clientKeys.expiresAt, end);
  const rows = await db
    .update(clientKeys)
    .set(set)
    .where(
      and(
        eq(clientKeys.clientKey, clientKey),
        eq(clientKeys.merchantAccount, merchantAccount),
        isNull(clientKeys.revokedAt),
      ),
    )
    .returning({ clientKey: clientKeys.clientKey });
  return rows.length > 0;
}

export async function updateAllowedOrigins(
  db: Executor,
  merchantAccount: string,
  clientKey: string,
  allowedOrigins: string[],
  now: Date,
) {
  const rows = await db
    .update(clientKeys)
    .set({ allowedOrigins, originsEditedAt: now })
    .where(
      and(
        eq(clientKeys.clientKey, clientKey),
        eq(clientKeys.merchantAccount, merchantAccount),
        isNull(clientKeys.revokedAt),
      ),
    )
    .returning({ clientKey: clientKeys.clientKey });
  return rows.length > 0;
}

export async function replaceHmacKey(db: Executor, merchantAccount: string, hmacKeyHex: string, now: Date) {
  const rows = await db
    .update(merchants)
    .set({ hmacKeyHex, hmacKeyRotatedAt: now })
    .where(eq(merchants.account, merchantAccount))
    .returning({ account: merchants.account });
  return rows.length > 0;
}

export async function findHmacKeyRotation(db: Executor, merchantAccount: string) {
  const [row] = await db
    .select({ rotatedAt: merchants.hmacKeyRotatedAt })
    .from(merchants)
    .where(eq(merchants.account, merchantAccount));
  return row;
}
