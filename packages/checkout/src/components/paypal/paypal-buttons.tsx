import { useEffect, useRef, useState } from 'react';
import { CheckoutError } from '../../core/errors.ts';
import { useViewState } from '../base/element-root.tsx';
import { Spinner } from '../base/pay-button.tsx';
import type { PayPal } from './paypal.tsx';
import { type FundingSource, styleFor } from './settings.ts';

type Callback = (data: Record<string, unknown>, actions: Record<string, unknown>) => unknown;

/** The part of the PayPal JS SDK the widget uses. */
export interface PayPalSdk {
  FUNDING: Record<'PAYPAL' | 'CREDIT' | 'PAYLATER' | 'VENMO', FundingSource>;
  Buttons(options: Record<string, unknown>): {
    isEligible(): boolean;
    render(container: HTMLElement): Promise<void>;
    close?(): Promise<void>;
  };
}

const BLOCKED_BY: Record<FundingSource, keyof PayPal['props']> = {
  paypal: 'blockPayPalButton',
  credit: 'blockPayPalCreditButton',
  paylater: 'blockPayPalPayLaterButton',
  venmo: 'blockPayPalVenmoButton',
};

/** Loads the SDK (pending), renders one button per eligible funding source (ready), processing after approval. */
export function PayPalButtons({ element }: { element: PayPal }) {
  useViewState(element);
  const { i18n } = element.checkout;
  const [phase, setPhase] = useState<'pending' | 'ready' | 'unavailable'>('pending');
  const refs = {
    paypal: useRef<HTMLDivElement>(null),
    credit: useRef<HTMLDivElement>(null),
    paylater: useRef<HTMLDivElement>(null),
    venmo: useRef<HTMLDivElement>(null),
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the SDK and its buttons load once per mount
  useEffect(() => {
    let live = true;
    const buttons: ReturnType<PayPalSdk['Buttons']>[] = [];
    element.checkout
      .loadScript(element.sdkUrl)
      .then(async () => {
        const sdk = element.sdk();
        if (!live) return;
        if (!sdk) throw new CheckoutError('SCRIPT_ERROR', 'PayPal SDK did not define window.paypal');
        const { PAYPAL, CREDIT, PAYLATER, VENMO } = sdk.FUNDING;
        for (const source of [PAYPAL, CREDIT, PAYLATER, VENMO]) {
          const container = refs[source]?.current;
          if (element.props[BLOCKED_BY[source]] === true || !container) continue;
          const button = sdk.Buttons(buttonOptions(element, source));
          if (!button.isEligible()) continue;
          buttons.push(button);
          await button.render(container);
        }
        setPhase('ready');
      })
      .catch((error: unknown) => {
        if (!live) return;
        setPhase('unavailable');
        element.reportCheckoutError(
          error instanceof CheckoutError
            ? error
            : new CheckoutError('SCRIPT_ERROR', String(error), { cause: error }),
        );
      });
    return () => {
      live = false;
      for (const button of buttons) void button.close?.();
    };
  }, []);

  return (
    <div className="actuate-checkout__paypal" aria-busy={phase === 'pending' || element.processing}>
      {phase === 'pending' ? <Spinner label={i18n.get('loading')} /> : null}
      {phase === 'unavailable' ? <p role="alert">{i18n.get('paypal.unavailable')}</p> : null}
      <div className="actuate-checkout__paypal-buttons" hidden={element.processing}>
        <div
          className="actuate-checkout__paypal-button actuate-checkout__paypal-button--paypal"
          ref={refs.paypal}
        />
        <div
          className="actuate-checkout__paypal-button actuate-checkout__paypal-button--credit"
          ref={refs.credit}
        />
        <div
          className="actuate-checkout__paypal-button actuate-checkout__paypal-button--pay-later"
          ref={refs.paylater}
        />
        <div
          className="actuate-checkout__paypal-button actuate-checkout__paypal-button--venmo"
          ref={refs.venmo}
        />
      </div>
      {element.processing ? (
        <div className="actuate-checkout__paypal-processing" role="status">
          <Spinner label={i18n.get('paypal.processingPayment')} />
          {element.commit ? <span>{i18n.get('paypal.processingPayment')}</span> : null}
        </div>
      ) : null}
    </div>
  );
}

/** One button's SDK options: createOrder (or createBillingAgreement when tokenising) and the callbacks. */
function buttonOptions(element: PayPal, source: FundingSource): Record<string, unknown> {
  const tokenise = element.intent === 'tokenize';
  const { onShippingAddressChange, onShippingOptionsChange, isExpress } = element.props;
  const express = !tokenise && isExpress === true && source !== 'venmo';
  const wrap = (callback: typeof onShippingAddressChange): Callback | undefined =>
    callback && ((data, actions) => callback(data, actions, element));
  return {
    fundingSource: source,
    style: styleFor(source, { height: 50, ...element.props.style }),
    [tokenise ? 'createBillingAgreement' : 'createOrder']: () => element.startPayment(),
    ...(express && onShippingAddressChange ? { onShippingAddressChange: wrap(onShippingAddressChange) } : {}),
    ...(express && onShippingOptionsChange ? { onShippingOptionsChange: wrap(onShippingOptionsChange) } : {}),
    onInit: element.props.onInit,
    onClick: element.props.onClick,
    onApprove: (data: Record<string, unknown>) => element.approve(data),
    onCancel: () => element.cancel(),
    onError: (error: unknown) => element.fail(error),
  };
}
