import type { ClickToPayScheme, SrcCard, SrcCheckoutResponse, SrcProfile } from './scheme-sdks.ts';

/** One card of the shopper's Click to Pay profiles, as the panel shows and pays it. */
export interface ShopperCard {
  scheme: ClickToPayScheme;
  srcDigitalCardId: string;
  srcCorrelationId: string;
  panLastFour: string;
  dateOfCardCreated: string;
  dateOfCardLastUsed?: string | undefined;
  panExpirationMonth: string;
  panExpirationYear: string;
  descriptorName?: string | undefined;
  artUri?: string | undefined;
  status?: string | undefined;
  tokenId?: string | undefined;
  isExpired: boolean;
}

export const SCHEME_NAMES: Record<ClickToPayScheme, string> = { visa: 'Visa', mc: 'Mastercard' };

/** A card counts as expired when its status is not ACTIVE or its expiry month lies before this month. */
export function isCardExpired(
  card: Pick<SrcCard, 'panExpirationMonth' | 'panExpirationYear'> & { status?: string | undefined },
  now: Date,
): boolean {
  if (card.status !== 'ACTIVE') return true;
  if (!card.panExpirationYear && !card.panExpirationMonth) return false;
  const expiry = Number(card.panExpirationYear) * 12 + Number(card.panExpirationMonth) - 1;
  return expiry < now.getFullYear() * 12 + now.getMonth();
}

const time = (value: string | undefined) => (value ? new Date(value).getTime() || 0 : 0);

/**
 * Every profile's cards in the order the panel offers them: used cards by last use (newest first),
 * then unused cards by creation (newest first), then expired cards by last use.
 */
export function orderShopperCards(
  profiles: { scheme: ClickToPayScheme; profile: SrcProfile }[],
  now: Date,
): ShopperCard[] {
  const cards: ShopperCard[] = profiles.flatMap(({ scheme, profile }) =>
    profile.profiles.flatMap((entry) =>
      entry.maskedCards.map((card) => ({
        scheme,
        srcDigitalCardId: card.srcDigitalCardId,
        srcCorrelationId: profile.srcCorrelationId,
        panLastFour: card.panLastFour,
        dateOfCardCreated: card.dateOfCardCreated,
        dateOfCardLastUsed: card.dateOfCardLastUsed,
        panExpirationMonth: card.panExpirationMonth,
        panExpirationYear: card.panExpirationYear,
        descriptorName: card.digitalCardData?.descriptorName,
        artUri: card.digitalCardData?.artUri,
        status: card.digitalCardData?.status,
        tokenId: card.tokenId,
        isExpired: isCardExpired({ ...card, status: card.digitalCardData?.status }, now),
      })),
    ),
  );
  const byLastUse = (a: ShopperCard, b: ShopperCard) =>
    time(b.dateOfCardLastUsed) - time(a.dateOfCardLastUsed);
  const byCreation = (a: ShopperCard, b: ShopperCard) =>
    time(b.dateOfCardCreated) - time(a.dateOfCardCreated);
  const available = cards.filter((card) => !card.isExpired);
  return [
    ...available.filter((card) => card.dateOfCardLastUsed).sort(byLastUse),
    ...available.filter((card) => !card.dateOfCardLastUsed).sort(byCreation),
    ...cards.filter((card) => card.isExpired).sort(byLastUse),
  ];
}

/** The card's name in the list: "Visa" for Visa, the card's own descriptor for Mastercard. */
export const cardTitle = (card: ShopperCard) =>
  card.scheme === 'visa' ? SCHEME_NAMES.visa : (card.descriptorName ?? SCHEME_NAMES[card.scheme]);

/** The checkout result the payments call carries (spec: srcScheme, srcCorrelationId and one reference). */
export interface ClickToPayCheckoutPayload {
  srcScheme: ClickToPayScheme;
  srcCorrelationId: string;
  srcTokenReference?: string;
  srcCheckoutPayload?: string;
  srcDigitalCardId?: string;
}

export function checkoutPayload(card: ShopperCard, response: SrcCheckoutResponse): ClickToPayCheckoutPayload {
  const base = { srcScheme: card.scheme, srcCorrelationId: card.srcCorrelationId };
  if (card.scheme === 'mc') return { ...base, srcDigitalCardId: card.srcDigitalCardId };
  return card.tokenId
    ? { ...base, srcTokenReference: card.tokenId }
    : { ...base, srcCheckoutPayload: response.checkoutResponse };
}
