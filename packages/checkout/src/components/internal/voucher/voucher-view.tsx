import { type ReactNode, useState } from 'react';
import { type Amount, formatAmount } from '../../../core/amount.ts';
import type { Checkout } from '../../../core/checkout.ts';

/** One label/value line of a voucher; `copy` adds a copy button for values shoppers type elsewhere. */
export interface VoucherDetail {
  label: string;
  value: string;
  copy?: boolean;
}

export interface VoucherViewProps {
  checkout: Checkout;
  /** The method's or brand's logo; decorative when the heading already names the method. */
  imageUrl?: string | undefined;
  imageAlt?: string | undefined;
  issuerImageUrl?: string | undefined;
  issuerImageAlt?: string | undefined;
  /** The voucher's heading, e.g. "Pay by bank transfer". */
  title?: string | undefined;
  introduction: string;
  instructionsUrl?: string | undefined;
  amount?: Amount | undefined;
  surcharge?: Amount | undefined;
  reference?: string | undefined;
  referenceLabel?: string | undefined;
  /** The reference drawn as a barcode (an image from the gateway); the text stays as well. */
  barcodeUrl?: string | undefined;
  details?: VoucherDetail[];
  downloadUrl?: string | undefined;
  downloadLabel?: string | undefined;
  /** Extra content under the details (a method's own note or button). */
  children?: ReactNode;
}

/**
 * The voucher result: what the shopper must pay, to whom and with which reference, each value
 * copyable, and a document to download. Methods pass their own labels and values; the view owns
 * none of a method's wording.
 */
export function VoucherView(props: VoucherViewProps) {
  const { checkout } = props;
  const { i18n } = checkout;
  const referenceLabel = props.referenceLabel ?? i18n.get('voucher.reference');
  return (
    <section className="actuate-checkout__voucher" aria-label={props.title ?? referenceLabel}>
      {props.imageUrl || props.issuerImageUrl ? (
        <div className="actuate-checkout__voucher-images">
          {props.imageUrl ? <Logo src={props.imageUrl} alt={props.imageAlt ?? ''} /> : null}
          {props.issuerImageUrl ? <Logo src={props.issuerImageUrl} alt={props.issuerImageAlt ?? ''} /> : null}
        </div>
      ) : null}
      {props.title ? <h2 className="actuate-checkout__voucher-title">{props.title}</h2> : null}
      <p className="actuate-checkout__voucher-introduction">{props.introduction}</p>
      {props.instructionsUrl ? (
        <p>
          <a href={props.instructionsUrl} target="_blank" rel="noopener noreferrer">
            {i18n.get('voucher.instructions')}
            <span className="actuate-checkout__visually-hidden"> {i18n.get('voucher.newWindow')}</span>
          </a>
        </p>
      ) : null}
      {props.amount ? (
        <p className="actuate-checkout__voucher-amount">
          <span className="actuate-checkout__voucher-amount-label">{i18n.get('voucher.amount')}</span>{' '}
          <strong>{formatAmount(props.amount, i18n.locale)}</strong>
          {props.surcharge?.value ? (
            <span className="actuate-checkout__voucher-surcharge">
              {' '}
              {i18n.get('voucher.surcharge', { value: formatAmount(props.surcharge, i18n.locale) })}
            </span>
          ) : null}
        </p>
      ) : null}
      {props.reference ? (
        <div className="actuate-checkout__voucher-reference">
          <span className="actuate-checkout__voucher-reference-label">{referenceLabel}</span>
          {props.barcodeUrl ? (
            <img
              className="actuate-checkout__voucher-barcode"
              src={props.barcodeUrl}
              alt={i18n.get('voucher.barcode', { reference: props.reference })}
            />
          ) : null}
          <CopyableValue checkout={checkout} label={referenceLabel} value={props.reference} strong />
        </div>
      ) : null}
      {props.details?.length ? (
        <dl className="actuate-checkout__voucher-details">
          {props.details.map((detail) => (
            <div className="actuate-checkout__voucher-detail" key={detail.label}>
              <dt>{detail.label}</dt>
              <dd>
                {detail.copy ? (
                  <CopyableValue checkout={checkout} label={detail.label} value={detail.value} />
                ) : (
                  detail.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {props.children}
      {props.downloadUrl ? (
        <a
          className="actuate-checkout__button actuate-checkout__button--secondary actuate-checkout__voucher-download"
          href={props.downloadUrl}
          target="_blank"
          rel="noopener noreferrer"
          download
        >
          {props.downloadLabel ?? i18n.get('voucher.download')}
          <span className="actuate-checkout__visually-hidden"> {i18n.get('voucher.newWindow')}</span>
        </a>
      ) : null}
    </section>
  );
}

/** A logo that leaves the page when the gateway has none for the method: the heading still names it. */
function Logo({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return failed ? null : <img src={src} alt={alt} height={28} onError={() => setFailed(true)} />;
}

/** A value with a copy button; the result is announced, since the button itself does not change. */
export function CopyableValue({
  checkout,
  label,
  value,
  strong,
}: {
  checkout: Checkout;
  label: string;
  value: string;
  strong?: boolean;
}) {
  const { i18n } = checkout;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      checkout.liveRegion.announce(i18n.get('voucher.copied', { label }));
    } catch {
      checkout.liveRegion.announce(i18n.get('voucher.copyFailed'));
    }
  };
  return (
    <span className="actuate-checkout__voucher-value">
      {strong ? <strong>{value}</strong> : <span>{value}</span>}
      <button
        type="button"
        className="actuate-checkout__link-button actuate-checkout__voucher-copy"
        aria-label={i18n.get('voucher.copy.label', { label })}
        data-copied={copied ? 'true' : undefined}
        onClick={() => void copy()}
      >
        {i18n.get('voucher.copy')}
      </button>
    </span>
  );
}
