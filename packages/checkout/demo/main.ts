import {
  Card,
  type CheckoutOptions,
  createCheckout,
  Dropin,
  type PaymentResponse,
  paymentMethodCatalogue,
  sandboxSdkUrls,
} from '../src/index.ts';
import {
  amazonPayDropinReturnUrl,
  amazonPayOptions,
  isAmazonPayDropinReturn,
  isAmazonPayResult,
} from './amazonpay-return.ts';

declare const __GATEWAY_URL__: string;
declare const __CLIENT_KEY__: string;
declare global {
  interface Window {
    checkout?: Awaited<ReturnType<typeof createCheckout>>;
  }
}

const params = new URLSearchParams(window.location.search);
const setting = (name: string, fallback: string) => params.get(name) ?? fallback;
const flow = setting('flow', 'sessions');
const component = setting('component', 'card');
const amount = { value: Number(setting('amount', '1000')), currency: setting('currency', 'EUR') };
const countryCode = setting('country', 'NL');
const locale = setting('locale', 'en-US');
const shopperReference = setting('shopper', '');
// `?shopperEmail=<e-mail>` (sessions flow): the session's shopper e-mail, which Click to Pay looks up.
const shopperEmail = params.get('shopperEmail');
const challengeWindowSize = setting('window', '02');
const billingAddressMode = setting('address', 'none') as 'none' | 'full' | 'partial';
const hasHolderName = setting('holderName', '1') === '1';
// `?testExpiry=<seconds>` (advanced flow): the gateway's sandbox trigger for a QR or app payment that
// lapses sooner than the method's own lifetime, to see the expired view without waiting minutes.
const testExpiry = Number(setting('testExpiry', '0'));
// `?orderExpiry=<seconds>` (advanced flow): a partial-payment order that lapses that soon.
const orderExpiry = Number(setting('orderExpiry', '0'));
// `?brand=<brand>` with `component=giftcard`: which gift-card entry (givex, svs, genericgiftcard).
const brand = params.get('brand');
// `?styles=<JSON>`: the card's `styles` for the inputs inside the frames, e.g.
// `{"base":{"color":"#0a4a7f"},"error":{"color":"#b3261e"},"placeholder":{"color":"#707070"}}`.
const cardStyles = (() => {
  try {
    return JSON.parse(setting('styles', 'null')) ?? undefined;
  } catch {
    return undefined;
  }
})();

// Reflect the settings in the form.
for (const [name, value] of params) {
  const field = document.querySelector<HTMLInputElement | HTMLSelectElement>(`.settings [name="${name}"]`);
  if (field instanceof HTMLInputElement && field.type === 'checkbox') field.checked = value === '1';
  else if (field) field.value = value;
}

const result = document.getElementById('result')!;
const log = (event: string, detail?: unknown) => {
  const line = `${new Date().toISOString().slice(11, 19)} ${event}${detail === undefined ? '' : ` ${JSON.stringify(detail)}`}\n`;
  document.getElementById('log')!.textContent += line;
};
const showResult = (response: PaymentResponse | undefined) => {
  result.textContent = `Result: ${response?.resultCode ?? 'Error'}`;
  log('result', response);
};

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

const common: CheckoutOptions = {
  clientKey: __CLIENT_KEY__,
  environmentUrl: __GATEWAY_URL__,
  locale,
  countryCode,
  // Wallet, scheme and buy-now-pay-later SDKs from the gateway's simulators.
  sdkUrls: sandboxSdkUrls(__GATEWAY_URL__),
  onPaymentCompleted: (response) => showResult(response),
  onPaymentFailed: (response) => showResult(response),
  onError: (error) => {
    log('error', { type: error.type, message: error.message });
    result.textContent = `Error: ${error.message}`;
  },
  onChange: (state) => log('change', { isValid: state.isValid }),
  onActionHandled: (data) => log('action', data),
  onDisableStoredPaymentMethod: (id, resolve) => {
    log('disable stored method', id);
    resolve();
  },
};

// Back from a bank's or provider's page: the gateway appended the result (and, for a session's payment,
// the session id) to the returnUrl.
const redirectResult = params.get('redirectResult');
const returningSessionId = params.get('sessionId');
/** This page with its settings, where a redirect payment comes back to. */
const returnUrl = (() => {
  const url = new URL(window.location.href);
  url.searchParams.delete('redirectResult');
  url.searchParams.delete('sessionId');
  return url.toString();
})();

async function start() {
  let options: CheckoutOptions;
  // Back from a redirect, or from Amazon to the drop-in's page: the same session goes on.
  const resuming = redirectResult || isAmazonPayDropinReturn(params);
  if (flow === 'sessions' && resuming && returningSessionId) {
    // Only the id: the session's latest data was kept in localStorage before the redirect.
    options = { ...common, session: { id: returningSessionId } };
  } else if (flow === 'sessions') {
    const session = await merchant('/api/sessions', {
      returnUrl,
      amount,
      countryCode,
      shopperLocale: locale,
      ...(shopperReference
        ? {
            shopperReference,
            storePaymentMethodMode: 'askForConsent',
            recurringProcessingModel: 'CardOnFile',
          }
        : {}),
    });
    options = {
      ...common,
      session: {
        id: session.id,
        sessionData: session.sessionData,
        ...(shopperEmail ? { shopperEmail } : {}),
      },
    };
  } else {
    const paymentMethodsResponse = await merchant('/api/paymentMethods', {
      amount,
      countryCode,
      shopperLocale: locale,
      ...(shopperReference ? { shopperReference } : {}),
    });
    /** The order's reference as the merchant API takes it. */
    const orderReference = (order: { orderData: string; pspReference: string }) => ({
      orderData: order.orderData,
      pspReference: order.pspReference,
    });
    const methodsFor = (order?: { orderData: string; pspReference: string }) =>
      merchant('/api/paymentMethods', {
        amount,
        countryCode,
        shopperLocale: locale,
        ...(order ? { order: orderReference(order) } : {}),
      });
    options = {
      ...common,
      amount,
      paymentMethodsResponse,
      onBalanceCheck: (resolve, reject, data) => {
        merchant('/api/paymentMethods/balance', {
          paymentMethod: data.paymentMethod,
          amount: data.amount ?? amount,
        }).then(resolve, reject);
      },
      onOrderRequest: (resolve, reject) => {
        const expiresAt =
          orderExpiry > 0 ? new Date(Date.now() + orderExpiry * 1000).toISOString() : undefined;
        merchant('/api/orders', { amount, ...(expiresAt ? { expiresAt } : {}) }).then(resolve, reject);
      },
      onOrderUpdated: ({ order }) => {
        log('order updated', { remaining: order.remainingAmount });
        methodsFor(order).then(
          (methods) => window.checkout?.update({ paymentMethodsResponse: methods }),
          (error: unknown) => log('payment methods failed', String(error)),
        );
      },
      onOrderCancel: ({ order }, actions) => {
        merchant('/api/orders/cancel', { order: orderReference(order) })
          .then(() => methodsFor())
          .then((methods) => actions.resolve({ amount, paymentMethodsResponse: methods }), actions.reject);
      },
      onSubmit: (state, _element, actions) => {
        // Inside an order each payment asks for what is left; the gateway takes what a gift card covers.
        const due = window.checkout?.order?.remainingAmount ?? amount;
        merchant('/api/payments', {
          ...state.data,
          returnUrl,
          amount: due,
          countryCode,
          ...(shopperReference ? { shopperReference, recurringProcessingModel: 'CardOnFile' } : {}),
          ...(testExpiry > 0 ? { additionalData: { RequestedTestExpirySeconds: testExpiry } } : {}),
        }).then(actions.resolve, actions.reject);
      },
      onAdditionalDetails: (state, _element, actions) => {
        merchant('/api/payments/details', state.data).then(actions.resolve, actions.reject);
      },
    };
  }
  const checkout = await createCheckout(options);
  if (redirectResult) {
    // A reload must not submit the same result again.
    window.history.replaceState(null, '', returnUrl);
    log('redirect return', { sessionId: returningSessionId });
    await checkout.submitDetails({ details: { redirectResult } });
    return;
  }
  const cardOptions = {
    hasHolderName,
    billingAddressRequired: billingAddressMode !== 'none',
    billingAddressMode,
    challengeWindowSize,
    ...(cardStyles ? { styles: cardStyles } : {}),
  };
  const element = isAmazonPayDropinReturn(params)
    ? // Amazon Pay's result return to the drop-in's page: its component pays with the session id.
      await standalone(checkout, 'amazonpay')
    : component === 'dropin'
      ? new Dropin(checkout, {
          paymentMethodComponents: [Card, ...paymentMethodCatalogue],
          showRemovePaymentMethodButton: true,
          paymentMethodsConfiguration: {
            card: cardOptions,
            storedCard: { challengeWindowSize },
            amazonpay: { returnUrl: amazonPayDropinReturnUrl(window.location.href, checkout.session?.id) },
          },
        })
      : component === 'card'
        ? new Card(checkout, cardOptions)
        : await standalone(checkout, component);
  element.mount('#payment');
  Object.assign(window, { checkout, element });
  if ((component === 'amazonpay' || component === 'dropin') && isAmazonPayResult(params))
    void element.submit();
}

/** `?component=<type>`: one method of the catalogue on its own, with its entry from /paymentMethods. */
async function standalone(checkout: Awaited<ReturnType<typeof createCheckout>>, type: string) {
  const lazy = paymentMethodCatalogue.find((candidate) => candidate.txVariants.includes(type));
  if (!lazy) throw new Error(`No component for payment method type ${type}`);
  const loaded = await lazy.load();
  const Component = 'default' in loaded ? loaded.default : loaded;
  const entry = checkout.paymentMethodsResponse.paymentMethods?.find(
    (method) => method.type === type && (!brand || method.brand === brand),
  );
  // `?highlighted=id1,id2`: an issuer-list method's featured banks.
  const highlightedIssuers = params.get('highlighted')?.split(',').filter(Boolean);
  return new Component(checkout, {
    ...entry,
    type,
    ...(highlightedIssuers ? { highlightedIssuers } : {}),
    ...(type === 'amazonpay' ? amazonPayOptions(params) : {}),
  });
}

start().catch((error: unknown) => {
  result.textContent = `Error: ${(error as Error).message}`;
  log('start failed', String(error));
});
