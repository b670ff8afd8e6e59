import { Link } from '@/i18n/link';

/**
 * In place of a price (and of Add to cart) for a visitor who has not signed in: a link to sign in that
 * comes back to this page. `compact` for list rows, where only the link fits.
 */
export function SignInForPrices({
  href,
  label,
  hint,
  compact = false,
}: {
  readonly href: string;
  readonly label: string;
  readonly hint?: string;
  readonly compact?: boolean;
}) {
  return (
    <div className={compact ? 'text-sm' : 'mt-4 rounded-md border border-line bg-surface-muted p-3'}>
      {hint && !compact ? <p className="text-sm text-ink-muted">{hint}</p> : null}
      <Link
        href={href}
        data-testid="sign-in-for-prices"
        className={
          compact
            ? 'font-medium text-brand underline underline-offset-2'
            : 'button-primary mt-2 inline-block py-2'
        }
      >
        {label}
      </Link>
    </div>
  );
}
