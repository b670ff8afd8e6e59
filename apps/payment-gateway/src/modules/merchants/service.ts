import { createHash } from 'node:crypto';
import type { Database } from '@actuate/service-kit';
import { gatewayError } from '../../shared/errors.ts';
import {
  deleteKeys,
  findClientKey,
  findMerchant,
  findMerchantByApiKeyDigest,
  touchApiKey,
  upsertApiKey,
  upsertClientKey,
  upsertMerchant,
} from './repository.ts';

export interface Merchant {
  account: string;
  webhookUrl: string | null;
  hmacKeyHex: string;
}

export interface ClientKeyGrant {
  merchant: Merchant;
  allowedOrigins: string[];
}

export const digestApiKey = (apiKey: string) => createHash('sha256').update(apiKey).digest('hex');

/** Credentials change rarely; a short cache keeps the database out of every request's hot path. */
const CREDENTIAL_CACHE_MS = 30_000;
/** A key in its rotation grace period is not cached past its expiry. */
const cacheUntil = (now: number, expiresAt: Date | null) =>
  Math.min(now + CREDENTIAL_CACHE_MS, expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);

export class MerchantService {
  private readonly apiKeyCache = new Map<string, { merchant: Merchant; until: number }>();
  private readonly clientKeyCache = new Map<string, { grant: ClientKeyGrant | undefined; until: number }>();

  constructor(private readonly db: Database) {}

  /** The merchant an `X-API-Key` belongs to; 401 `000` when missing or unknown. */
  async authenticateApiKey(apiKey: string | undefined, now = Date.now()): Promise<Merchant> {
    if (!apiKey) throw gatewayError.unauthenticated();
    const digest = digestApiKey(apiKey);
    const cached = this.apiKeyCache.get(digest);
    if (cached && cached.until > now) return cached.merchant;
    const row = await findMerchantByApiKeyDigest(this.db, digest, new Date(now));
    if (!row) throw gatewayError.unauthenticated();
    const { merchant } = row;
    const value = {
      account: merchant.account,
      webhookUrl: merchant.webhookUrl,
      hmacKeyHex: merchant.hmacKeyHex,
    };
    // Once per cache period at most: "last used" is cheap and approximate.
    await touchApiKey(this.db, digest, new Date(now));
    this.apiKeyCache.set(digest, { merchant: value, until: cacheUntil(now, row.expiresAt) });
    return value;
  }

  /** The grant of a client key, or undefined when no such key exists. */
  async findClientKey(clientKey: string, now = Date.now()): Promise<ClientKeyGrant | undefined> {
    const cached = this.clientKeyCache.get(clientKey);
    if (cached && cached.until > now) return cached.grant;
    const row = await findClientKey(this.db, clientKey, new Date(now));
    const grant = row
      ? {
          merchant: {
            account: row.merchant.account,
            webhookUrl: row.merchant.webhookUrl,
            hmacKeyHex: row.merchant.hmacKeyHex,
          },
          allowedOrigins: row.allowedOrigins,
        }
      : undefined;
    this.clientKeyCache.set(clientKey, { grant, until: cacheUntil(now, row?.expiresAt ?? null) });
    return grant;
  }

  /** Drops cached credentials: a revoked key or a rotated HMAC key takes effect on the next request. */
  forgetCachedCredentials() {
    this.apiKeyCache.clear();
    this.clientKeyCache.clear();
  }

  async findMerchant(account: string): Promise<Merchant | undefined> {
    return findMerchant(this.db, account);
  }

  /** The merchant API call must name the account the API key belongs to (403 `901` otherwise). */
  assertMerchantAccount(merchant: Merchant, requested: string | undefined) {
    if (requested !== undefined && requested !== merchant.account) {
      throw gatewayError.forbidden('Invalid Merchant Account');
    }
  }

  /** Creates or updates the demo (or configured) merchant with its keys; safe to run on every start. */
  async provision(settings: {
    account: string;
    apiKey: string;
    clientKey: string;
    allowedOrigins: string[];
    webhookUrl: string;
    hmacKeyHex: string;
    /** Keys that must authenticate nobody (the published demo keys, in production mode). */
    revoke?: { apiKeys: string[]; clientKeys: string[] };
  }) {
    await this.db.transaction(async (tx) => {
      await upsertMerchant(tx, {
        account: settings.account,
        webhookUrl: settings.webhookUrl,
        hmacKeyHex: settings.hmacKeyHex.toUpperCase(),
      });
      await upsertApiKey(tx, digestApiKey(settings.apiKey), settings.account);
      await upsertClientKey(tx, settings.clientKey, settings.account, settings.allowedOrigins);
      // A database that once ran the demo still holds its keys: they stop working here.
      if (settings.revoke) {
        await deleteKeys(tx, {
          apiKeyDigests: settings.revoke.apiKeys.map(digestApiKey),
          clientKeys: settings.revoke.clientKeys,
        });
      }
    });
    this.forgetCachedCredentials();
  }
}
