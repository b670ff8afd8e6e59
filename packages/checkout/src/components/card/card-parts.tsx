import type { I18n } from '../../core/i18n/i18n.ts';
import { brandName, brandStrip } from './card-brands.ts';

/** The accepted brands (all when 4 or fewer, else 3 and "+N"), read out as one list. */
export function BrandStrip({ i18n, brands }: { i18n: I18n; brands: string[] }) {
  const strip = brandStrip(brands);
  return (
    <ul className="actuate-checkout__brand-strip" aria-label={brands.map(brandName).join(', ')}>
      {strip.shown.map((entry) => (
        <li key={entry} className="actuate-checkout__brand-badge" data-brand={entry} aria-hidden="true">
          {brandName(entry)}
        </li>
      ))}
      {strip.more ? (
        <li className="actuate-checkout__brand-badge" aria-hidden="true">
          {i18n.get('brandStrip.more', { count: strip.more })}
        </li>
      ) : null}
    </ul>
  );
}

/** A stored card: brand, dots and last four, and its expiry. */
export function StoredCardSummary(props: {
  i18n: I18n;
  brand: string | undefined;
  lastFour: string | undefined;
  expiryMonth: string | undefined;
  expiryYear: string | undefined;
}) {
  const { i18n } = props;
  return (
    <div className="actuate-checkout__stored-card">
      <span className="actuate-checkout__visually-hidden">
        {i18n.get('creditCard.storedCard.description.ariaLabel', { lastFour: props.lastFour ?? '' })}
      </span>
      <span className="actuate-checkout__brand-badge" data-brand={props.brand}>
        {brandName(props.brand ?? 'card')}
      </span>
      <span aria-hidden="true"> •••• {props.lastFour}</span>
      {props.expiryMonth && props.expiryYear ? (
        <span className="actuate-checkout__stored-expiry">
          {i18n.get('creditCard.expiryDateField.title')}: {props.expiryMonth}/{props.expiryYear.slice(-2)}
        </span>
      ) : null}
    </div>
  );
}
