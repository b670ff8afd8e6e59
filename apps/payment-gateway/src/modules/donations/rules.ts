import type { Amount } from '../payments/models.ts';
import type { findCampaign } from './campaigns.ts';

type Campaign = NonNullable<ReturnType<typeof findCampaign>>;

/**
 * Why an amount cannot be donated to a campaign, or undefined when it can: the campaign's currency,
 * one of its fixed amounts, or a round-up of at least one minor unit and at most its maximum.
 */
export function donationAmountProblem(campaign: Campaign, amount: Amount): string | undefined {
  if (amount.currency !== campaign.currency)
    return `The campaign takes donations in ${campaign.currency}, not ${amount.currency}.`;
  if (campaign.donationType === 'fixedAmounts') {
    return campaign.values?.includes(amount.value)
      ? undefined
      : `The campaign offers only these amounts: ${campaign.values?.join(', ')}.`;
  }
  const max = campaign.maxRoundupAmount ?? 0;
  return amount.value >= 1 && amount.value <= max
    ? undefined
    : `A round-up is between 1 and ${max} minor units.`;
}

/** The round-up of a transaction amount to the next multiple of `maxRoundupAmount` (a whole multiple gives the maximum). */
export function roundupAmount(transactionValue: number, maxRoundupAmount: number): number {
  return maxRoundupAmount - (transactionValue % maxRoundupAmount);
}
