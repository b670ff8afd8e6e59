import { z } from 'zod';
import { amountSchema } from '../payments/models.ts';

export const donationCampaignsRequestSchema = z.looseObject({
  merchantAccount: z.string().min(1).max(128),
  currency: z.string().regex(/^[A-Z]{3}$/),
  locale: z.string().max(16).optional(),
});
export type DonationCampaignsRequest = z.infer<typeof donationCampaignsRequestSchema>;

export const donationRequestSchema = z.looseObject({
  amount: amountSchema,
  merchantAccount: z.string().min(1).max(128),
  reference: z.string().min(1).max(256),
  returnUrl: z.string().max(1024).optional(),
  donationCampaignId: z.string().min(1).max(64),
  donationToken: z.string().min(1).max(4096),
  donationOriginalPspReference: z.string().min(1).max(64),
});
export type DonationRequest = z.infer<typeof donationRequestSchema>;

/** The widget's session donation call: the session stands for the token and the original payment. */
export const sessionDonationRequestSchema = z.looseObject({
  sessionData: z.string().min(1).max(4096),
  amount: amountSchema,
  donationCampaignId: z.string().min(1).max(64),
  donationType: z.enum(['fixedAmounts', 'roundup']).optional(),
});
export type SessionDonationRequest = z.infer<typeof sessionDonationRequestSchema>;
