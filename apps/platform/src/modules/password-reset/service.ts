/**
 * Password reset with OrderCloud's semantics: `POST /v1/password/reset` answers 204 whatever it is
 * given (nobody learns which accounts exist) and, for a matching active user, stores the hash of a
 * single-use verification code and sends the ForgottenPassword message (OrderCloud's message
 * senders; here the middleware, which mails the link) through a job, so a failed delivery is retried.
 * `PUT /v1/password/reset/{code}` sets the password once, and ends the user's sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Database, HttpError, type Jobs, type QueueDefinition, whenBound } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { notFoundError } from '../../shared/errors.ts';
import { assertPasswordAcceptable, hashPassword } from '../../shared/passwords.ts';
import { findApiClientRow } from '../auth/api-client-repository.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { TokenRevocations } from '../auth/revocations.ts';
import type { MiddlewareWiring } from '../demo/checkout-wiring.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import { findUserById, findUserByUsername } from '../users/repository.ts';
import {
  findPasswordReset,
  findUsersByEmail,
  insertPasswordReset,
  setPassword,
  useCode,
} from './repository.ts';

export const FORGOTTEN_PASSWORD_QUEUE = 'forgotten-password-message';
/** Where the middleware takes the message (its `mail` module). */
export const FORGOTTEN_PASSWORD_PATH = '/messages/forgotten-password';
/** Where the middleware takes an invitation (a buyer admin created the user, who sets a first password). */
export const NEW_USER_INVITATION_PATH = '/messages/new-user-invitation';
export const RESET_CODE_MINUTES = 60;
/** An invitee may not read their mail within the hour: the invitation's code lives a week. */
export const INVITATION_CODE_MINUTES = 7 * 24 * 60;

export interface ForgottenPasswordJob {
  codeHash: string;
  /** The code itself: the message must carry it. Jobs are kept no longer than the code lives. */
  code: string;
  url: string | null;
  /** Sent as OrderCloud's NewUserInvitation instead of ForgottenPassword. */
  invitation?: boolean;
}

export interface InvitationRequest {
  ClientID: string;
  URL?: string | null | undefined;
}

export interface ResetRequest {
  ClientID: string;
  Email?: string | null | undefined;
  Username?: string | null | undefined;
  URL?: string | null | undefined;
}

export interface ResetConfirmation {
  ClientID: string;
  Username: string;
  Password: string;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

const notInvitable = () =>
  new HttpError(
    409,
    'User.NotInvitable',
    'Only an active user without a password and with an e-mail address can be invited.',
  );

const invalidCode = () =>
  new HttpError(400, 'InvalidVerificationCode', 'The verification code is invalid, expired or used.');

export class PasswordResetService {
  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs | undefined,
    private readonly revocations: TokenRevocations,
    private readonly throttle: LoginThrottle,
    private readonly integrations: IntegrationsService,
    private readonly wiring: MiddlewareWiring | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Always ends without telling whether a user matched. */
  async request(body: ResetRequest, now: Date): Promise<void> {
    const client = await findApiClientRow(this.db, body.ClientID);
    if (!client?.active) return;
    const user = await this.matchingUser(body);
    if (!user?.active || !user.email) return;
    const jobs = this.jobs();
    if (!jobs || !this.wiring) {
      this.log.warn('password reset requested, but no message sender (middleware) is wired');
      return;
    }
    await this.issueCode(jobs, user.id, client.id, body.URL ?? null, now, false);
  }

  /**
   * Invites a user a buyer admin created (active, no password yet): a single-use code that lives a
   * week, mailed as OrderCloud's NewUserInvitation; the invitee sets the password with it like a reset.
   * The route has checked BuyerUserAdmin and that the buyer is the caller's own.
   */
  async invite(buyerId: string, userId: string, body: InvitationRequest, now: Date): Promise<void> {
    const client = await findApiClientRow(this.db, body.ClientID);
    if (!client?.active) throw new HttpError(400, 'InvalidClientID', 'The client ID is unknown or inactive.');
    const user = await findUserById(this.db, userId);
    if (!user || user.buyerId !== buyerId) throw notFoundError('User', userId);
    if (!user.active || user.passwordHash || !user.email) throw notInvitable();
    const jobs = this.jobs();
    if (!jobs || !this.wiring) {
      throw new HttpError(503, 'MessageSenderUnavailable', 'No message sender is configured.');
    }
    await this.issueCode(jobs, user.id, client.id, body.URL ?? null, now, true);
  }

  /** Stores the code's hash and enqueues its message in one transaction. */
  private async issueCode(
    jobs: Jobs,
    userId: string,
    clientId: string,
    url: string | null,
    now: Date,
    invitation: boolean,
  ): Promise<void> {
    const code = randomBytes(32).toString('base64url');
    const codeHash = hashCode(code);
    const minutes = invitation ? INVITATION_CODE_MINUTES : RESET_CODE_MINUTES;
    await this.db.transaction(async (tx) => {
      await insertPasswordReset(tx, {
        codeHash,
        userId,
        clientId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + minutes * 60_000),
      });
      const job: ForgottenPasswordJob = { codeHash, code, url, ...(invitation ? { invitation } : {}) };
      await jobs.enqueue(tx, FORGOTTEN_PASSWORD_QUEUE, job);
    });
  }

  /** The user both given fields name; by e-mail alone only when exactly one user has it. */
  private async matchingUser(body: ResetRequest) {
    const email = body.Email?.trim().toLowerCase();
    if (body.Username) {
      const user = await findUserByUsername(this.db, body.Username);
      if (!user || (email && user.email.toLowerCase() !== email)) return undefined;
      return user;
    }
    if (!email) return undefined;
    const found = await findUsersByEmail(this.db, email);
    return found.length === 1 ? found[0] : undefined;
  }

  async reset(code: string, body: ResetConfirmation, now: Date): Promise<void> {
    assertPasswordAcceptable(body.Password);
    const codeHash = hashCode(code);
    const existing = await findPasswordReset(this.db, codeHash);
    const user = existing ? await findUserById(this.db, existing.userId) : undefined;
    if (
      !existing ||
      !user?.active ||
      existing.usedAt ||
      existing.expiresAt.getTime() <= now.getTime() ||
      existing.clientId !== body.ClientID ||
      user.username.toLowerCase() !== body.Username.toLowerCase()
    ) {
      throw invalidCode();
    }
    const passwordHash = await hashPassword(body.Password);
    await this.db.transaction(async (tx) => {
      if (!(await useCode(tx, codeHash, now))) throw invalidCode();
      await setPassword(tx, user.id, passwordHash, now);
      // Whoever knew the old password is signed out everywhere.
      await this.revocations.revoke(user.id, now, tx);
    });
    await this.throttle.clear(user.username);
  }

  /** Sends the ForgottenPassword message to the middleware; a failure throws, so the job retries. */
  async deliver(job: ForgottenPasswordJob): Promise<void> {
    const reset = await findPasswordReset(this.db, job.codeHash);
    if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now() || !this.wiring) return;
    const user = await findUserById(this.db, reset.userId);
    if (!user) return;
    const payload = {
      MessageType: job.invitation ? 'NewUserInvitation' : 'ForgottenPassword',
      BuyerID: user.buyerId,
      Recipient: {
        ID: user.id,
        Username: user.username,
        FirstName: user.firstName,
        LastName: user.lastName,
        Email: user.email,
        Locale: user.locale,
        xp: user.xp,
      },
      EventBody: {
        Username: user.username,
        PasswordRenewalUrl: job.url,
        PasswordRenewalVerificationCode: job.code,
        ExpiresInMinutes: Math.max(1, Math.round((reset.expiresAt.getTime() - Date.now()) / 60_000)),
      },
      ConfigData: null,
    };
    const result = await this.integrations.signedPost(
      `${this.wiring.middlewareUrl}${job.invitation ? NEW_USER_INVITATION_PATH : FORGOTTEN_PASSWORD_PATH}`,
      this.wiring.hashKey,
      payload,
    );
    if (!result.ok)
      throw new Error(`${payload.MessageType} message not taken (${result.status ?? 'no answer'})`);
  }
}

export function forgottenPasswordQueue(
  service: () => PasswordResetService | undefined,
): QueueDefinition<ForgottenPasswordJob> {
  return {
    name: FORGOTTEN_PASSWORD_QUEUE,
    // The job holds the code: kept no longer than the longest code (an invitation's) is valid.
    options: {
      retryLimit: 12,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 300,
      deleteAfterSeconds: INVITATION_CODE_MINUTES * 60,
    },
    batchSize: 5,
    async handle(job) {
      await (await whenBound(service, 'password reset')).deliver(job.data);
    },
  };
}
