import { http, withQuery } from '../../core/http.ts';
import type { FieldPolicy } from '../internal/secured-fields/controller.ts';

/** One brand the BIN lookup found for the digits. */
export interface BinLookupBrand {
  brand: string;
  supported?: boolean;
  enableLuhnCheck?: boolean;
  cvcPolicy?: FieldPolicy;
  expiryDatePolicy?: FieldPolicy;
  panLength?: number;
  showSocialSecurityNumber?: boolean;
  paymentMethodVariant?: string;
  localeBrand?: string;
}

/** The gateway's `v3/bin/binLookup` answer for the number's first digits. */
export interface BinLookupResponse {
  requestId: string;
  brands?: BinLookupBrand[];
  issuingCountryCode?: string;
  showSocialSecurityNumber?: boolean;
}

/** v3/bin/binLookup: made only with an encrypted BIN and a client key. */
export function lookUpBin(
  loadingContext: string,
  clientKey: string,
  request: { encryptedBin: string; requestId: string; supportedBrands: string[]; type: string },
): Promise<BinLookupResponse> {
  return http<BinLookupResponse>(withQuery(`${loadingContext}v3/bin/binLookup`, { token: clientKey }), {
    body: request,
  });
}

/** What the card form learns from a lookup: the brands to offer, support and policies. */
export interface BinFacts {
  brands: BinLookupBrand[];
  /** Two supported brands: the shopper chooses (dual brand). */
  dualBrand: boolean;
  unsupported: boolean;
  issuingCountryCode: string | undefined;
  showSocialSecurityNumber: boolean;
}

export function interpretBinLookup(response: BinLookupResponse): BinFacts | undefined {
  const brands = response.brands ?? [];
  if (brands.length === 0) return undefined;
  const supported = brands.filter((brand) => brand.supported !== false);
  return {
    brands: supported.length ? supported : brands,
    dualBrand: supported.length > 1,
    unsupported: supported.length === 0,
    issuingCountryCode: response.issuingCountryCode?.toUpperCase(),
    showSocialSecurityNumber: !!(response.showSocialSecurityNumber ?? brands[0]?.showSocialSecurityNumber),
  };
}
