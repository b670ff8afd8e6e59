import { randomUUID } from 'node:crypto';
import type { Amount } from '../../payments/models.ts';
import { type CheckoutPayload, minorUnits } from './payload.ts';
import type { AmazonRegion, TestAddress, TestInstrument } from './test-data.ts';

/**
 * Where a checkout session stands: `Open` until the buyer chose an address and instrument in the
 * simulator's dialog, `Review` on the merchant's review page, `Confirming` once updateCheckoutSession
 * sent the buyer to the confirm page, `Confirmed` when /payments may use it (ProcessOrder goes
 * straight here), `Declined` after a refused authorisation until the decline flow picks another
 * instrument, `Completed` once authorised (used up), `Canceled` when the buyer gave up.
 */
export type CheckoutSessionState =
  | 'Open'
  | 'Review'
  | 'Confirming'
  | 'Confirmed'
  | 'Declined'
  | 'Completed'
  | 'Canceled';

export interface AmazonCheckoutSession {
  id: string;
  merchantAccount: string;
  region: AmazonRegion;
  createdAt: number;
  state: CheckoutSessionState;
  payload: CheckoutPayload;
  address?: TestAddress | undefined;
  instrument?: TestInstrument | undefined;
  /** What the buyer confirms and /payments must ask for: from updateCheckoutSession or the ProcessOrder payload. */
  amount?: Amount | undefined;
  checkoutResultReturnUrl?: string | undefined;
}

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_SESSIONS = 10_000;

/**
 * The simulated Amazon Pay checkout sessions, kept in the gateway's memory for 24 hours (as Amazon
 * keeps them): a restart forgets them, which the sandbox accepts (no table, no migration). Ids are
 * random UUIDs; every read is scoped to the merchant account, so another merchant's id is unknown.
 */
export class AmazonCheckoutSessions {
  private readonly sessions = new Map<string, AmazonCheckoutSession>();

  constructor(private readonly clock: () => number = Date.now) {}

  create(merchantAccount: string, region: AmazonRegion, payload: CheckoutPayload): AmazonCheckoutSession {
    this.prune();
    const session: AmazonCheckoutSession = {
      id: randomUUID(),
      merchantAccount,
      region,
      createdAt: this.clock(),
      state: 'Open',
      payload,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The session if it exists, is live and (when a merchant is named) belongs to that merchant. */
  find(id: string, merchantAccount?: string): AmazonCheckoutSession | undefined {
    const session = this.sessions.get(id);
    if (!session || this.clock() - session.createdAt > SESSION_LIFETIME_MS) return undefined;
    if (merchantAccount !== undefined && session.merchantAccount !== merchantAccount) return undefined;
    return session;
  }

  /**
   * The buyer's choice in the dialog (sign-in, change, decline flow). In ProcessOrder mode the
   * payload's amount is what the buyer confirms, so the session is ready for /payments at once.
   */
  choose(session: AmazonCheckoutSession, address: TestAddress | undefined, instrument: TestInstrument) {
    session.address = address ?? session.address;
    session.instrument = instrument;
    const processOrder = session.payload.webCheckoutDetails.checkoutMode === 'ProcessOrder';
    const charge = session.payload.paymentDetails?.chargeAmount;
    if (session.state === 'Declined') session.state = 'Confirmed';
    else if (processOrder && charge) {
      session.amount = minorUnits(charge);
      session.checkoutResultReturnUrl = session.payload.webCheckoutDetails.checkoutResultReturnUrl;
      session.state = 'Confirmed';
    } else if (session.state === 'Open' || session.state === 'Review') session.state = 'Review';
  }

  /** Where the buyer goes after the dialog, with the session id (Amazon's return contract). */
  returnUrlAfterChoice(session: AmazonCheckoutSession): string | undefined {
    const details = session.payload.webCheckoutDetails;
    const target =
      session.state === 'Confirmed'
        ? (session.checkoutResultReturnUrl ?? details.checkoutResultReturnUrl)
        : (details.checkoutReviewReturnUrl ?? details.checkoutResultReturnUrl);
    return target ? withSessionId(target, session.id) : undefined;
  }

  private prune() {
    const now = this.clock();
    for (const [id, session] of this.sessions)
      if (now - session.createdAt > SESSION_LIFETIME_MS) this.sessions.delete(id);
    // Oldest first: a flood of sessions cannot grow the map without bound.
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
  }
}

export function withSessionId(url: string, sessionId: string): string {
  const target = new URL(url);
  target.searchParams.set('amazonCheckoutSessionId', sessionId);
  return target.toString();
}
