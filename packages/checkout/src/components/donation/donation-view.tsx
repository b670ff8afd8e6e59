import { useEffect, useId, useRef } from 'react';
import { formatAmount } from '../../core/amount.ts';
import { useViewState } from '../base/element-root.tsx';
import { SegmentedControl } from '../internal/segmented-control.tsx';
import { donationTypeOf } from './amounts.ts';
import type { Donation } from './donation.tsx';

/** A link to the non-profit's or the terms' page, in a new tab, saying so to screen readers. */
function NewTabLink({ href, label, newWindow }: { href: string; label: string; newWindow: string }) {
  return (
    <a className="actuate-checkout__donation-link" href={href} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="actuate-checkout__visually-hidden"> {newWindow}</span>
    </a>
  );
}

/** The campaign, the amount (fixed choices or the round-up), Donate and Not now; then the result. */
export function DonationView({ element }: { element: Donation }) {
  const view = useViewState(element);
  const { i18n } = element.checkout;
  const props = element.props;
  const { donation } = props;
  const titleId = useId();
  const result = useRef<HTMLDivElement>(null);
  const finished = view.status === 'success' || view.status === 'error';

  // The result replaces the button the shopper pressed: focus moves to it, so it is read out.
  useEffect(() => {
    if (finished) result.current?.focus();
  }, [finished]);

  if (finished) {
    const success = view.status === 'success';
    return (
      <div
        ref={result}
        tabIndex={-1}
        className={`actuate-checkout__final actuate-checkout__donation-result actuate-checkout__final--${view.status}`}
        role={success ? 'status' : 'alert'}
      >
        <span className="actuate-checkout__final-icon" aria-hidden="true">
          {success ? '♥' : '!'}
        </span>
        <p className="actuate-checkout__final-message">
          {success ? i18n.get('donation.thanks') : i18n.get('error.message.unknown')}
        </p>
      </div>
    );
  }

  const locale = i18n.locale;
  const amount = element.amount;
  const loading = view.status === 'loading';
  const newWindow = i18n.get('donation.newWindow');
  const roundup = donationTypeOf(donation) === 'roundup';
  const nonprofit = props.nonprofitName ?? '';

  return (
    <section className="actuate-checkout__donation" aria-labelledby={titleId}>
      {props.bannerUrl ? (
        <img className="actuate-checkout__donation-banner" src={props.bannerUrl} alt="" />
      ) : null}
      <div className="actuate-checkout__donation-header">
        {props.logoUrl ? (
          <img
            className="actuate-checkout__donation-logo"
            src={props.logoUrl}
            alt=""
            width={48}
            height={48}
          />
        ) : null}
        <div>
          <p className="actuate-checkout__donation-name" id={titleId}>
            {nonprofit || props.campaignName}
          </p>
          {props.causeName ? <p className="actuate-checkout__donation-cause">{props.causeName}</p> : null}
        </div>
      </div>
      {props.nonprofitDescription ? (
        <p className="actuate-checkout__donation-description">{props.nonprofitDescription}</p>
      ) : null}
      {props.nonprofitUrl ? (
        <p>
          <NewTabLink
            href={props.nonprofitUrl}
            label={i18n.get('donation.about', { nonprofit: nonprofit || (props.campaignName ?? '') })}
            newWindow={newWindow}
          />
        </p>
      ) : null}

      {roundup ? (
        amount ? (
          <p className="actuate-checkout__donation-roundup">
            {i18n.get('donation.roundup', {
              total: formatAmount(
                { currency: donation.currency, value: element.commercialTxAmount + amount.value },
                locale,
              ),
              value: formatAmount(amount, locale),
              nonprofit,
            })}
          </p>
        ) : null
      ) : (
        <SegmentedControl
          label={i18n.get('donation.chooseAmount')}
          segments={(donation.values ?? []).map((value) => ({
            value: String(value),
            label: formatAmount({ currency: donation.currency, value }, locale),
          }))}
          value={amount ? String(amount.value) : ''}
          onChange={(value) => element.choose(Number(value))}
        />
      )}

      <div className="actuate-checkout__donation-actions">
        <button
          type="button"
          className={`actuate-checkout__button actuate-checkout__button--pay${loading ? ' actuate-checkout__button--loading' : ''}`}
          disabled={!amount}
          aria-disabled={loading || undefined}
          onClick={() => void element.submit()}
        >
          {loading ? <span className="actuate-checkout__spinner" aria-hidden="true" /> : null}
          <span>
            {amount
              ? i18n.get('donation.donateAmount', { value: formatAmount(amount, locale) })
              : i18n.get('donation.donate')}
          </span>
          {loading ? (
            <span className="actuate-checkout__visually-hidden">{i18n.get('donation.processing')}</span>
          ) : null}
        </button>
        {props.showCancelButton ? (
          <button
            type="button"
            className="actuate-checkout__button actuate-checkout__button--secondary"
            disabled={loading}
            onClick={() => element.cancel()}
          >
            {i18n.get('donation.notNow')}
          </button>
        ) : null}
      </div>
      {props.termsAndConditionsUrl ? (
        <p className="actuate-checkout__donation-terms">
          <NewTabLink
            href={props.termsAndConditionsUrl}
            label={i18n.get('donation.terms')}
            newWindow={newWindow}
          />
        </p>
      ) : null}
    </section>
  );
}
