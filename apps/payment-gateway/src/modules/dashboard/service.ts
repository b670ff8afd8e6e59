import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Database, err, ok, type Result } from '@actuate/service-kit';
import { DECOY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import {
  findLiveSession,
  findUserByEmail,
  insertSession,
  revokeSession,
  revokeSessionsOfUser,
  upsertUser,
} from './repository.ts';

/** A signed-in dashboard user; every dashboard query is scoped to `merchantAccount`. */
export interface DashboardUser {
  id: string;
  email: string;
  merchantAccount: string;
  /** Session-bound CSRF token every POST form carries (see `csrfField`). */
  csrfToken: string;
}

export interface DashboardSignIn {
  /** The raw session token: goes into the cookie only, never into the database or a log. */
  token: string;
  expiresAt: Date;
  user: DashboardUser;
}

/** Sessions end 8 hours after sign-in, whatever happens in between. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The CSRF token of a session: derived from its secret token, so it needs no storage. */
export const csrfTokenFor = (sessionToken: string) =>
  createHmac('sha256', sessionToken).update('dashboard-csrf').digest('base64url');

export function sameSecret(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Dashboard users and their sessions: sign-in, the session behind a cookie, sign-out. */
export class DashboardAuthService {
  constructor(
    private readonly db: Database,
    /** Passwords never accepted (the published demo password, in production mode). */
    private readonly refusedPasswords: ReadonlySet<string> = new Set(),
  ) {}

  /** Creates or updates a user; the stored hash changes only when the password did. */
  async provisionUser(settings: { email: string; merchantAccount: string; password: string }) {
    const email = normaliseEmail(settings.email);
    const existing = await findUserByEmail(this.db, email);
    if (
      existing &&
      existing.merchantAccount === settings.merchantAccount &&
      (await verifyPassword(settings.password, existing.passwordHash))
    )
      return;
    await this.db.transaction(async (tx) => {
      await upsertUser(tx, {
        email,
        merchantAccount: settings.merchantAccount,
        passwordHash: await hashPassword(settings.password),
      });
      if (existing) await revokeSessionsOfUser(tx, existing.id, new Date());
    });
  }

  /**
   * A database that once ran the demo keeps its demo user: in production mode, if it still has the
   * published password, that password is replaced by a random one and its sessions end.
   */
  async retirePassword(emailAddress: string, password: string) {
    const existing = await findUserByEmail(this.db, normaliseEmail(emailAddress));
    if (!existing || !(await verifyPassword(password, existing.passwordHash))) return;
    await this.db.transaction(async (tx) => {
      await upsertUser(tx, {
        email: existing.email,
        merchantAccount: existing.merchantAccount,
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      });
      await revokeSessionsOfUser(tx, existing.id, new Date());
    });
  }

  /** One answer for an unknown e-mail and a wrong password, and about the same time for both. */
  async signIn(
    emailAddress: string,
    password: string,
    now = new Date(),
  ): Promise<Result<DashboardSignIn, 'wrong-credentials'>> {
    const user = await findUserByEmail(this.db, normaliseEmail(emailAddress));
    const matches = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
    if (!user || !matches || this.refusedPasswords.has(password)) return err('wrong-credentials');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await insertSession(this.db, { id: digest(token), userId: user.id, expiresAt });
    return ok({
      token,
      expiresAt,
      user: {
        id: user.id,
        email: user.email,
        merchantAccount: user.merchantAccount,
        csrfToken: csrfTokenFor(token),
      },
    });
  }

  /** The user behind a session cookie, or undefined when it is unknown, revoked or expired. */
  async userForToken(token: string | undefined, now = new Date()): Promise<DashboardUser | undefined> {
    if (!token) return undefined;
    const session = await findLiveSession(this.db, digest(token), now);
    if (!session) return undefined;
    return {
      id: session.userId,
      email: session.email,
      merchantAccount: session.merchantAccount,
      csrfToken: csrfTokenFor(token),
    };
  }

  async signOut(token: string, now = new Date()) {
    await revokeSession(this.db, digest(token), now);
  }
}
