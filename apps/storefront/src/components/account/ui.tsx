import type { ReactNode } from 'react';
import { Link } from '@/i18n/link';

/*
 * Small building blocks shared by the after-sales and account pages.
 */

export function PageHeader({
  title,
  intro,
  children,
}: {
  readonly title: string;
  readonly intro?: string;
  readonly children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4 pt-8 pb-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {intro ? <p className="mt-2 max-w-2xl text-ink-muted">{intro}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-3">{children}</div> : null}
    </div>
  );
}

const TONES = {
  info: 'border-brand bg-brand-soft text-ink',
  success: 'border-brand bg-brand-soft text-ink',
  warning: 'border-focus bg-surface-muted text-ink',
  danger: 'border-danger bg-danger-soft text-danger',
} as const;

/** A message box; `alert` makes screen readers announce it at once (errors, results of actions). */
export function Notice({
  tone = 'info',
  alert = false,
  children,
  testId,
}: {
  readonly tone?: keyof typeof TONES;
  readonly alert?: boolean;
  readonly children: ReactNode;
  readonly testId?: string;
}) {
  return (
    <div
      role={alert ? (tone === 'danger' ? 'alert' : 'status') : undefined}
      data-testid={testId}
      className={`my-4 rounded-md border-l-4 px-4 py-3 text-sm ${TONES[tone]}`}
    >
      {children}
    </div>
  );
}

export function Section({
  title,
  id,
  children,
  actions,
}: {
  readonly title: string;
  readonly id: string;
  readonly children: ReactNode;
  readonly actions?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-lg border border-line bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export type SectionKey =
  | 'orders'
  | 'invoices'
  | 'subscriptions'
  | 'approvals'
  | 'account'
  | 'users'
  | 'joinRequests'
  | 'approvalRules'
  | 'budgets'
  | 'costCenters'
  | 'terms';

/**
 * The account area's own navigation: orders, subscriptions, approvals (approvers only), account, join
 * requests (buyer admins only), terms.
 */
export function SectionNav({
  current,
  label,
  items,
}: {
  readonly current: SectionKey;
  readonly label: string;
  readonly items: readonly { key: SectionKey; href: string; label: string }[];
}) {
  return (
    <nav aria-label={label} className="mt-6 border-b border-line">
      <ul className="-mb-px flex flex-wrap gap-1">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              href={item.href}
              aria-current={item.key === current ? 'page' : undefined}
              className="inline-block border-b-2 border-transparent px-3 py-2 font-medium text-ink-muted hover:text-ink aria-[current=page]:border-brand aria-[current=page]:text-brand"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Badge({
  children,
  tone = 'neutral',
}: {
  readonly children: ReactNode;
  readonly tone?: 'neutral' | 'brand' | 'danger';
}) {
  const classes = {
    neutral: 'bg-surface-muted text-ink',
    brand: 'bg-brand-soft text-brand',
    danger: 'bg-danger-soft text-danger',
  }[tone];
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ${classes}`}>
      {children}
    </span>
  );
}
