import type { I18n } from '../../core/i18n/i18n.ts';
import { brandName, brandStrip } from './card-brands.ts';

/**
 * One secured field: our label and error text around the placeholder the gateway's frame goes
 * into. The frame itself carries the accessible name (its input's aria-label and the iframe title).
 */
export function SecuredFieldView(props: {
  fieldType: string;
  label: string;
  error: string | undefined;
  focused: boolean;
  hidden: boolean;
  brand: string | undefined;
  containerRef(node: HTMLSpanElement | null): void;
}) {
  const classes = [
    'actuate-checkout__field',
    `actuate-checkout__field--${props.fieldType}`,
    props.error ? 'actuate-checkout__field--error' : '',
    props.focused ? 'actuate-checkout__field--focused' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} hidden={props.hidden}>
      <span className="actuate-checkout__label">{props.label}</span>
      <div className="actuate-checkout__input actuate-checkout__input--secured">
        <span
          className="actuate-checkout__secured-field"
          data-cse={props.fieldType}
          ref={props.containerRef}
        />
        {props.brand ? (
          <span className="actuate-checkout__brand-badge" data-brand={props.brand}>
            {brandName(props.brand)}
          </span>
        ) : null}
      </div>
      <span className="actuate-checkout__error-text">{props.error ?? ''}</span>
    </div>
  );
}

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
