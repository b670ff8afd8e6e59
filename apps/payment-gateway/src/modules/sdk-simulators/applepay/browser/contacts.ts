/** The shopper's addresses in the simulated wallet (Apple's ApplePayPaymentContact shape). */
export interface WalletContact {
  givenName?: string;
  familyName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  addressLines?: string[];
  locality?: string;
  administrativeArea?: string;
  postalCode?: string;
  countryCode?: string;
  country?: string;
}

export const WALLET_ADDRESSES: { id: string; label: string; contact: WalletContact }[] = [
  {
    id: 'home',
    label: 'Home: 1 Infinite Loop, Cupertino',
    contact: {
      givenName: 'Jane',
      familyName: 'Appleseed',
      emailAddress: 'jane.appleseed@example.com',
      phoneNumber: '+1 408 555 0100',
      addressLines: ['1 Infinite Loop'],
      locality: 'Cupertino',
      administrativeArea: 'CA',
      postalCode: '95014',
      countryCode: 'US',
      country: 'United States',
    },
  },
  {
    id: 'work',
    label: 'Work: Kalverstraat 1, Amsterdam',
    contact: {
      givenName: 'Jan',
      familyName: 'Appelzaad',
      emailAddress: 'jan.appelzaad@example.com',
      phoneNumber: '+31 20 555 0100',
      addressLines: ['Kalverstraat 1'],
      locality: 'Amsterdam',
      postalCode: '1012 NX',
      countryCode: 'NL',
      country: 'Netherlands',
    },
  },
];

/** What a page learns before authorisation: Apple redacts the name, street, email and phone. */
export const redacted = (contact: WalletContact): WalletContact => ({
  locality: contact.locality,
  postalCode: contact.postalCode,
  countryCode: contact.countryCode,
  country: contact.country,
  ...(contact.administrativeArea ? { administrativeArea: contact.administrativeArea } : {}),
});

/** The contact with only the fields the request asked for (`requiredXContactFields`). */
export function withFields(
  contact: WalletContact,
  fields: readonly string[] | undefined,
): WalletContact | undefined {
  if (!fields?.length) return undefined;
  const out: WalletContact = {};
  if (fields.includes('name'))
    Object.assign(out, { givenName: contact.givenName, familyName: contact.familyName });
  if (fields.includes('email')) out.emailAddress = contact.emailAddress;
  if (fields.includes('phone')) out.phoneNumber = contact.phoneNumber;
  if (fields.includes('postalAddress'))
    Object.assign(out, {
      addressLines: contact.addressLines,
      locality: contact.locality,
      postalCode: contact.postalCode,
      countryCode: contact.countryCode,
      country: contact.country,
      ...(contact.administrativeArea ? { administrativeArea: contact.administrativeArea } : {}),
    });
  return out;
}
