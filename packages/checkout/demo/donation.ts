import { Card, createCheckout, loadDonation, type PaymentResponse } from '../src/index.ts';
// Imported, not linked: the page's folder is Vite's root, which a `../src` link cannot reach.
import '../src/styles/checkout.css';

declare const __GATEWAY_URL__: string;
declare const __CLIENT_KEY__: string;

/**
 * The advanced flow with a donation after the payment: `?type=roundup|fixedAmounts` picks the
 * campaign, `amount` and `currency` the order. The merchant server (merchant-server.ts) fetches the
 * campaigns and makes the donation with the payment's donationToken.
 */
const params = new URLSearchParams(window.location.search);
const amount = { value: Number(params.get('amount') ?? '1250'), currency: params.get('currency') ?? 'EUR' };
const donationType = params.get('type') ?? 'roundup';
const locale = params.get('locale') ?? 'en-US';
const result = document.getElementById('result')!;
const donationResult = document.getElementById('donation-result')!;

async function merchant(path: string, body: unknown) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(json.message ?? `merchant call ${path} failed`);
  return json;
}

async function askForDonation(
  checkout: Awaited<ReturnType<typeof createCheckout>>,
  payment: PaymentResponse,
) {
  if (!payment.donationToken || !payment.pspReference) return;
  const { donationCampaigns } = await merchant('/api/donationCampaigns', {
    currency: amount.currency,
    locale,
  });
  const campaign = donationCampaigns.find(
    (candidate: { donation: { donationType: string } }) => candidate.donation.donationType === donationType,
  );
  if (!campaign) return;
  const Donation = await loadDonation();
  const donation = new Donation(checkout, {
    ...campaign,
    commercialTxAmount: amount.value,
    donationToken: payment.donationToken,
    onDonate: (state, element) => {
      merchant('/api/donations', {
        amount: state.data.amount,
        donationCampaignId: state.data.donationCampaignId,
        donationToken: state.data.donationToken,
        donationOriginalPspReference: payment.pspReference,
      }).then(
        (answer) => {
          donationResult.textContent = `Donation: ${answer.status}`;
          element.setStatus(answer.status === 'completed' ? 'success' : 'error');
        },
        () => element.setStatus('error'),
      );
    },
    onCancel: () => {
      donation.unmount();
      donationResult.textContent = 'Donation: not now';
    },
  });
  donation.mount('#donation');
  Object.assign(window, { donation });
}

async function start() {
  const paymentMethodsResponse = await merchant('/api/paymentMethods', {
    amount,
    countryCode: 'NL',
    shopperLocale: locale,
  });
  const checkout = await createCheckout({
    clientKey: __CLIENT_KEY__,
    environmentUrl: __GATEWAY_URL__,
    locale,
    countryCode: 'NL',
    amount,
    paymentMethodsResponse,
    onSubmit: (state, _element, actions) => {
      merchant('/api/payments', { ...state.data, amount, countryCode: 'NL' }).then(
        actions.resolve,
        actions.reject,
      );
    },
    onAdditionalDetails: (state, _element, actions) => {
      merchant('/api/payments/details', state.data).then(actions.resolve, actions.reject);
    },
    onPaymentCompleted: (response) => {
      result.textContent = `Result: ${response.resultCode}`;
      element.unmount();
      void askForDonation(checkout, response).catch((error: unknown) => {
        donationResult.textContent = `Donation error: ${(error as Error).message}`;
      });
    },
    onPaymentFailed: (response) => {
      result.textContent = `Result: ${response?.resultCode ?? 'Error'}`;
    },
  });
  const element = new Card(checkout, { hasHolderName: false }).mount('#payment');
  Object.assign(window, { checkout, element });
}

start().catch((error: unknown) => {
  result.textContent = `Error: ${(error as Error).message}`;
});
