import { randomBytes } from 'node:crypto';
import type { Database, RequestContext } from '@actuate/service-kit';
import {
  endApiKey,
  endClientKey,
  findHmacKeyRotation,
  findOwnApiKey,
  findOwnClientKey,
  insertApiKey,
  insertClientKey,
  listApiKeys,
  listClientKeys,
  replaceHmacKey,
  updateAllowedOrigins,
} from './key-repository.ts';
import { parseAllowedOrigins } from './origins.ts';
import { digestApiKey, type MerchantService } from './service.ts';

/** A dashboard action: who acts, for which merchant account (every rule is scoped to it). */
export interface KeyAdminContext extends RequestContext {
  merchantAccount: string;
  /** The signed-in user, for the audit line (never a secret). */
  actor: string;
}

/**
 * How long a rotated key keeps working, so a merchant can deploy the new one without an outage.
 * Revoking stops a key at once.
 */
export const KEY_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

export type KeyState = 'active' | 'expiring' | 'expired' | 'revoked';

const keyState = (key: { expiresAt: Date | null; revokedAt: Date | null }, now: Date): KeyState =>
  key.revokedAt ? 'revoked' : !key.expiresAt ? 'active' : key.expiresAt > now ? 'expiring' : 'expired';

/** Shown in lists: enough to tell keys apart, never enough to use one. */
const API_KEY_PREFIX_LENGTH = 12;

export type KeyActionResult<T = object> =
  | ({ ok: true } & T)
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'invalid-origins'; message: string; invalid: string[] };

const newApiKey = () => `actuate_api_${randomBytes(32).toString('base64url')}`;
const newClientKey = () => `test_${randomBytes(16).toString('hex').toUpperCase()}`;
const newHmacKeyHex = () => randomBytes(32).toString('hex').toUpperCase();

/**
 * The merchant dashboard's keys page: API keys (stored as digests, shown once), client keys with
 * their allowed origins, and the webhook HMAC key. Each change drops the credential cache so it
 * applies to the next request of this instance.
 */
export class KeyManagementService {
  constructor(
    private readonly db: Database,
    private readonly merchants: MerchantService,
  ) {}

  async overview(context: KeyAdminContext) {
    const [apiKeys, clientKeys, hmac] = await Promise.all([
      listApiKeys(this.db, context.merchantAccount),
      listClientKeys(this.db, context.merchantAccount),
      findHmacKeyRotation(this.db, context.merchantAccount),
    ]);
    return {
      apiKeys: apiKeys.map((key) => ({
        id: key.keyDigest,
        label: key.keyPrefix ? `${key.keyPrefix}…` : 'Configured key (set by environment)',
        createdAt: key.createdAt,
        lastUsedAt: key.lastUsedAt,
        expiresAt: key.expiresAt,
        state: keyState(key, context.now),
      })),
      clientKeys: clientKeys.map((key) => ({
        clientKey: key.clientKey,
        allowedOrigins: key.allowedOrigins,
        createdAt: key.createdAt,
        expiresAt: key.expiresAt,
        state: keyState(key, context.now),
      })),
      hmacKeyRotatedAt: hmac?.rotatedAt ?? null,
    };
  }

  async createApiKey(context: KeyAdminContext): Promise<KeyActionResult<{ apiKey: string }>> {
    const apiKey = newApiKey();
    await insertApiKey(this.db, {
      keyDigest: digestApiKey(apiKey),
      keyPrefix: apiKey.slice(0, API_KEY_PREFIX_LENGTH),
      merchantAccount: context.merchantAccount,
      createdAt: context.now,
    });
    this.audit(context, 'api key created', { keyPrefix: apiKey.slice(0, API_KEY_PREFIX_LENGTH) });
    return { ok: true, apiKey };
  }

  /** A new key, shown once; the old one keeps working for the grace period. */
  async rotateApiKey(context: KeyAdminContext, keyId: string): Promise<KeyActionResult<{ apiKey: string }>> {
    const apiKey = newApiKey();
    const done = await this.db.transaction(async (tx) => {
      if (!(await findOwnApiKey(tx, context.merchantAccount, keyId))) return false;
      await endApiKey(tx, context.merchantAccount, keyId, {
        expiresAt: new Date(context.now.getTime() + KEY_ROTATION_GRACE_MS),
      });
      await insertApiKey(tx, {
        keyDigest: digestApiKey(apiKey),
        keyPrefix: apiKey.slice(0, API_KEY_PREFIX_LENGTH),
        merchantAccount: context.merchantAccount,
        createdAt: context.now,
      });
      return true;
    });
    if (!done) return { ok: false, reason: 'not-found' };
    this.merchants.forgetCachedCredentials();
    this.audit(context, 'api key rotated', { keyId: shortId(keyId) });
    return { ok: true, apiKey };
  }

  async revokeApiKey(context: KeyAdminContext, keyId: string): Promise<KeyActionResult> {
    const done = await endApiKey(this.db, context.merchantAccount, keyId, { revokedAt: context.now });
    if (!done) return { ok: false, reason: 'not-found' };
    this.merchants.forgetCachedCredentials();
    this.audit(context, 'api key revoked', { keyId: shortId(keyId) });
    return { ok: true };
  }

  async createClientKey(
    context: KeyAdminContext,
    originsInput: string,
  ): Promise<KeyActionResult<{ clientKey: string }>> {
    const origins = parseAllowedOrigins(originsInput);
    if (!origins.ok) return invalidOrigins(origins);
    const clientKey = newClientKey();
    await insertClientKey(this.db, {
      clientKey,
      merchantAccount: context.merchantAccount,
      allowedOrigins: origins.origins,
      createdAt: context.now,
    });
    this.audit(context, 'client key created', { clientKey });
    return { ok: true, clientKey };
  }

  /** A new client key with the same origins; the old one keeps working for the grace period. */
  async rotateClientKey(
    context: KeyAdminContext,
    clientKey: string,
  ): Promise<KeyActionResult<{ clientKey: string }>> {
    const replacement = newClientKey();
    const done = await this.db.transaction(async (tx) => {
      const current = await findOwnClientKey(tx, context.merchantAccount, clientKey);
      if (!current) return false;
      await endClientKey(tx, context.merchantAccount, clientKey, {
        expiresAt: new Date(context.now.getTime() + KEY_ROTATION_GRACE_MS),
      });
      await insertClientKey(tx, {
        clientKey: replacement,
        merchantAccount: context.merchantAccount,
        allowedOrigins: current.allowedOrigins,
        createdAt: context.now,
      });
      return true;
    });
    if (!done) return { ok: false, reason: 'not-found' };
    this.merchants.forgetCachedCredentials();
    this.audit(context, 'client key rotated', { clientKey, replacement });
    return { ok: true, clientKey: replacement };
  }

  async revokeClientKey(context: KeyAdminContext, clientKey: string): Promise<KeyActionResult> {
    const done = await endClientKey(this.db, context.merchantAccount, clientKey, { revokedAt: context.now });
    if (!done) return { ok: false, reason: 'not-found' };
    this.merchants.forgetCachedCredentials();
    this.audit(context, 'client key revoked', { clientKey });
    return { ok: true };
  }

  async updateAllowedOrigins(
    context: KeyAdminContext,
    clientKey: string,
    originsInput: string,
  ): Promise<KeyActionResult<{ allowedOrigins: string[] }>> {
    const origins = parseAllowedOrigins(originsInput);
    if (!origins.ok) return invalidOrigins(origins);
    const done = await updateAllowedOrigins(
      this.db,
      context.merchantAccount,
      clientKey,
      origins.origins,
      context.now,
    );
    if (!done) return { ok: false, reason: 'not-found' };
    this.merchants.forgetCachedCredentials();
    this.audit(context, 'client key origins changed', { clientKey, allowedOrigins: origins.origins });
    return { ok: true, allowedOrigins: origins.origins };
  }

  /**
   * A new webhook HMAC key (hex, shown once). Notifications sent from now on, retries and resends of
   * older ones included, are signed with it; start-up no longer resets it to the configured key.
   */
  async rotateHmacKey(context: KeyAdminContext): Promise<KeyActionResult<{ hmacKeyHex: string }>> {
    const hmacKeyHex = newHmacKeyHex();
    const done = await replaceHmacKey(this.db, context.merchantAccount, hmacKeyHex, context.now);
    if (!done) return { ok: false, reason: 'not-found' };
    this.merchants.forgetCachedCredentials();
    this.audit(context, 'webhook hmac key rotated', {});
    return { ok: true, hmacKeyHex };
  }

  private audit(context: KeyAdminContext, action: string, details: Record<string, unknown>) {
    context.log.info(
      { audit: action, merchantAccount: context.merchantAccount, actor: context.actor, ...details },
      action,
    );
  }
}

const invalidOrigins = (result: { message: string; invalid: string[] }) => ({
  ok: false as const,
  reason: 'invalid-origins' as const,
  message: result.message,
  invalid: result.invalid,
});

/** The first characters of a key digest: enough for an audit trail, useless to an attacker. */
const shortId = (keyDigest: string) => keyDigest.slice(0, 12);
