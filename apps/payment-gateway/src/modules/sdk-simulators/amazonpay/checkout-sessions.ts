import { randomUUID } from 'node:crypto';
import type { Executor } from '@actuate/service-kit';
import { and, eq, lt } from 'drizzle-orm';
import type { Amount } from '../../payments/models.ts';
import { type CheckoutPayload, minorUnits } from './payload.ts';
import { amazonPayCheckoutSessions } from './schema.ts';
import {
  type AmazonRegion,
  type TestAddress,
  type TestInstrument,
  testAddress,
  testInstrument,
} from './test-data.ts';

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

type SessionRow = typeof amazonPayCheckoutSessions.$inferSelect;
/** What a step may change of a session; every change is written at once. */
type SessionChange = Partial<
  Pick<AmazonCheckoutSession, 'state' | 'address' | 'instrument' | 'amount' | 'checkoutResultReturnUrl'>
>;

const fromRow = (row: SessionRow): AmazonCheckoutSession => ({
  id: row.id,
  merchantAccount: row.merchantAccount,
  region: row.region,
  createdAt: row.createdAt.getTime(),
  state: row.state as CheckoutSessionState,
  payload: row.payload,
  address: row.addressId === null ? undefined : testAddress(row.addressId),
  instrument: row.instrumentId === null ? undefined : testInstrument(row.instrumentId),
  amount:
    row.amountCurrency === null || row.amountValue === null
      ? undefined
      : { currency: row.amountCurrency, value: row.amountValue },
  checkoutResultReturnUrl: row.checkoutResultReturnUrl ?? undefined,
});

/**
 * The simulated Amazon Pay checkout sessions, kept in the gateway's database for 24 hours (as Amazon
 * keeps them), so a restart between the buyer's steps loses nothing. Ids are random UUIDs; every read
 * is scoped to the merchant account, so another merchant's id is unknown.
 */
export class AmazonCheckoutSessions {
  constructor(
    private readonly db: Executor,
    private readonly clock: () => number = Date.now,
  ) {}

  async create(
    merchantAccount: string,
    region: AmazonRegion,
    payload: CheckoutPayload,
  ): Promise<AmazonCheckoutSession> {
    const createdAt = new Date(this.clock());
    // Sessions past their lifetime are never read again.
    await this.db
      .delete(amazonPayCheckoutSessions)
      .where(lt(amazonPayCheckoutSessions.createdAt, new Date(createdAt.getTime() - SESSION_LIFETIME_MS)));
    const [row] = await this.db
      .insert(amazonPayCheckoutSessions)
      .values({ id: randomUUID(), merchantAccount, region, state: 'Open', payload, createdAt })
      .returning();
    return fromRow(row as SessionRow);
  }

  /** The session if it exists, is live and (when a merchant is named) belongs to that merchant. */
  async find(id: string, merchantAccount?: string): Promise<AmazonCheckoutSession | undefined> {
    const [row] = await this.db
      .select()
      .from(amazonPayCheckoutSessions)
      .where(eq(amazonPayCheckoutSessions.id, id));
    if (!row || this.clock() - row.createdAt.getTime() > SESSION_LIFETIME_MS) return undefined;
    if (merchantAccount !== undefined && row.merchantAccount !== merchantAccount) return undefined;
    return fromRow(row);
  }

  /**
   * Writes `change` only if the session is still in the state it was read in (two steps on the same
   * session cannot both win, e.g. two payments); false when another step moved it first.
   */
  async update(session: AmazonCheckoutSession, change: SessionChange): Promise<boolean> {
    const next = { ...session, ...change };
    const updated = await this.db
      .update(amazonPayCheckoutSessions)
      .set({
        state: next.state,
        addressId: next.address?.id ?? null,
        instrumentId: next.instrument?.id ?? null,
        amountCurrency: next.amount?.currency ?? null,
        amountValue: next.amount?.value ?? null,
        checkoutResultReturnUrl: next.checkoutResultReturnUrl ?? null,
      })
      .where(
        and(eq(amazonPayCheckoutSessions.id, session.id), eq(amazonPayCheckoutSessions.state, session.state)),
      )
      .returning({ id: amazonPayCheckoutSessions.id });
    if (updated.length === 0) return false;
    Object.assign(session, change);
    return true;
  }

  /**
   * The buyer's choice in the dialog (sign-in, change, decline flow). In ProcessOrder mode the
   * payload's amount is what the buyer confirms, so the session is ready for /payments at once.
   */
  async choose(
    session: AmazonCheckoutSession,
    address: TestAddress | undefined,
    instrument: TestInstrument,
  ): Promise<boolean> {
    const change: SessionChange = { address: address ?? session.address, instrument };
    const processOrder = session.payload.webCheckoutDetails.checkoutMode === 'ProcessOrder';
    const charge = session.payload.paymentDetails?.chargeAmount;
    if (session.state === 'Declined') change.state = 'Confirmed';
    else if (processOrder && charge) {
      change.amount = minorUnits(charge);
      change.checkoutResultReturnUrl = session.payload.webCheckoutDetails.checkoutResultReturnUrl;
      change.state = 'Confirmed';
    } else if (session.state === 'Open' || session.state === 'Review') change.state = 'Review';
    return this.update(session, change);
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
}

export function withSessionId(url: string, sessionId: string): string {
  const target = new URL(url);
  target.searchParams.set('amazonCheckoutSessionId', sessionId);
  return target.toString();
}
