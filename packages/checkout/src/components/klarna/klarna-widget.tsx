import { useEffect, useRef, useSyncExternalStore } from 'react';
import { CheckoutError } from '../../core/errors.ts';
import { Store } from '../../core/store.ts';
import type { PaymentAction } from '../../core/types.ts';
import { PayButton, payButtonLabel, Spinner } from '../base/pay-button.tsx';
import type { Klarna } from './klarna.tsx';
import { type KlarnaAuthorizeResponse, loadKlarnaPayments } from './klarna-sdk.ts';

/** The widget's own states (spec §4): ready, loading while authorising, then success or error. */
export type KlarnaWidgetStatus = 'ready' | 'loading' | 'success' | 'error';

export interface KlarnaWidgetState {
  /** The gateway's `sdk` action: `sdkData.client_token`, `sdkData.payment_method_category`, `paymentData`. */
  action: PaymentAction | undefined;
  status: KlarnaWidgetStatus;
}

export const newWidgetStore = () => new Store<KlarnaWidgetState>({ action: undefined, status: 'ready' });

const sdkField = (action: PaymentAction, name: string) => {
  const value = (action.sdkData as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * Klarna's in-page widget: loads Klarna's script, renders the payment category into a container and,
 * on pay, asks Klarna to authorise. An approval with the form shown sends the authorization_token as
 * the payment's details; a closed pop-up (not approved, form shown) goes back to ready and reports
 * an error; anything else (declined, widget not offered) is the error state and completes the
 * payment with empty details, so the gateway closes it.
 */
export function KlarnaWidget({ element, store }: { element: Klarna; store: Store<KlarnaWidgetState> }) {
  const { action, status } = useSyncExternalStore(store.subscribe, store.get, store.get);
  const container = useRef<HTMLDivElement>(null);
  const { checkout } = element;

  const completeWith = (details: Record<string, string>, next: KlarnaWidgetStatus) => {
    store.set({ status: next });
    void element.submitAdditionalDetails({
      details,
      ...(action?.paymentData ? { paymentData: action.paymentData } : {}),
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per action.
  useEffect(() => {
    const target = container.current;
    if (!action || !target) return;
    let cancelled = false;
    loadKlarnaPayments(checkout)
      .then((payments) => {
        if (cancelled) return;
        payments.init({ client_token: sdkField(action, 'client_token') });
        payments.load(
          { container: target, payment_method_category: sdkField(action, 'payment_method_category') },
          (response) => {
            if (cancelled) return;
            if (!response.show_form || response.error) completeWith({}, 'error');
            else
              element.callbacks.onActionHandled?.({
                componentType: element.txVariant,
                actionDescription: 'sdk-loaded',
              });
          },
        );
      })
      .catch((error: unknown) => {
        element.reportCheckoutError(error);
        if (!cancelled) completeWith({}, 'error');
      });
    return () => {
      cancelled = true;
    };
  }, [action]);

  const authorize = async () => {
    if (!action) return;
    store.set({ status: 'loading' });
    const onAuthorized = (response: KlarnaAuthorizeResponse) => {
      if (response.approved && response.show_form && response.authorization_token)
        completeWith({ authorization_token: response.authorization_token }, 'success');
      else if (!response.approved && response.show_form) {
        store.set({ status: 'ready' });
        element.reportCheckoutError(
          new CheckoutError('ERROR', 'Klarna did not authorise the payment', { cause: response }),
        );
      } else completeWith({}, 'error');
    };
    try {
      const payments = await loadKlarnaPayments(checkout);
      payments.authorize(
        { payment_method_category: sdkField(action, 'payment_method_category') },
        onAuthorized,
      );
    } catch {
      completeWith({}, 'error');
    }
  };

  element.authorizeWidget = () => void authorize();
  if (status === 'error' || status === 'success') return null;
  const showPayButton = (element.props.showPayButton ?? checkout.options.showPayButton) !== false;
  return (
    <div className="actuate-checkout__klarna-widget" aria-busy={status === 'loading'}>
      <div ref={container} />
      {showPayButton ? (
        <PayButton label={payButtonLabel(checkout)} status={status} onClick={() => void authorize()} />
      ) : status === 'loading' ? (
        <Spinner label={checkout.i18n.get('loading')} />
      ) : null}
    </div>
  );
}
