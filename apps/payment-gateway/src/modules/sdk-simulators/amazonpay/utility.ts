import { gatewayError } from '../../../shared/errors.ts';
import { assertPayableAmount } from '../../payments/currencies.ts';
import type { Amount } from '../../payments/models.ts';
import type { AmazonCheckoutSession, AmazonCheckoutSessions } from './checkout-sessions.ts';
import { checkoutPayloadSchema } from './payload.ts';
import { signPayload } from './signature.ts';
import { type AmazonRegion, amazonPayAccount, TEST_BUYER } from './test-data.ts';

/** The fields every utility call names: the session and the merchant's Amazon Pay key and region. */
export interface SessionReference {
  checkoutSessionId: string;
  publicKeyId: string;
  region: AmazonRegion;
}

export interface UpdateCheckoutSession extends SessionReference {
  amount: Amount;
  checkoutResultReturnUrl: string;
  chargePermissionType?: string | undefined;
  recurringMetadata?: unknown;
}

const noSuchSession = () =>
  gatewayError.unprocessable('000', 'checkoutSessionId: no such Amazon Pay checkout session.');

/**
 * The widget's `v1/AmazonPayUtility/*` calls (spec §7) against the simulated Amazon Pay: sign a
 * checkout-session payload, read a session's details or decline-flow URL, and turn the reviewed
 * session into the confirm step. The rules live here; the routes only validate the shapes.
 */
export class AmazonPayUtility {
  constructor(
    private readonly sessions: AmazonCheckoutSessions,
    private readonly tokenKey: Buffer,
    private readonly publicUrl: string,
  ) {}

  /** Signs the payload the widget will hand to the SDK, once it is a payload for this merchant's store. */
  signString(merchantAccount: string, stringToSign: string): { signature: string } {
    let parsed: unknown;
    try {
      parsed = JSON.parse(stringToSign);
    } catch {
      throw gatewayError.unprocessable('000', 'stringToSign: not a JSON checkout-session payload.');
    }
    const payload = checkoutPayloadSchema.safeParse(parsed);
    if (!payload.success)
      throw gatewayError.unprocessable(
        '000',
        `stringToSign: not a checkout-session payload (${payload.error.issues[0]?.path.join('.') || 'root'}).`,
      );
    if (payload.data.storeId !== amazonPayAccount(merchantAccount).storeId)
      throw gatewayError.unprocessable(
        '000',
        "stringToSign: storeId is not this merchant's Amazon Pay store.",
      );
    return { signature: signPayload(this.tokenKey, merchantAccount, stringToSign) };
  }

  /** The buyer's delivery address and instrument, as Amazon's checkout session shows them. */
  async checkoutDetails(merchantAccount: string, reference: SessionReference) {
    const session = await this.sessionOf(merchantAccount, reference);
    const address = session.address;
    return {
      checkoutSessionId: session.id,
      statusDetails: { state: session.state },
      buyer: { ...TEST_BUYER },
      ...(address
        ? {
            shippingAddress: {
              name: address.name,
              addressLine1: address.addressLine1,
              city: address.city,
              postalCode: address.postalCode,
              countryCode: address.countryCode,
              phoneNumber: address.phoneNumber,
              ...(address.stateOrRegion ? { stateOrRegion: address.stateOrRegion } : {}),
            },
          }
        : {}),
      paymentPreferences: session.instrument
        ? [{ paymentDescriptor: session.instrument.paymentDescriptor }]
        : [],
    };
  }

  /** Where the buyer picks another instrument after a refused authorisation. */
  async declineFlowUrl(
    merchantAccount: string,
    reference: SessionReference,
  ): Promise<{ declineFlowUrl: string }> {
    const session = await this.sessionOf(merchantAccount, reference);
    if (session.state !== 'Declined')
      throw gatewayError.unprocessable('000', 'The checkout session has no declined payment to recover.');
    return { declineFlowUrl: `${this.publicUrl}/sdk-simulators/amazonpay/decline/${session.id}` };
  }

  /** Sets what the buyer confirms and sends them to the confirm step, which returns to checkoutResultReturnUrl. */
  async updateCheckoutSession(merchantAccount: string, update: UpdateCheckoutSession) {
    const session = await this.sessionOf(merchantAccount, update);
    if (session.state !== 'Review' && session.state !== 'Confirming')
      throw gatewayError.unprocessable(
        '000',
        `The checkout session cannot be confirmed: it is ${session.state}, not waiting for review.`,
      );
    assertPayableAmount(update.amount, { zeroAllowed: false });
    const moved = await this.sessions.update(session, {
      amount: update.amount,
      checkoutResultReturnUrl: update.checkoutResultReturnUrl,
      state: 'Confirming',
    });
    if (!moved) throw gatewayError.unprocessable('000', 'The checkout session changed meanwhile; try again.');
    return {
      action: {
        type: 'redirect',
        method: 'GET',
        url: `${this.publicUrl}/sdk-simulators/amazonpay/confirm/${session.id}`,
      },
    };
  }

  private async sessionOf(
    merchantAccount: string,
    reference: SessionReference,
  ): Promise<AmazonCheckoutSession> {
    if (reference.publicKeyId !== amazonPayAccount(merchantAccount).publicKeyId)
      throw gatewayError.unprocessable('000', "publicKeyId: not this merchant's Amazon Pay key.");
    const session = await this.sessions.find(reference.checkoutSessionId, merchantAccount);
    if (!session) throw noSuchSession();
    if (session.region !== reference.region)
      throw gatewayError.unprocessable('000', `region: the checkout session belongs to ${session.region}.`);
    return session;
  }
}
