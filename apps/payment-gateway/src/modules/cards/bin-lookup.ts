import { type BrandRule, detectBrands } from './brands.ts';

export interface BinLookupRequest {
  requestId?: string | undefined;
  supportedBrands?: string[] | undefined;
  type?: string | undefined;
}

/**
 * `v3/bin/binLookup` (docs/domain.md, test cards and test data): the brands of the card's first digits with their field
 * policies; an unknown BIN returns only the requestId.
 */
export function lookupBin(bin: string, request: BinLookupRequest) {
  const digits = bin.replace(/\D/g, '');
  const brands = digits.length >= 4 ? detectBrands(digits) : [];
  const base = { requestId: request.requestId ?? null };
  if (brands.length === 0) return base;
  const supported = (rule: BrandRule) =>
    !request.supportedBrands?.length || request.supportedBrands.includes(rule.brand);
  const showSocialSecurityNumber = brands.some((rule) => rule.showSocialSecurityNumber === true);
  return {
    ...base,
    issuingCountryCode: brands[0]?.issuingCountryCode,
    brands: brands.map((rule) => ({
      brand: rule.brand,
      enableLuhnCheck: rule.luhn,
      supported: supported(rule),
      cvcPolicy: rule.cvcPolicy,
      expiryDatePolicy: rule.expiryDatePolicy,
      ...(rule.lengths.length === 1 ? { panLength: rule.lengths[0] } : {}),
      showSocialSecurityNumber: rule.showSocialSecurityNumber === true,
      paymentMethodVariant: rule.brand,
      localeBrand: rule.brand,
    })),
    showSocialSecurityNumber,
  };
}
