import { randomInt } from 'node:crypto';
import { err, ok, type Result } from '@actuate/service-kit';
import {
  type ClickToPayScheme,
  findCard,
  findProfile,
  isEnrolled,
  maskChannel,
  type SandboxCard,
} from './profiles.ts';
import {
  type CardClaims,
  type CheckoutPayloadClaims,
  type CorrelationClaims,
  codeDigest,
  type IdentityClaims,
  newNonce,
  openClaims,
  sealClaims,
  TOKEN_LIFETIME_MS,
  type ValidationClaims,
} from './tokens.ts';

/** The scheme SDKs' error reasons the sandbox answers with (the widget shows `ctp.errors.<reason>`). */
export type SrcReason =
  | 'INVALID_PARAMETER'
  | 'NOT_FOUND'
  | 'ACCT_INACCESSIBLE'
  | 'CODE_INVALID'
  | 'CODE_EXPIRED'
  | 'AUTH_INVALID';

export interface SrcFailure {
  reason: SrcReason;
  message: string;
}

const fail = (reason: SrcReason, message: string) => err<SrcFailure>({ reason, message });

/**
 * The sandbox DPA ids of a merchant account: the card's `/paymentMethods` entry carries them, the
 * widget passes them to the scheme SDKs' `init`, and the sandbox reads the merchant back from them so
 * that every checkout reference is bound to one merchant account.
 */
export function clickToPayConfiguration(merchantAccount: string) {
  return {
    visaSrciDpaId: `sandbox-visa-dpa.${merchantAccount}`,
    visaSrcInitiatorId: 'actuate-sandbox-visa-initiator',
    mcDpaId: `sandbox-mc-dpa.${merchantAccount}`,
    mcSrcClientId: 'actuate-sandbox-mc-client',
  };
}

export function merchantOfDpa(scheme: ClickToPayScheme, dpaId: string): string | undefined {
  const prefix = `sandbox-${scheme}-dpa.`;
  const account = dpaId.startsWith(prefix) ? dpaId.slice(prefix.length) : '';
  return /^[A-Za-z0-9_.-]{1,80}$/.test(account) ? account : undefined;
}

/** A masked card as the scheme SDKs' getSrcProfile returns it. */
export function maskedCard(key: Buffer, email: string, card: SandboxCard) {
  const claims: CardClaims = { e: email, s: card.scheme, c: card.ref };
  return {
    srcDigitalCardId: sealClaims(key, 'digitalCard', claims),
    panLastFour: card.number.slice(-4),
    dateOfCardCreated: card.dateOfCardCreated,
    ...(card.dateOfCardLastUsed ? { dateOfCardLastUsed: card.dateOfCardLastUsed } : {}),
    paymentCardDescriptor: card.scheme === 'visa' ? 'visa' : 'mastercard',
    panExpirationMonth: card.expiryMonth,
    panExpirationYear: card.expiryYear,
    digitalCardData: { descriptorName: card.descriptorName, artUri: '', status: card.status },
    ...(card.hasToken ? { tokenId: sealClaims(key, 'tokenReference', claims) } : {}),
  };
}

/**
 * The scheme side of Click to Pay in the sandbox: identity lookup, one-time codes, device
 * recognition, profiles and the checkout confirmation. Stateless: every step's state travels in a
 * sealed token, so nothing is stored and nothing secret reaches the page.
 */
export class ClickToPaySandbox {
  constructor(private readonly key: Buffer) {}

  lookup(scheme: ClickToPayScheme, email: string) {
    return ok({ consumerPresent: isEnrolled(email, scheme) });
  }

  /** Sends a code: the answer carries it for the simulator's "SMS" notice, and its sealed digest. */
  startValidation(scheme: ClickToPayScheme, email: string, now: Date) {
    const profile = findProfile(email);
    if (!profile || !isEnrolled(email, scheme))
      return fail('NOT_FOUND', 'No Click to Pay profile for this identity.');
    if (profile.inaccessible) return fail('ACCT_INACCESSIBLE', 'The account is locked: no code can be sent.');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const claims: ValidationClaims = {
      e: profile.email,
      s: scheme,
      c: codeDigest(code),
      x: now.getTime() + TOKEN_LIFETIME_MS.validation,
    };
    return ok({
      maskedValidationChannel: maskChannel(profile.channel),
      validationId: sealClaims(this.key, 'validation', claims),
      code,
    });
  }

  completeValidation(validationId: unknown, otp: string, now: Date) {
    const claims = openClaims<ValidationClaims>(this.key, 'validation', validationId, now);
    if (!claims) return fail('CODE_EXPIRED', 'The code has expired; ask for a new one.');
    if (codeDigest(otp.trim()) !== claims.c) return fail('CODE_INVALID', 'The code is not correct.');
    return ok({ idToken: this.identityToken(claims.e, now) });
  }

  /** A device is recognised by the remember-me cookie's sealed token. */
  recognize(recognitionToken: unknown, now: Date) {
    const claims = openClaims<IdentityClaims>(this.key, 'recognition', recognitionToken, now);
    if (!claims || !findProfile(claims.e)) return ok({ recognized: false as const });
    return ok({ recognized: true as const, idTokens: [this.identityToken(claims.e, now)] });
  }

  profile(scheme: ClickToPayScheme, dpaId: string, idTokens: unknown[], now: Date) {
    const merchant = merchantOfDpa(scheme, dpaId);
    if (!merchant) return fail('INVALID_PARAMETER', 'Unknown srciDpaId.');
    const email = idTokens
      .map((token) => openClaims<IdentityClaims>(this.key, 'idToken', token, now)?.e)
      .find((candidate) => candidate !== undefined);
    if (!email) return fail('AUTH_INVALID', 'No valid idToken.');
    const cards = findProfile(email)?.cards.filter((card) => card.scheme === scheme) ?? [];
    const correlation: CorrelationClaims = {
      m: merchant,
      e: email,
      n: newNonce(),
      x: now.getTime() + TOKEN_LIFETIME_MS.correlation,
    };
    return ok({
      profiles: cards.length ? [{ maskedCards: cards.map((card) => maskedCard(this.key, email, card)) }] : [],
      srcCorrelationId: sealClaims(this.key, 'correlation', correlation),
    });
  }

  /** The shopper confirmed in the DCF: Visa gets a sealed checkout payload, remember-me a cookie token. */
  checkout(
    scheme: ClickToPayScheme,
    input: { srcCorrelationId: unknown; srcDigitalCardId: unknown; rememberMe: boolean },
    now: Date,
  ) {
    const correlation = openClaims<CorrelationClaims>(this.key, 'correlation', input.srcCorrelationId, now);
    if (!correlation) return fail('INVALID_PARAMETER', 'Unknown or expired srcCorrelationId.');
    const card = openClaims<CardClaims>(this.key, 'digitalCard', input.srcDigitalCardId, now);
    if (!card || card.e !== correlation.e || card.s !== scheme)
      return fail('INVALID_PARAMETER', 'Unknown srcDigitalCardId.');
    const payload: CheckoutPayloadClaims = {
      m: correlation.m,
      e: correlation.e,
      c: card.c,
      n: correlation.n,
      x: now.getTime() + TOKEN_LIFETIME_MS.checkoutPayload,
    };
    return ok({
      dcfActionCode: 'COMPLETE' as const,
      checkoutResponse: scheme === 'visa' ? sealClaims(this.key, 'checkoutPayload', payload) : '',
      idToken: this.identityToken(correlation.e, now),
      ...(input.rememberMe ? { recognitionToken: this.recognitionToken(correlation.e, now) } : {}),
    });
  }

  private identityToken(email: string, now: Date) {
    const claims: IdentityClaims = { e: email, x: now.getTime() + TOKEN_LIFETIME_MS.idToken };
    return sealClaims(this.key, 'idToken', claims);
  }

  private recognitionToken(email: string, now: Date) {
    const claims: IdentityClaims = { e: email, x: now.getTime() + TOKEN_LIFETIME_MS.recognition };
    return sealClaims(this.key, 'recognition', claims);
  }
}

/** What a Click to Pay payment sends in `paymentMethod` (the widget's checkout result). */
export interface ClickToPayPaymentFields {
  srcScheme: ClickToPayScheme;
  srcCorrelationId: string;
  srcTokenReference?: string | undefined;
  srcCheckoutPayload?: string | undefined;
  srcDigitalCardId?: string | undefined;
}

/**
 * The card behind a Click to Pay payment, for the card family: the references must be the sandbox's,
 * unexpired, of one shopper and issued for this merchant account. A failure is a message for a 422.
 */
export function resolveClickToPayCard(
  key: Buffer,
  merchantAccount: string,
  fields: ClickToPayPaymentFields,
  now: Date,
): Result<SandboxCard, string> {
  const correlation = openClaims<CorrelationClaims>(key, 'correlation', fields.srcCorrelationId, now);
  if (!correlation) return err('Invalid or expired srcCorrelationId.');
  if (correlation.m !== merchantAccount)
    return err('The Click to Pay checkout belongs to another merchant account.');
  let cardRef: string | undefined;
  if (fields.srcScheme === 'visa' && fields.srcCheckoutPayload) {
    const payload = openClaims<CheckoutPayloadClaims>(key, 'checkoutPayload', fields.srcCheckoutPayload, now);
    if (
      !payload ||
      payload.n !== correlation.n ||
      payload.e !== correlation.e ||
      payload.m !== merchantAccount
    )
      return err('Invalid or expired srcCheckoutPayload.');
    cardRef = payload.c;
  } else {
    const reference = fields.srcScheme === 'visa' ? fields.srcTokenReference : fields.srcDigitalCardId;
    const kind = fields.srcScheme === 'visa' ? 'tokenReference' : 'digitalCard';
    const claims = openClaims<CardClaims>(key, kind, reference, now);
    if (!claims || claims.e !== correlation.e || claims.s !== fields.srcScheme)
      return err(
        fields.srcScheme === 'visa'
          ? 'Invalid srcTokenReference (or send srcCheckoutPayload).'
          : 'Invalid srcDigitalCardId.',
      );
    cardRef = claims.c;
  }
  const card = findCard(correlation.e, cardRef);
  if (!card || card.scheme !== fields.srcScheme) return err('Unknown Click to Pay card.');
  return ok(card);
}
