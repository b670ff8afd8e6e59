/** A wallet address (the fields the browser wallet returns). */
export interface WalletAddress {
  name?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  locality?: string;
  administrativeArea?: string;
  countryCode?: string;
  postalCode?: string;
}

/** The payment request's address. */
export interface PaymentAddress {
  street: string;
  houseNumberOrName: string;
  postalCode: string | undefined;
  city: string;
  country: string | undefined;
  stateOrProvince?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * The wallet gives address lines, not a house number: the number stays in `street` and
 * `houseNumberOrName` gets the placeholder the acquirers' address checks skip (as the reference does).
 */
export const HOUSE_NUMBER_PLACEHOLDER = 'ZZ';

/**
 * Maps a wallet address to the payment's (spec §3): street from the address lines, the placeholder
 * house number, city, postal code, country, optional state; the delivery address also carries the
 * recipient's name (first name = the whole name, last name empty when it is one word).
 */
export function toPaymentAddress(
  address: WalletAddress | undefined,
  kind: 'billing' | 'delivery',
): PaymentAddress | undefined {
  if (!address) return undefined;
  const street = [address.address1, address.address2, address.address3]
    .filter((line) => line && line.trim() !== '')
    .join(' ')
    .trim();
  const mapped: PaymentAddress = {
    street,
    houseNumberOrName: HOUSE_NUMBER_PLACEHOLDER,
    postalCode: address.postalCode,
    city: address.locality ?? '',
    country: address.countryCode,
    ...(address.administrativeArea ? { stateOrProvince: address.administrativeArea } : {}),
  };
  if (kind === 'delivery' && address.name) {
    const [firstName = '', ...rest] = address.name.trim().split(/\s+/);
    return { ...mapped, firstName, lastName: rest.join(' ') };
  }
  return mapped;
}
