/** Ratepay bills shoppers in Austria, Switzerland, Germany and the Netherlands (invoice and direct debit). */
export const RATEPAY_COUNTRIES = ['AT', 'CH', 'DE', 'NL'] as const;

/** Ratepay's terms are published in German and English. */
export const ratepayTermsUrl = (_country: string, language: string) =>
  `https://www.ratepay.com/${language === 'de' ? '' : 'en/'}legal-payment-terms/`;
