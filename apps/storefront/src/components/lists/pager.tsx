import { Link } from '@/i18n/link';

/** Previous and next links of a paged list, with "page n of m" between them. */
export function Pager({
  label,
  status,
  previous,
  next,
}: {
  readonly label: string;
  /** "Page 2 of 5", already translated. */
  readonly status: string;
  /** Link text and target; no target on the first (or last) page. */
  readonly previous: { readonly text: string; readonly href: string | undefined };
  readonly next: { readonly text: string; readonly href: string | undefined };
}) {
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4">
      {previous.href ? (
        <Link href={previous.href} className="button-secondary" rel="prev">
          {previous.text}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-ink-muted">{status}</span>
      {next.href ? (
        <Link href={next.href} className="button-secondary" rel="next">
          {next.text}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A list table's column headings; the last column (an amount) is right-aligned. */
export function ColumnHeadings({ labels }: { readonly labels: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b border-line-strong text-sm text-ink-muted">
        {labels.map((label, index) => (
          <th
            key={label}
            scope="col"
            className={index === labels.length - 1 ? 'py-2 text-right font-medium' : 'py-2 pr-4 font-medium'}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
