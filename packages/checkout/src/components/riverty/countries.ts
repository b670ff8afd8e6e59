/** Where Riverty bills (AT, CH, DE) and delivers. */
export const RIVERTY_BILLING_COUNTRIES = ['AT', 'CH', 'DE'] as const;
export const RIVERTY_DELIVERY_COUNTRIES = ['NO', 'SE', 'FI', 'DK', 'DE', 'AT', 'CH', 'NL', 'BE'] as const;

/** The languages Riverty's terms exist in per country (English everywhere). */
const TERMS_LANGUAGES: Record<string, string[]> = {
  AT: ['de', 'en'],
  BE: ['nl', 'fr', 'en'],
  CH: ['de', 'fr', 'it', 'en'],
  DE: ['de', 'en'],
  DK: ['da', 'en'],
  FI: ['fi', 'sv', 'en'],
  NL: ['nl', 'en'],
  NO: ['no', 'en'],
  SE: ['sv', 'en'],
};

/** The terms a shopper accepts: per country, in the shopper's language when there is one. */
export function rivertyTermsUrl(country: string, language: string, business: boolean): string | undefined {
  const languages = TERMS_LANGUAGES[country];
  if (!languages) return undefined;
  const lang = languages.includes(language) ? language : 'en';
  const product = business ? 'b2b_invoice' : 'invoice';
  return `https://documents.riverty.com/terms_conditions/payment_methods/${product}/${country.toLowerCase()}_${lang}/`;
}

/**
 * Billing countries offered: Riverty's, plus the shopper's own when Riverty delivers there (a
 * Danish business buying in DKK enters its Danish address).
 */
export function rivertyBillingCountries(shopperCountry: string | undefined): string[] {
  const country = shopperCountry?.toUpperCase();
  const list: string[] = [...RIVERTY_BILLING_COUNTRIES];
  if (
    country &&
    !list.includes(country) &&
    (RIVERTY_DELIVERY_COUNTRIES as readonly string[]).includes(country)
  )
    list.push(country);
  return list;
}
