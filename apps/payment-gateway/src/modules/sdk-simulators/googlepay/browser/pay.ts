/**
 * Simulator of the browser wallet's script (`pay.js`): `google.payments.api.PaymentsClient` with its
 * documented browser API. Tokens come from the sandbox gateway (sealed there; the page never sees a
 * card number). Scenarios: localStorage `actuate-sandbox:googlepay` = `{"available": false}` or
 * `{"paymentMethodPresent": false}`, and the shopper's choices in the sheet.
 */
import { type ButtonOptions, createWalletButton } from './button.ts';
import { Sheet, TEST_ADDRESSES } from './sheet.ts';
import {
  type Address,
  type PaymentDataCallbacks,
  type PaymentDataRequest,
  PaymentsError,
  type SheetCard,
} from './types.ts';

const SWITCH_KEY = 'actuate-sandbox:googlepay';

/** Where the gateway is and which client key to use: a page-set object, else this script's own URL. */
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src;
function gatewayConfig(): { root: string; clientKey: string | undefined } {
  const preset = (window as { actuateSandboxGooglePay?: { gatewayUrl?: string; clientKey?: string } })
    .actuateSandboxGooglePay;
  const url = new URL(preset?.gatewayUrl ?? scriptUrl ?? location.href, location.href);
  const root = preset?.gatewayUrl
    ? url.href.replace(/\/?$/, '/')
    : url.href.slice(0, url.href.indexOf('sdk-simulators/'));
  return { root, clientKey: preset?.clientKey ?? url.searchParams.get('clientKey') ?? undefined };
}

function switches(): { available?: boolean; paymentMethodPresent?: boolean } {
  try {
    return JSON.parse(localStorage.getItem(SWITCH_KEY) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

async function gatewayCall<T>(path: string, body?: unknown): Promise<T> {
  const { root, clientKey } = gatewayConfig();
  if (!clientKey)
    throw new PaymentsError('DEVELOPER_ERROR', 'Sandbox: no client key (add ?clientKey= to the pay.js URL).');
  const response = await fetch(
    `${root}sdk-simulators/googlepay/${path}?clientKey=${encodeURIComponent(clientKey)}`,
    {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
  const json = await response.json();
  if (!response.ok) throw new PaymentsError('INTERNAL_ERROR', json.message ?? 'Sandbox gateway call failed');
  return json as T;
}

/** The request's faults a real client reports as DEVELOPER_ERROR. */
function checkRequest(request: PaymentDataRequest | undefined, needsTransaction: boolean) {
  if (request?.apiVersion !== 2)
    throw new PaymentsError('DEVELOPER_ERROR', 'Unsupported apiVersion: expected 2.');
  const card = request.allowedPaymentMethods?.find((method) => method.type === 'CARD');
  if (!card?.parameters?.allowedAuthMethods?.length || !card.parameters.allowedCardNetworks?.length)
    throw new PaymentsError(
      'DEVELOPER_ERROR',
      'allowedPaymentMethods needs a CARD with auth methods and networks.',
    );
  if (!needsTransaction) return card;
  if (!request.transactionInfo?.currencyCode)
    throw new PaymentsError('DEVELOPER_ERROR', 'transactionInfo.currencyCode is required.');
  if (card.tokenizationSpecification?.type !== 'PAYMENT_GATEWAY')
    throw new PaymentsError('DEVELOPER_ERROR', 'tokenizationSpecification.type must be PAYMENT_GATEWAY.');
  return card;
}

/** The address as the merchant's onPaymentDataChanged sees it before authorisation (redacted). */
const redacted = (address: Address) => ({
  countryCode: address.countryCode,
  postalCode: address.postalCode,
  administrativeArea: address.administrativeArea ?? '',
  locality: address.locality,
});

class PaymentsClient {
  private readonly callbacks: PaymentDataCallbacks;

  constructor(options: { environment?: string; paymentDataCallbacks?: PaymentDataCallbacks } = {}) {
    this.callbacks = options.paymentDataCallbacks ?? {};
  }

  async isReadyToPay(request: PaymentDataRequest) {
    checkRequest(request, false);
    const scenario = switches();
    if (scenario.available === false) return { result: false };
    return request.existingPaymentMethodRequired
      ? { result: true, paymentMethodPresent: scenario.paymentMethodPresent !== false }
      : { result: true };
  }

  prefetchPaymentData(request: PaymentDataRequest): void {
    checkRequest(request, true);
  }

  createButton(options: ButtonOptions = {}): HTMLElement {
    return createWalletButton(options);
  }

  loadPaymentData(request: PaymentDataRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let card: ReturnType<typeof checkRequest>;
      try {
        card = checkRequest(request, true);
      } catch (error) {
        reject(error);
        return;
      }
      const intents = new Set(request.callbackIntents ?? []);
      if (intents.has('PAYMENT_AUTHORIZATION') && !this.callbacks.onPaymentAuthorized) {
        reject(
          new PaymentsError(
            'DEVELOPER_ERROR',
            'PAYMENT_AUTHORIZATION needs paymentDataCallbacks.onPaymentAuthorized.',
          ),
        );
        return;
      }
      void gatewayCall<{ cards: SheetCard[] }>('cards').then(
        ({ cards }) => this.openSheet(request, card, cards, resolve, reject),
        reject,
      );
    });
  }

  private openSheet(
    request: PaymentDataRequest,
    card: ReturnType<typeof checkRequest>,
    allCards: SheetCard[],
    resolve: (data: unknown) => void,
    reject: (error: unknown) => void,
  ) {
    const intents = new Set(request.callbackIntents ?? []);
    const allowed = card.parameters!;
    const cards = allCards.filter(
      (entry) =>
        allowed.allowedCardNetworks!.includes(entry.network) &&
        allowed.allowedAuthMethods!.includes(entry.authMethod),
    );
    const options = request.shippingOptionParameters?.shippingOptions;
    let address = TEST_ADDRESSES[0]!;
    let optionId = request.shippingOptionParameters?.defaultSelectedOptionId ?? options?.[0]?.id;
    let finished = false;
    const end = (outcome: () => void) => {
      if (finished) return;
      finished = true;
      sheet.close();
      outcome();
    };
    const dataChanged = async (callbackTrigger: string) => {
      const handler = this.callbacks.onPaymentDataChanged;
      const wanted =
        callbackTrigger === 'INITIALIZE' ||
        (callbackTrigger === 'SHIPPING_ADDRESS' && intents.has('SHIPPING_ADDRESS')) ||
        (callbackTrigger === 'SHIPPING_OPTION' && intents.has('SHIPPING_OPTION'));
      if (!handler || !wanted || !(intents.has('SHIPPING_ADDRESS') || intents.has('SHIPPING_OPTION'))) return;
      sheet.busy(true);
      try {
        const update = await handler({
          callbackTrigger,
          ...(request.shippingAddressRequired ? { shippingAddress: redacted(address) } : {}),
          ...(optionId ? { shippingOptionData: { id: optionId } } : {}),
        });
        if (update?.newShippingOptionParameters)
          optionId = update.newShippingOptionParameters.defaultSelectedOptionId ?? optionId;
        sheet.update({
          ...(update?.newTransactionInfo
            ? { transaction: { ...request.transactionInfo, ...update.newTransactionInfo } }
            : {}),
          ...(update?.newShippingOptionParameters
            ? { options: update.newShippingOptionParameters.shippingOptions, selectedOptionId: optionId }
            : {}),
        });
        if (update?.newTransactionInfo)
          request = {
            ...request,
            transactionInfo: { ...request.transactionInfo, ...update.newTransactionInfo },
          };
        sheet.showError(update?.error?.message);
      } finally {
        sheet.busy(false);
      }
    };
    const pay = async (cardId: string) => {
      sheet.showError(undefined);
      sheet.busy(true);
      try {
        const gatewayMerchantId = card.tokenizationSpecification?.parameters?.gatewayMerchantId || undefined;
        const minted = await gatewayCall<{ token: string; card: SheetCard }>('tokens', {
          cardId,
          gatewayMerchantId,
        });
        const paymentData = {
          apiVersion: 2,
          apiVersionMinor: 0,
          ...(request.emailRequired ? { email: 'shopper@example.com' } : {}),
          ...(request.shippingAddressRequired ? { shippingAddress: { ...address, id: undefined } } : {}),
          ...(request.shippingOptionRequired && optionId ? { shippingOptionData: { id: optionId } } : {}),
          paymentMethodData: {
            type: 'CARD',
            description: minted.card.label,
            info: {
              cardNetwork: minted.card.network,
              cardDetails: minted.card.lastFour,
              ...(allowed.assuranceDetailsRequired
                ? {
                    assuranceDetails: {
                      accountVerified: true,
                      cardHolderAuthenticated: minted.card.authMethod === 'CRYPTOGRAM_3DS',
                    },
                  }
                : {}),
              ...(allowed.billingAddressRequired
                ? { billingAddress: { ...TEST_ADDRESSES[0], id: undefined } }
                : {}),
            },
            tokenizationData: { type: 'PAYMENT_GATEWAY', token: minted.token },
          },
        };
        if (!intents.has('PAYMENT_AUTHORIZATION')) {
          end(() => resolve(paymentData));
          return;
        }
        const result = await this.callbacks.onPaymentAuthorized!(paymentData);
        if (result?.transactionState === 'SUCCESS') end(() => resolve(paymentData));
        else
          sheet.showError(
            result?.error?.message ?? 'The payment could not be completed. Choose another card.',
          );
      } catch (error) {
        sheet.showError(error instanceof Error ? error.message : String(error));
      } finally {
        if (!finished) sheet.busy(false);
      }
    };
    const sheet = new Sheet(
      {
        merchantName:
          request.merchantInfo?.merchantName || request.merchantInfo?.merchantId || 'the merchant',
        transaction: request.transactionInfo,
        cards,
        askAddress: request.shippingAddressRequired === true,
        options: request.shippingOptionRequired ? options : undefined,
        selectedOptionId: optionId,
      },
      {
        onPay: (cardId) => void pay(cardId),
        onCancel: () =>
          end(() => reject(new PaymentsError('CANCELED', 'User closed the Payment Request UI.'))),
        onDeveloperError: () =>
          end(() =>
            reject(new PaymentsError('DEVELOPER_ERROR', 'Sandbox: the tester chose a developer error.')),
          ),
        onAddressChange: (id) => {
          address = TEST_ADDRESSES.find((entry) => entry.id === id) ?? address;
          void dataChanged('SHIPPING_ADDRESS');
        },
        onOptionChange: (id) => {
          optionId = id;
          void dataChanged('SHIPPING_OPTION');
        },
      },
    );
    void dataChanged('INITIALIZE');
  }
}

const target = window as unknown as { google?: { payments?: { api?: Record<string, unknown> } } };
target.google ??= {};
target.google.payments ??= {};
target.google.payments.api = { ...(target.google.payments.api ?? {}), PaymentsClient };
