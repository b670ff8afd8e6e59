import { isIP } from 'node:net';
import { type Database, HttpError } from '@actuate/service-kit';
import { clearThrottle, clearThrottlesOf, findThrottles, saveThrottle } from './throttle-repository.ts';

export interface ThrottleSettings {
  /** Failed logins to one account from one source within the window before that source is locked out. */
  maxFailures: number;
  /** Failed logins to one account from all sources within the window before new sources are locked out. */
  accountMaxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** How long a source that signed in to an account stays known to it (exempt from the account-wide lock). */
const KNOWN_SOURCE_DAYS = 30;

/** Separates the parts of a throttle key; usernames hold no control characters. */
const SEPARATOR = '\u001f';

const tooMany = () =>
  new HttpError(429, 'Auth.TooManyLoginAttempts', 'Too many failed logins; try again later.');

/**
 * The client address a login comes from: the connection's peer, or — when the peer is a trusted
 * proxy such as the storefront's server signing its visitors in — the last address it put in
 * `X-Forwarded-For`.
 */
export function loginSource(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: ReadonlySet<string>,
): string {
  const direct = peer ?? 'unknown';
  if (!trustedProxies.has(direct) || forwardedFor === undefined) return direct;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const last = header.split(',').at(-1)?.trim() ?? '';
  return isIP(last) ? last : direct;
}

/**
 * Failed password logins, throttled per account and source so a stranger cannot lock the owner out:
 * - `maxFailures` failures of one source for one account within the window lock that source out of
 *   that account for `lockSeconds`, its correct password included; other sources are not affected.
 * - `accountMaxFailures` failures for one account from all sources within the window (a guessing
 *   attack spread over many addresses) lock the account for `lockSeconds`, except for sources that
 *   signed in to it within the last 30 days, so its owner keeps working from where they usually do.
 * Rows live in the database, so every instance throttles the same way. Keys: the lower-cased
 * username (the account row), `username␟source␟address` and `username␟known␟address`.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly settings: ThrottleSettings,
  ) {}

  private keys(username: string, source: string) {
    const account = username.toLowerCase();
    return {
      account,
      source: [account, 'source', source].join(SEPARATOR),
      known: [account, 'known', source].join(SEPARATOR),
    };
  }

  /** Refuses (429) a login from a locked-out source, before the password is even looked at. */
  async assertAllowed(username: string, source: string, now: Date): Promise<void> {
    const keys = this.keys(username, source);
    const rows = await findThrottles(this.db, [keys.account, keys.source, keys.known]);
    const row = (key: string) => rows.find((candidate) => candidate.username === key);
    const locked = (key: string) => {
      const lockedUntil = row(key)?.lockedUntil;
      return lockedUntil !== null && lockedUntil !== undefined && lockedUntil > now;
    };
    if (locked(keys.source)) throw tooMany();
    const knownSince = row(keys.known)?.windowStartedAt;
    const known =
      knownSince !== undefined && now.getTime() - knownSince.getTime() < KNOWN_SOURCE_DAYS * 86_400_000;
    if (locked(keys.account) && !known) throw tooMany();
  }

  async recordFailure(username: string, source: string, now: Date): Promise<void> {
    const keys = this.keys(username, source);
    const rows = await findThrottles(this.db, [keys.account, keys.source]);
    for (const [key, limit] of [
      [keys.source, this.settings.maxFailures],
      [keys.account, this.settings.accountMaxFailures],
    ] as const) {
      const current = rows.find((candidate) => candidate.username === key);
      const windowStart = new Date(now.getTime() - this.settings.windowSeconds * 1000);
      const fresh = !current || current.windowStartedAt < windowStart;
      const failures = fresh ? 1 : current.failures + 1;
      const stillLocked = current?.lockedUntil && current.lockedUntil > now ? current.lockedUntil : null;
      await saveThrottle(this.db, {
        username: key,
        failures,
        windowStartedAt: fresh ? now : current.windowStartedAt,
        lockedUntil:
          failures >= limit ? new Date(now.getTime() + this.settings.lockSeconds * 1000) : stillLocked,
      });
    }
  }

  /**
   * A correct password: the source's failures are forgotten and it becomes known to the account. The
   * account-wide count is kept: the owner signing in does not reset an attack spread over others.
   */
  async recordSuccess(username: string, source: string, now: Date): Promise<void> {
    const keys = this.keys(username, source);
    await clearThrottle(this.db, keys.source);
    await saveThrottle(this.db, {
      username: keys.known,
      failures: 0,
      windowStartedAt: now,
      lockedUntil: null,
    });
  }

  /** An administrator's unlock: every count and lock of the account, for every source. */
  async clear(username: string): Promise<void> {
    const account = username.toLowerCase();
    await clearThrottlesOf(this.db, account, [account, 'source', ''].join(SEPARATOR));
  }
}
