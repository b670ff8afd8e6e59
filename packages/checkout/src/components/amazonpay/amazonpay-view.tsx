import { useEffect, useId, useState } from 'react';
import { CheckoutError } from '../../core/errors.ts';
import { useViewState } from '../base/element-root.tsx';
import { Spinner, StatusMessage } from '../base/pay-button.tsx';
import { type AmazonButtonSettings, amazonSdk } from './amazon-sdk.ts';
import type { AmazonPay } from './amazonpay.tsx';
import {
  AMAZONPAY_ERRORS,
  checkoutLanguage,
  checkoutPayload,
  LEDGER_CURRENCIES,
  scriptUrlFor,
} from './config.ts';
import { signString, updateCheckoutSession } from './services.ts';

/** Logs a §8 error and hands it to onError. */
function fail(element: AmazonPay, message: string, cause?: unknown) {
  console.error(message);
  element.reportCheckoutError(new CheckoutError('ERROR', message, { cause }));
}

/** A DOM id from React's useId (which may hold colons, not valid in a selector). */
const useDomId = (prefix: string) => `${prefix}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

/** Spinner while Amazon's script loads (spec §4 Cart wallet: pending, then ready). */
export function AmazonPayView({ element }: { element: AmazonPay }) {
  const { message } = useViewState(element);
  const [ready, setReady] = useState(() => amazonSdk() !== undefined);
  const { configuration, showSignOutButton } = element.settings;
  const sessionId = element.props.amazonCheckoutSessionId;

  useEffect(() => {
    if (ready) return;
    let live = true;
    const { checkout } = element;
    checkout
      .loadScript(checkout.sdkUrl('amazonpay', scriptUrlFor(configuration.region)))
      .then(() => {
        if (live) setReady(true);
      })
      .catch((cause: unknown) =>
        element.reportCheckoutError(
          new CheckoutError('SCRIPT_ERROR', 'Amazon Pay script failed to load', { cause }),
        ),
      );
    return () => {
      live = false;
    };
  }, [ready, element, configuration.region]);

  if (!ready)
    return (
      <div className="actuate-checkout__amazonpay">
        <Spinner label={element.checkout.i18n.get('amazonpay.loading')} />
      </div>
    );
  return (
    <div className="actuate-checkout__amazonpay">
      <StatusMessage message={message} />
      {showSignOutButton ? (
        <SignOutButton element={element} />
      ) : sessionId ? (
        <OrderConfirmation element={element} sessionId={sessionId} />
      ) : (
        <AmazonPayButton element={element} />
      )}
    </div>
  );
}

function buttonSettings(element: AmazonPay): AmazonButtonSettings {
  const settings = element.settings;
  const { region } = settings.configuration;
  const { buttonColor, design } = element.props;
  return {
    merchantId: settings.configuration.merchantId,
    ledgerCurrency: (region && LEDGER_CURRENCIES[region]) ?? element.checkout.amount?.currency,
    checkoutLanguage: checkoutLanguage(settings.locale, region),
    productType: settings.productType,
    placement: settings.placement,
    sandbox: settings.sandbox,
    ...(buttonColor ? { buttonColor } : {}),
    ...(design === 'noTagline' ? { design: 'C0001' } : {}),
  };
}

/** Signs the payload with the gateway, then renders Amazon's button; a click opens Amazon's dialog. */
function AmazonPayButton({ element }: { element: AmazonPay }) {
  const containerId = useDomId('actuate-amazonpay-button');
  const showButton = element.props.showPayButton ?? element.checkout.options.showPayButton ?? true;

  useEffect(() => {
    const sdk = amazonSdk();
    if (!sdk) return;
    let live = true;
    const settings = buttonSettings(element);
    const { configuration } = element.settings;
    const payload = checkoutPayload(
      { ...element.settings, ...element.props, configuration },
      element.checkout.order?.remainingAmount ?? element.checkout.amount,
    );
    const startCheckout = (signature: string) =>
      sdk.initCheckout({
        ...settings,
        createCheckoutSessionConfig: {
          payloadJSON: JSON.stringify(payload),
          signature,
          publicKeyId: configuration.publicKeyId,
        },
      });
    signString(element.checkout, payload).then(
      (response) => {
        if (!live) return;
        if (!response?.signature) return fail(element, AMAZONPAY_ERRORS.noSignature, response);
        const signature = response.signature;
        // The merchant's onClick may stop the flow before Amazon's dialog opens.
        const start = () => {
          new Promise<void>((resolve, reject) => {
            const gate = element.props.onClick;
            if (gate) void gate(resolve, reject);
            else resolve();
          })
            .then(() => startCheckout(signature))
            .catch((error: unknown) => element.reportCheckoutError(error));
        };
        element.viewStep = start;
        if (showButton) sdk.renderButton(`#${containerId}`, settings).onClick(start);
      },
      (error: unknown) => {
        if (!live) return;
        fail(element, AMAZONPAY_ERRORS.noSignature, error);
      },
    );
    return () => {
      live = false;
      element.viewStep = undefined;
    };
  }, [element, containerId, showButton]);

  if (!showButton) return null;
  return (
    <div className="actuate-checkout__amazonpay-button" id={containerId} data-testid="amazon-pay-button" />
  );
}

/** Back from Amazon with a session id: Confirm purchase (updateCheckoutSession → Amazon) and Change payment details. */
function OrderConfirmation({ element, sessionId }: { element: AmazonPay; sessionId: string }) {
  const { i18n } = element.checkout;
  const { showOrderButton, showChangePaymentDetailsButton, configuration, returnUrl } = element.settings;
  const changeClass = useDomId('actuate-amazonpay-change');

  useEffect(() => {
    if (!showOrderButton) return;
    const createOrder = () => {
      updateCheckoutSession(element.checkout, {
        amount: element.checkout.order?.remainingAmount ?? element.checkout.amount,
        chargePermissionType: element.props.chargePermissionType,
        checkoutResultReturnUrl: returnUrl,
        checkoutSessionId: sessionId,
        publicKeyId: configuration.publicKeyId,
        recurringMetadata: element.props.recurringMetadata,
        region: configuration.region,
      }).then(
        (response) => {
          if (!response?.action?.type)
            return fail(element, response?.errorMessage ?? AMAZONPAY_ERRORS.noUrl, response);
          if (response.action.type === 'redirect' && response.action.url)
            window.location.assign(response.action.url);
        },
        (error: unknown) => element.reportCheckoutError(error),
      );
    };
    element.viewStep = createOrder;
    return () => {
      element.viewStep = undefined;
    };
  }, [element, sessionId, showOrderButton, configuration, returnUrl]);

  useEffect(() => {
    if (showChangePaymentDetailsButton)
      amazonSdk()?.bindChangeAction(`.${changeClass}`, {
        amazonCheckoutSessionId: sessionId,
        changeAction: 'changeAddress',
      });
  }, [showChangePaymentDetailsButton, changeClass, sessionId]);

  return (
    <>
      {showOrderButton ? (
        <button
          type="button"
          className="actuate-checkout__button actuate-checkout__button--pay"
          onClick={() => element.viewStep?.()}
        >
          {i18n.get('amazonpay.confirmPurchase')}
        </button>
      ) : null}
      {showChangePaymentDetailsButton ? (
        <button
          type="button"
          className={`actuate-checkout__button actuate-checkout__button--secondary actuate-checkout__amazonpay-change ${changeClass}`}
        >
          {i18n.get('amazonpay.changePaymentDetails')}
        </button>
      ) : null}
    </>
  );
}

/** Signs the buyer out of Amazon once the merchant's onSignOut lets it. */
function SignOutButton({ element }: { element: AmazonPay }) {
  const signOut = () => {
    new Promise<void>((resolve, reject) => {
      const gate = element.props.onSignOut;
      if (gate) void gate(resolve, reject);
      else resolve();
    })
      .then(() => amazonSdk()?.signout())
      .catch((error: unknown) => console.error(error));
  };
  return (
    <button
      type="button"
      className="actuate-checkout__button actuate-checkout__button--secondary actuate-checkout__amazonpay-signout"
      onClick={signOut}
    >
      {element.checkout.i18n.get('amazonpay.signout')}
    </button>
  );
}
