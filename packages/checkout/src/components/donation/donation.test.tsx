import { act, fireEvent, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDonation } from '../../catalogue/donation.ts';
import type { DonationState } from '../../core/callbacks.ts';
import { axeViolations } from '../../test/axe.ts';
import { type FakeFetch, installFakeFetch, sessionSetupResponse } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { donationAmount, roundupAmount } from './amounts.ts';
import { Donation, type DonationOptions } from './index.ts';

let fake: FakeFetch;
beforeEach(() => {
  fake = installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

const CAMPAIGN = {
  id: 'DONATION_CAMPAIGN_TREES_EUR',
  campaignName: 'A tree for every order',
  causeName: 'Reforestation',
  nonprofitName: 'Green Canopy Foundation',
  nonprofitDescription: 'Green Canopy plants native trees.',
  nonprofitUrl: 'https://gateway.test/donations/nonprofits/green-canopy',
  logoUrl: 'https://gateway.test/donations/images/green-canopy-logo.svg',
  bannerUrl: 'https://gateway.test/donations/images/green-canopy-banner.svg',
  termsAndConditionsUrl: 'https://gateway.test/donations/terms',
};
const FIXED = {
  currency: 'EUR',
  donationType: 'fixedAmounts',
  type: 'fixedAmounts',
  values: [100, 300, 500],
} as const;
const ROUNDUP = { currency: 'EUR', donationType: 'roundup', type: 'roundup', maxRoundupAmount: 100 } as const;

const mountDonation = (options: Partial<DonationOptions>, locale = 'en-US') =>
  mountElement((checkout) => new Donation(checkout, { ...CAMPAIGN, donation: FIXED, ...options }), {
    locale,
  });

describe('round-up and amount rules', () => {
  it('rounds up to the next multiple of the maximum, never by nothing', () => {
    expect(roundupAmount(1250, 100)).toBe(50);
    expect(roundupAmount(1299, 100)).toBe(1);
    expect(roundupAmount(1300, 100)).toBe(100);
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.integer({ min: 1, max: 10_000 }), (total, max) => {
        const roundup = roundupAmount(total, max);
        return roundup >= 1 && roundup <= max && (total + roundup) % max === 0;
      }),
    );
  });

  it('a round-up is chosen at once; a fixed amount only when it is one offered', () => {
    expect(donationAmount(ROUNDUP, 1250, undefined)).toEqual({ currency: 'EUR', value: 50 });
    expect(donationAmount(FIXED, 1250, undefined)).toBeUndefined();
    expect(donationAmount(FIXED, 1250, 200)).toBeUndefined();
    expect(donationAmount(FIXED, 1250, 300)).toEqual({ currency: 'EUR', value: 300 });
    expect(donationAmount({ currency: 'EUR', type: 'roundup' }, 1250, undefined)).toBeUndefined();
  });
});

describe('Donation component', () => {
  it('shows the campaign and fixed amounts; Donate stays disabled until one is chosen, then onDonate gets the state', async () => {
    const onDonate = vi.fn<(state: DonationState) => void>();
    const { element } = await mountDonation({ onDonate, donationToken: 'token-1' });
    expect(screen.getByText('Green Canopy Foundation')).toBeTruthy();
    expect(screen.getByText('Reforestation')).toBeTruthy();
    const about = screen.getByRole('link', { name: /About Green Canopy Foundation/ });
    expect(about.getAttribute('target')).toBe('_blank');
    expect(about.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: /Terms and conditions/ })).toBeTruthy();
    const donate = screen.getByRole('button', { name: 'Donate' }) as HTMLButtonElement;
    expect(donate.disabled).toBe(true);
    expect(element.isValid).toBe(false);
    // The first amount is the group's tab stop while none is chosen.
    const amounts = screen.getAllByRole('radio');
    expect(amounts.map((radio) => radio.textContent)).toEqual(['€1.00', '€3.00', '€5.00']);
    expect(amounts.map((radio) => radio.tabIndex)).toEqual([0, -1, -1]);

    await act(async () => fireEvent.click(screen.getByRole('radio', { name: '€3.00' })));
    const ready = screen.getByRole('button', { name: 'Donate €3.00' }) as HTMLButtonElement;
    expect(ready.disabled).toBe(false);
    await act(async () => fireEvent.click(ready));
    expect(onDonate).toHaveBeenCalledTimes(1);
    expect(onDonate.mock.calls[0]?.[0]).toEqual({
      data: {
        amount: { currency: 'EUR', value: 300 },
        donationType: 'fixedAmounts',
        donationCampaignId: 'DONATION_CAMPAIGN_TREES_EUR',
        donationToken: 'token-1',
      },
      isValid: true,
    });
    // Loading: a second press does nothing.
    await act(async () => fireEvent.click(ready));
    expect(onDonate).toHaveBeenCalledTimes(1);

    await act(async () => element.setStatus('success'));
    expect(screen.getByRole('status').textContent).toContain('Thank you for your donation!');
    expect(screen.getByRole('status').textContent).toContain('♥');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('a round-up is valid at once and shows its amount; an error from the merchant shows the unknown error', async () => {
    const onDonate = vi.fn();
    const { element } = await mountDonation({ donation: ROUNDUP, commercialTxAmount: 1250, onDonate });
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(
      screen.getByText(/Round your total up to €13.00: €0.50 goes to Green Canopy Foundation/),
    ).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate €0.50' })));
    expect(onDonate.mock.calls[0]?.[0].data).toMatchObject({
      amount: { currency: 'EUR', value: 50 },
      donationType: 'roundup',
    });
    await act(async () => element.setStatus('error'));
    expect(screen.getByRole('alert').textContent).toContain('An unknown error occurred');
  });

  it('takes the checkout amount for a round-up when none is given', async () => {
    const { element } = await mountElement(
      (checkout) => new Donation(checkout, { ...CAMPAIGN, donation: ROUNDUP }),
      { amount: { currency: 'EUR', value: 1999 } },
    );
    expect(element.donationState.data.amount).toEqual({ currency: 'EUR', value: 1 });
  });

  it('"Not now" calls onCancel; it can be hidden', async () => {
    const onCancel = vi.fn();
    await mountDonation({ onCancel });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Not now' })));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onCancel.mock.calls[0]?.[0]).toMatchObject({
      isValid: false,
      data: { donationType: 'fixedAmounts' },
    });
    await mountDonation({ showCancelButton: false });
    expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();
  });

  it('speaks Danish and German', async () => {
    await mountDonation({ donation: { ...FIXED, currency: 'DKK', values: [1000] } }, 'da-DK');
    expect(screen.getByRole('button', { name: 'Donér' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ikke nu' })).toBeTruthy();
    await mountDonation({}, 'de-DE');
    expect(screen.getByRole('button', { name: 'Nicht jetzt' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Wählen Sie einen Spendenbetrag' })).toBeTruthy();
  });

  it('needs a campaign with donation settings; loads lazily', async () => {
    await expect(
      mountElement((checkout) => new Donation(checkout, {} as DonationOptions)),
    ).rejects.toMatchObject({ type: 'IMPLEMENTATION_ERROR' });
    expect(await loadDonation()).toBe(Donation);
  });
});

describe('Donation in the sessions flow', () => {
  const sessionCheckout = async () => {
    fake.route('/v1/sessions/CS1/setup', () =>
      sessionSetupResponse({ id: 'CS1', sessionData: 'sd-1', amount: { currency: 'EUR', value: 1250 } }),
    );
    fake.route('/v1/sessions/CS1/donationCampaigns', () => ({
      sessionData: 'sd-2',
      donationCampaigns: [
        { ...CAMPAIGN, donation: FIXED },
        { ...CAMPAIGN, id: 'DONATION_CAMPAIGN_SEAS_EUR', donation: ROUNDUP },
      ],
    }));
    let donated: unknown;
    fake.route('/v1/sessions/CS1/donations', (body) => {
      donated = body;
      return { resultCode: 'Authorised', status: 'completed', sessionData: 'sd-3' };
    });
    const onDonationCompleted = vi.fn();
    const { element } = await mountElement(
      (checkout) => new Donation(checkout, { ...CAMPAIGN, donation: FIXED }),
      { session: { id: 'CS1', sessionData: 'sd-0' } },
    );
    return { checkout: element.checkout, onDonationCompleted, donated: () => donated };
  };

  it('fetches the session’s campaigns and donates through the session', async () => {
    const { checkout, onDonationCompleted, donated } = await sessionCheckout();
    const donation = await Donation.forSession(checkout, { donationType: 'roundup', onDonationCompleted });
    expect(donation?.props.id).toBe('DONATION_CAMPAIGN_SEAS_EUR');
    await act(async () => {
      donation?.mount(document.body.appendChild(document.createElement('div')));
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate €0.50' })));
    await vi.waitFor(() => expect(onDonationCompleted).toHaveBeenCalledWith({ didDonate: true }));
    expect(donated()).toMatchObject({
      sessionData: 'sd-2',
      amount: { currency: 'EUR', value: 50 },
      donationCampaignId: 'DONATION_CAMPAIGN_SEAS_EUR',
      donationType: 'roundup',
    });
    expect(screen.getByText('Thank you for your donation!')).toBeTruthy();
  });

  it('gives nothing to mount when the session has no campaign, and needs a session', async () => {
    const { checkout } = await sessionCheckout();
    fake.route('/v1/sessions/CS1/donationCampaigns', () => ({ sessionData: 'sd-4', donationCampaigns: [] }));
    expect(await Donation.forSession(checkout)).toBeUndefined();
    const { element } = await mountDonation({});
    await expect(Donation.forSession(element.checkout)).rejects.toMatchObject({
      type: 'IMPLEMENTATION_ERROR',
    });
  });
});
