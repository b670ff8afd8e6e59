/**
 * The sandbox's Giving campaigns. Every merchant account gets the same ones (the sandbox has no
 * Giving onboarding): per currency one campaign with fixed amounts and one that rounds the order up.
 * Texts come in en-US, da-DK and de-DE; images and pages are served by the gateway itself.
 */

export type DonationType = 'fixedAmounts' | 'roundup';

interface Localised {
  'en-US': string;
  'da-DK': string;
  'de-DE': string;
}

interface CampaignDefinition {
  id: string;
  currency: string;
  donationType: DonationType;
  /** fixedAmounts: the amounts offered, in minor units. */
  values?: number[];
  /** roundup: the largest round-up, in minor units (the order is rounded up to its next multiple). */
  maxRoundupAmount?: number;
  /** The non-profit's account the donation is paid into. */
  donationAccount: string;
  nonprofit: 'green-canopy' | 'clean-seas';
  campaignName: Localised;
  causeName: Localised;
}

const NONPROFITS = {
  'green-canopy': {
    name: 'Green Canopy Foundation',
    description: {
      'en-US': 'Green Canopy plants native trees with local communities and looks after them for ten years.',
      'da-DK': 'Green Canopy planter hjemmehørende træer sammen med lokalsamfund og passer dem i ti år.',
      'de-DE': 'Green Canopy pflanzt mit Gemeinden vor Ort heimische Bäume und pflegt sie zehn Jahre lang.',
    },
  },
  'clean-seas': {
    name: 'Clean Seas Trust',
    description: {
      'en-US': 'Clean Seas Trust removes plastic from coasts and harbours and stops it at river mouths.',
      'da-DK': 'Clean Seas Trust fjerner plastik fra kyster og havne og stopper det ved flodmundinger.',
      'de-DE':
        'Clean Seas Trust entfernt Plastik von Küsten und aus Häfen und hält es an Flussmündungen auf.',
    },
  },
} as const;

const TREES = {
  campaignName: {
    'en-US': 'A tree for every order',
    'da-DK': 'Et træ for hver ordre',
    'de-DE': 'Ein Baum für jede Bestellung',
  },
  causeName: { 'en-US': 'Reforestation', 'da-DK': 'Genplantning af skov', 'de-DE': 'Aufforstung' },
};
const SEAS = {
  campaignName: {
    'en-US': 'Round up for the sea',
    'da-DK': 'Rund op for havet',
    'de-DE': 'Aufrunden fürs Meer',
  },
  causeName: { 'en-US': 'Clean oceans', 'da-DK': 'Rene have', 'de-DE': 'Saubere Meere' },
};

const DEFINITIONS: CampaignDefinition[] = [
  {
    id: 'DONATION_CAMPAIGN_TREES_EUR',
    currency: 'EUR',
    donationType: 'fixedAmounts',
    values: [100, 300, 500],
    donationAccount: 'GreenCanopyGiving',
    nonprofit: 'green-canopy',
    ...TREES,
  },
  {
    id: 'DONATION_CAMPAIGN_SEAS_EUR',
    currency: 'EUR',
    donationType: 'roundup',
    maxRoundupAmount: 100,
    donationAccount: 'CleanSeasGiving',
    nonprofit: 'clean-seas',
    ...SEAS,
  },
  {
    id: 'DONATION_CAMPAIGN_TREES_DKK',
    currency: 'DKK',
    donationType: 'fixedAmounts',
    values: [1000, 2500, 5000],
    donationAccount: 'GreenCanopyGiving',
    nonprofit: 'green-canopy',
    ...TREES,
  },
  {
    id: 'DONATION_CAMPAIGN_SEAS_DKK',
    currency: 'DKK',
    donationType: 'roundup',
    maxRoundupAmount: 1000,
    donationAccount: 'CleanSeasGiving',
    nonprofit: 'clean-seas',
    ...SEAS,
  },
];

/** A campaign as `/donationCampaigns` answers it (Adyen's DonationCampaign). */
export interface DonationCampaign {
  id: string;
  campaignName: string;
  causeName: string;
  nonprofitName: string;
  nonprofitDescription: string;
  nonprofitUrl: string;
  logoUrl: string;
  bannerUrl: string;
  termsAndConditionsUrl: string;
  donation: {
    currency: string;
    donationType: DonationType;
    type: DonationType;
    values?: number[];
    maxRoundupAmount?: number;
  };
}

export const NONPROFIT_SLUGS = Object.keys(NONPROFITS) as (keyof typeof NONPROFITS)[];

const localeOf = (locale: string | undefined): keyof Localised => {
  const language = locale?.slice(0, 2).toLowerCase();
  return language === 'da' ? 'da-DK' : language === 'de' ? 'de-DE' : 'en-US';
};

function present(
  definition: CampaignDefinition,
  publicUrl: string,
  locale: string | undefined,
): DonationCampaign {
  const language = localeOf(locale);
  const nonprofit = NONPROFITS[definition.nonprofit];
  const base = `${publicUrl.replace(/\/$/, '')}/donations`;
  return {
    id: definition.id,
    campaignName: definition.campaignName[language],
    causeName: definition.causeName[language],
    nonprofitName: nonprofit.name,
    nonprofitDescription: nonprofit.description[language],
    nonprofitUrl: `${base}/nonprofits/${definition.nonprofit}`,
    logoUrl: `${base}/images/${definition.nonprofit}-logo.svg`,
    bannerUrl: `${base}/images/${definition.nonprofit}-banner.svg`,
    termsAndConditionsUrl: `${base}/terms`,
    donation: {
      currency: definition.currency,
      donationType: definition.donationType,
      type: definition.donationType,
      ...(definition.values ? { values: [...definition.values] } : {}),
      ...(definition.maxRoundupAmount ? { maxRoundupAmount: definition.maxRoundupAmount } : {}),
    },
  };
}

/** The campaigns in a currency, fixed amounts first (a session's donation offers the first). */
export function campaignsIn(currency: string, publicUrl: string, locale?: string): DonationCampaign[] {
  return DEFINITIONS.filter((definition) => definition.currency === currency).map((definition) =>
    present(definition, publicUrl, locale),
  );
}

export function hasCampaignIn(currency: string): boolean {
  return DEFINITIONS.some((definition) => definition.currency === currency);
}

export function findCampaign(id: string) {
  return DEFINITIONS.find((definition) => definition.id === id);
}

export function nonprofitName(slug: string): string | undefined {
  return NONPROFITS[slug as keyof typeof NONPROFITS]?.name;
}
