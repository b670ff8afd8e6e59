import { signToken, verifyToken } from '../../../crypto/service.ts';

/**
 * The tokens of a buy-now-pay-later widget payment (Klarna's in the sandbox): the `client_token` the
 * widget is started with and the `authorization_token` it answers once the shopper approves. Both
 * name the payment and are signed, so `/payments/details` authorises only a token issued for it.
 */
const CLIENT_TOKEN_PREFIX = 'KCT1!';
const AUTHORIZATION_TOKEN_PREFIX = 'KAT1!';

export const widgetClientToken = (tokenKey: Buffer, pspReference: string) =>
  signToken(tokenKey, CLIENT_TOKEN_PREFIX, { p: pspReference });

export const widgetAuthorizationToken = (tokenKey: Buffer, pspReference: string) =>
  signToken(tokenKey, AUTHORIZATION_TOKEN_PREFIX, { p: pspReference });

export const paymentOfClientToken = (tokenKey: Buffer, token: string) =>
  pspReferenceIn(verifyToken(tokenKey, CLIENT_TOKEN_PREFIX, token));

export const paymentOfAuthorizationToken = (tokenKey: Buffer, token: string) =>
  pspReferenceIn(verifyToken(tokenKey, AUTHORIZATION_TOKEN_PREFIX, token));

function pspReferenceIn(claims: { p?: unknown } | undefined): string | undefined {
  return typeof claims?.p === 'string' ? claims.p : undefined;
}
