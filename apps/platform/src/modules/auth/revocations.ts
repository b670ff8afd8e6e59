import type { Database, Executor, RequestContext } from '@actuate/service-kit';
import { type Generations, nextGeneration } from '../../shared/generations.ts';
import { MAX_ACCESS_TOKEN_MINUTES } from './models.ts';
import { latestRevocation, revocationsAfter, saveRevocation } from './token-repository.ts';
import { sessionStartOf, type VerifiedClaims } from './tokens.ts';

/**
 * How long a revocation matters to access tokens: a session revoked at T refreshes no more, so every
 * access token of it was issued by T and is expired once the longest lifetime (and a margin for the
 * instances' clocks) has passed.
 */
const ACCESS_TOKEN_HORIZON_MS = (MAX_ACCESS_TOKEN_MINUTES + 5) * 60_000;

/**
 * Whose sessions a revocation ends: a user (their ID), every user of a buyer (a security profile taken
 * from the company), or every marketplace (admin) user (a marketplace-level profile taken away).
 * IDs hold letters, digits, `-` and `_` only, so the prefixed subjects never meet a user's ID.
 */
export const buyerSubject = (buyerId: string) => `buyer:${buyerId}`;
export const MARKETPLACE_SUBJECT = 'marketplace:';

/** The subjects whose revocations end a user's sessions: the user and their company (or the marketplace). */
export const subjectsOf = (userId: string, buyerId: string | null | undefined): string[] => [
  userId,
  buyerId ? buyerSubject(buyerId) : MARKETPLACE_SUBJECT,
];

/**
 * Token revocation with stateless access tokens. A revocation writes the user's time in
 * `token_revocations` and moves the `token-revocations` generation in the same transaction; each
 * instance keeps the recent revocations in memory and reads only rows newer than the generation it
 * knows. A request costs no database round trip of its own: the counters are read once per request
 * (shared with every other cache) and, while nothing new was revoked, the check is a map lookup.
 */
export class TokenRevocations {
  /** Revocation time (ms) per subject, for revocations recent enough to matter to access tokens. */
  private readonly revokedBefore = new Map<string, number>();
  private loadedGeneration = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly generations: Generations,
  ) {}

  /**
   * True when the token's session began at or before a revocation of its user, of its user's company
   * (or the marketplace, for an admin user) or of its impersonator.
   */
  async refuses(context: RequestContext, claims: VerifiedClaims): Promise<boolean> {
    await this.catchUp(await this.generations.of(context, 'token-revocations'));
    if (this.revokedBefore.size === 0) return false;
    const sessionStart = sessionStartOf(claims);
    const subjects = subjectsOf(claims.u, claims.usrtype === 'admin' ? null : claims.bid);
    if (claims.imp !== undefined) subjects.push(claims.imp);
    return subjects.some((subject) => {
      const revokedAt = this.revokedBefore.get(subject);
      return revokedAt !== undefined && sessionStart <= revokedAt;
    });
  }

  /**
   * Ends every session the user began until `at`, on every instance from its next request on; in
   * `within`'s transaction when given (a revocation that belongs to a larger write).
   */
  revoke(userId: string, at: Date, within?: Executor): Promise<void> {
    return this.revokeAll([userId], at, within);
  }

  /** Ends the sessions of every subject (users, `buyerSubject`, `MARKETPLACE_SUBJECT`) begun until `at`. */
  async revokeAll(subjects: readonly string[], at: Date, within?: Executor): Promise<void> {
    const unique = [...new Set(subjects)];
    if (unique.length === 0) return;
    const write = async (tx: Executor) => {
      const generation = await nextGeneration(tx, 'token-revocations');
      for (const userId of unique) await saveRevocation(tx, { userId, revokedBefore: at, generation });
    };
    await (within ? write(within) : this.db.transaction(write));
  }

  /**
   * The latest revocation of the subjects, read from the database (the refresh grant: refresh tokens
   * live long).
   */
  async revokedBeforeOf(subjects: readonly string[]): Promise<Date | undefined> {
    return latestRevocation(this.db, subjects);
  }

  private async catchUp(generation: number): Promise<void> {
    // One load at a time; a request that read a newer counter than the load covers loads again.
    while (this.loadedGeneration < generation) {
      this.loading ??= this.loadAfter(this.loadedGeneration, generation).finally(() => {
        this.loading = undefined;
      });
      await this.loading;
    }
  }

  /**
   * Reads the revocations written after generation `after`. Writers of the counter commit in the order
   * of its values, so once a request has read `counter`, every row up to it is visible: the instance
   * then knows at least `counter` even when the newest rows were overwritten since.
   */
  private async loadAfter(after: number, counter: number): Promise<void> {
    const horizon = Date.now() - ACCESS_TOKEN_HORIZON_MS;
    const rows = await revocationsAfter(this.db, after, new Date(horizon));
    let newest = counter;
    for (const row of rows) {
      const known = this.revokedBefore.get(row.userId) ?? 0;
      this.revokedBefore.set(row.userId, Math.max(known, row.revokedBefore.getTime()));
      newest = Math.max(newest, row.generation);
    }
    for (const [userId, revokedAt] of this.revokedBefore) {
      if (revokedAt < horizon) this.revokedBefore.delete(userId);
    }
    this.loadedGeneration = Math.max(this.loadedGeneration, newest);
  }
}
