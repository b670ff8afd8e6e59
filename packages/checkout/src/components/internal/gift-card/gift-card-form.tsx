import { useEffect, useSyncExternalStore } from 'react';
import { formatAmount } from '../../../core/amount.ts';
import { logoUrl } from '../../../core/environment.ts';
import { useViewState } from '../../base/element-root.tsx';
import { PayButton, Spinner, StatusMessage } from '../../base/pay-button.tsx';
import { SecuredFieldView } from '../secured-fields/secured-field-view.tsx';
import type { GiftCardElement } from './gift-card-element.tsx';
import {
  GIFT_CARD_LABEL_KEY,
  GIFT_CARD_REQUIRED_ERROR,
  type GiftCardField,
  giftCardErrorKey,
  useGiftCardFrames,
} from './use-gift-card-frames.ts';

/** The number, PIN (and expiry) frames, the apply button, then the balance and the pay button. */
export function GiftCardForm({ element }: { element: GiftCardElement }) {
  const view = useViewState(element);
  const { outcome } = useSyncExternalStore(
    element.balance.subscribe,
    element.balance.get,
    element.balance.get,
  );
  const { checkout } = element;
  const { i18n } = checkout;
  const names: GiftCardField[] = [
    'encryptedCardNumber',
    ...(element.hasExpiryDate ? (['encryptedExpiryDate'] as const) : []),
    ...(element.hasPin ? (['encryptedSecurityCode'] as const) : []),
  ];
  const frames = useGiftCardFrames(element, names, view.resetRequest);
  const { fields, setFields, configured, failed } = frames;
  const isValid = configured && !failed && names.every((name) => Object.keys(fields[name].blobs).length > 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the element's options.
  useEffect(() => {
    const blobs = Object.assign({}, ...names.map((name) => fields[name].blobs)) as Record<string, string>;
    element.clearBalance();
    element.setState({
      isValid,
      data: { paymentMethod: { type: element.paymentMethodType, ...blobs } },
      errors: Object.fromEntries(names.map((name) => [name, fields[name].error || null])),
    });
  }, [element, isValid, fields]);

  // showValidation(): every error shows, is announced, and the first invalid frame gets focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    frames.controllerRef.current?.validateAll();
    const next = { ...fields };
    const messages: string[] = [];
    let first: GiftCardField | undefined;
    for (const name of names) {
      const field = fields[name];
      const error = field.error || (Object.keys(field.blobs).length ? '' : GIFT_CARD_REQUIRED_ERROR[name]);
      next[name] = { ...field, error, shown: true };
      if (!error) continue;
      messages.push(`${i18n.get(GIFT_CARD_LABEL_KEY[name])}: ${i18n.get(giftCardErrorKey(error))}`);
      first ??= name;
    }
    setFields(next);
    checkout.liveRegion.announce(messages);
    if (first) frames.controllerRef.current?.focus(first);
  }, [view.validationRequest]);

  if (failed) {
    return (
      <div className="actuate-checkout__giftcard actuate-checkout__giftcard--failed">
        <StatusMessage message={i18n.get('secured-fields.loadFailure')} />
      </div>
    );
  }

  const showPayButton = (element.props.showPayButton ?? checkout.options.showPayButton) !== false;
  const facts = outcome?.facts;
  const money = (amount: { value: number; currency: string }) => formatAmount(amount, i18n.locale);

  return (
    <form
      className="actuate-checkout__giftcard"
      noValidate
      aria-busy={!configured}
      onSubmit={(event) => {
        event.preventDefault();
        void (outcome ? element.submit() : element.checkBalance());
      }}
    >
      {!configured ? <Spinner label={i18n.get('loading')} /> : null}
      <div className="actuate-checkout__giftcard-header">
        <img
          className="actuate-checkout__giftcard-logo"
          src={logoUrl(checkout.loadingContext, element.brand)}
          alt=""
          width={40}
          height={26}
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
        <span>{element.displayName}</span>
      </div>
      {names.map((name) => {
        const field = fields[name];
        return (
          <SecuredFieldView
            key={name}
            fieldType={name}
            label={i18n.get(GIFT_CARD_LABEL_KEY[name])}
            error={field.shown && field.error ? i18n.get(giftCardErrorKey(field.error)) : undefined}
            focused={field.focused}
            containerRef={(node) => {
              frames.containers.current[name] = node;
            }}
          />
        );
      })}
      {facts && outcome ? (
        <dl className="actuate-checkout__giftcard-balance" aria-live="polite">
          <dt>{i18n.get('giftcard.balanceLabel')}</dt>
          <dd>{money(outcome.balance)}</dd>
          {outcome.transactionLimit ? (
            <>
              <dt>{i18n.get('giftcard.transactionLimit')}</dt>
              <dd>{money(outcome.transactionLimit)}</dd>
            </>
          ) : null}
          <dt>{i18n.get('giftcard.remainingBalance')}</dt>
          <dd>{money(facts.remainingBalance)}</dd>
          {facts.remainingDue.value > 0 ? (
            <>
              <dt>{i18n.get('giftcard.remainingDue')}</dt>
              <dd>{money(facts.remainingDue)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <StatusMessage message={view.message} />
      {facts ? (
        showPayButton ? (
          <PayButton
            label={i18n.get('payButton.with', { value: money(facts.paid) })}
            status={view.status}
            onClick={() => void element.submit()}
          />
        ) : null
      ) : (
        <PayButton
          label={i18n.get('giftcard.apply')}
          status={view.status}
          onClick={() => void element.checkBalance()}
        />
      )}
    </form>
  );
}
