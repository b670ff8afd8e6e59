import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '@actuate/service-kit';
import {
  findTransaction,
  findTransactionByAcsId,
  insertTransaction,
  type ThreeDsTransaction,
  updateTransaction,
} from './repository.ts';
import type { ThreeDsFlow } from './schema.ts';

export const MESSAGE_VERSION = '2.2.0';
/** The widget gives up on a challenge after 10 minutes (docs/domain.md, 3-D Secure 2); so does the ACS. */
export const CHALLENGE_TIMEOUT_MS = 600_000;
export const CHALLENGE_WINDOW_SIZES = ['01', '02', '03', '04', '05'] as const;
export type ChallengeWindowSize = (typeof CHALLENGE_WINDOW_SIZES)[number];
export type TransStatus = 'Y' | 'N' | 'U';

/** base64 of JSON, the widget's token encoding. */
export const encodeToken = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');

/** base64url JSON (threeDSMethodData, creq, cres) decoded; undefined when it is not. */
export function decodeBase64UrlJson<T>(value: string | undefined): T | undefined {
  if (!value) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * The 3DS server and the ACS simulator (docs/domain.md, 3-D Secure 2). A card's flow decides the steps:
 * frictionless (fingerprint, then authenticated), fingerprint then challenge, or challenge only. The
 * ACS records its own result, so a browser cannot claim an authentication that did not happen.
 */
export class ThreeDsService {
  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
  ) {}

  readonly urls = {
    method: () => `${this.publicUrl}/threeds2/method`,
    methodNotification: () => `${this.publicUrl}/threeds2/method-notification`,
    challenge: () => `${this.publicUrl}/threeds2/challenge`,
    challengeNotification: () => `${this.publicUrl}/threeds2/notification`,
  };

  async start(
    tx: Executor,
    input: {
      pspReference: string;
      flow: ThreeDsFlow;
      merchantOrigin: string | undefined;
      windowSize: ChallengeWindowSize | undefined;
    },
  ): Promise<ThreeDsTransaction> {
    const row = {
      id: randomUUID(),
      acsTransId: randomUUID(),
      pspReference: input.pspReference,
      flow: input.flow,
      stage: input.flow === 'challenge-only' ? ('challenge' as const) : ('fingerprint' as const),
      merchantOrigin: input.merchantOrigin ?? null,
      challengeWindowSize: input.windowSize ?? '02',
      methodCompletedAt: null,
      threeDsCompInd: null,
      challengeStartedAt: null,
      transStatus: null,
      createdAt: new Date(),
    };
    await insertTransaction(tx, row);
    return row;
  }

  find(id: string) {
    return findTransaction(this.db, id);
  }

  fingerprintToken(transaction: ThreeDsTransaction): string {
    return encodeToken({
      threeDSMethodNotificationURL: this.urls.methodNotification(),
      threeDSMethodUrl: this.urls.method(),
      threeDSServerTransID: transaction.id,
    });
  }

  challengeToken(transaction: ThreeDsTransaction): string {
    return encodeToken({
      acsTransID: transaction.acsTransId,
      acsURL: this.urls.challenge(),
      messageVersion: MESSAGE_VERSION,
      threeDSNotificationURL: this.urls.challengeNotification(),
      threeDSServerTransID: transaction.id,
    });
  }

  /** The ACS's 3DS method page ran in the shopper's browser. */
  async recordMethod(transId: string, now: Date) {
    const transaction = await findTransaction(this.db, transId);
    if (transaction && !transaction.methodCompletedAt)
      await updateTransaction(this.db, transId, { methodCompletedAt: now });
    return transaction;
  }

  /**
   * The fingerprint result arrived (submitThreeDS2Fingerprint or details['threeds2.fingerprint']):
   * a frictionless flow is authenticated now; otherwise a challenge follows. A result of N or U (a
   * timed-out or failed method) does not stop the flow, as in EMVCo.
   */
  async completeFingerprint(
    transaction: ThreeDsTransaction,
    threeDsCompInd: string,
  ): Promise<{ next: 'authenticated' | 'challenge'; transaction: ThreeDsTransaction }> {
    if (transaction.stage !== 'fingerprint') {
      return { next: transaction.stage === 'challenge' ? 'challenge' : 'authenticated', transaction };
    }
    const changes =
      transaction.flow === 'frictionless'
        ? { stage: 'completed' as const, transStatus: 'Y' as const, threeDsCompInd }
        : { stage: 'challenge' as const, threeDsCompInd };
    await updateTransaction(this.db, transaction.id, changes);
    const updated = { ...transaction, ...changes };
    return { next: updated.stage === 'completed' ? 'authenticated' : 'challenge', transaction: updated };
  }

  /** The challenge page was opened (CReq received). */
  async openChallenge(acsTransId: string, windowSize: string | undefined, now: Date) {
    const transaction = await findTransactionByAcsId(this.db, acsTransId);
    if (transaction?.stage !== 'challenge') return undefined;
    const size = CHALLENGE_WINDOW_SIZES.includes(windowSize as ChallengeWindowSize)
      ? (windowSize as ChallengeWindowSize)
      : '02';
    const changes = { challengeWindowSize: size, challengeStartedAt: transaction.challengeStartedAt ?? now };
    await updateTransaction(this.db, transaction.id, changes);
    return { ...transaction, ...changes };
  }

  /**
   * The shopper answered the challenge: the one-time password gives Y, anything else N, cancelling
   * or answering after the time-out U. The first answer is final.
   */
  async answerChallenge(
    acsTransId: string,
    answer: { password: string } | { cancelled: true },
    now: Date,
    isCorrectPassword: (password: string) => boolean,
  ): Promise<ThreeDsTransaction | undefined> {
    const transaction = await findTransactionByAcsId(this.db, acsTransId);
    if (!transaction) return undefined;
    if (transaction.stage === 'completed') return transaction;
    if (transaction.stage !== 'challenge') return undefined;
    const started = transaction.challengeStartedAt ?? transaction.createdAt;
    const timedOut = now.getTime() - started.getTime() > CHALLENGE_TIMEOUT_MS;
    const transStatus: TransStatus =
      'cancelled' in answer || timedOut ? 'U' : isCorrectPassword(answer.password) ? 'Y' : 'N';
    const changes = { stage: 'completed' as const, transStatus };
    await updateTransaction(this.db, transaction.id, changes);
    return { ...transaction, ...changes };
  }

  /** The ACS's result for the transaction; a challenge never answered counts as U. */
  async closeForAuthorisation(transaction: ThreeDsTransaction): Promise<TransStatus> {
    if (transaction.transStatus) return transaction.transStatus;
    await updateTransaction(this.db, transaction.id, { stage: 'completed', transStatus: 'U' });
    return 'U';
  }
}
