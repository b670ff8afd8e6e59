import type { Amount } from '../../core/amount.ts';

/** Fixed amounts to choose from, or rounding the payment up. */
export type DonationType = 'fixedAmounts' | 'roundup';

/** A campaign's `donation` as the gateway's `/donationCampaigns` returns it. */
export interface DonationSettings {
  currency: string;
  /** Adyen sends both `type` and `donationType`; either is enough. */
  type?: DonationType;
  donationType?: DonationType;
  /** fixedAmounts: the amounts offered, in minor units. */
  values?: readonly number[];
  /** roundup: the largest round-up, in minor units. */
  maxRoundupAmount?: number;
}

export const donationTypeOf = (donation: DonationSettings): DonationType =>
  donation.type ?? donation.donationType ?? (donation.values ? 'fixedAmounts' : 'roundup');

/**
 * What rounds the order up to the next multiple of `maxRoundupAmount`: max − (total mod max). A total
 * that is already a multiple gives the whole maximum (the next multiple, never zero).
 */
export function roundupAmount(commercialTxAmount: number, maxRoundupAmount: number): number {
  if (!(maxRoundupAmount > 0)) return 0;
  const total = Math.max(0, Math.trunc(commercialTxAmount));
  return maxRoundupAmount - (total % maxRoundupAmount);
}

/**
 * The amount the shopper gives, or undefined while none is chosen: a round-up is chosen at once; a
 * fixed amount only when the chosen value is one the campaign offers.
 */
export function donationAmount(
  donation: DonationSettings,
  commercialTxAmount: number,
  chosenValue: number | undefined,
): Amount | undefined {
  if (donationTypeOf(donation) === 'roundup') {
    const value = roundupAmount(commercialTxAmount, donation.maxRoundupAmount ?? 0);
    return value > 0 ? { currency: donation.currency, value } : undefined;
  }
  if (chosenValue === undefined || !donation.values?.includes(chosenValue)) return undefined;
  return { currency: donation.currency, value: chosenValue };
}
