export {
  Donation,
  Donation as default,
  type DonationCampaignProps,
  type DonationOptions,
} from './donation.tsx';
