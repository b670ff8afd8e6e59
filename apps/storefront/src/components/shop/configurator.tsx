'use client';

import { useRouter } from 'next/navigation';
import { type ReactNode, useEffect, useMemo, useState, useTransition } from 'react';
import { fill } from '@/format/fill';
import {
  type Choices,
  choicesOf,
  choicesToSearch,
  configure,
  type PackedItems,
  type Unavailability,
  unpackItems,
} from './configurator-logic';

/*
 * The configurator's choices, worked out in the browser from the family's sales items the page
 * sent: a choice updates the values on offer at once (no reload, no scroll), then the URL (one
 * history entry per choice, only the chosen facets) so the server renders the resolved item's price.
 * Without JavaScript the form's Update button submits the choices as a GET form.
 */

/** Texts with `{name}` placeholders, filled in here (no message catalogue in the browser). */
export interface ConfiguratorTexts {
  readonly choicesLabel: string;
  readonly choicesHeading: string;
  readonly reset: string;
  readonly implied: string;
  readonly any: string;
  readonly apply: string;
  readonly reasonNoActiveItem: string;
  readonly reasonCombination: string;
  readonly reasonConflicts: string;
  readonly unavailableSummary: string;
  readonly matchesZero: string;
  readonly matchesOne: string;
  readonly matchesOther: string;
  readonly chooseMore: string;
  readonly remainingHeading: string;
  readonly chooseItem: string;
  readonly updatingPrice: string;
  readonly resolvedStatus: string;
  readonly resolvedHeading: string;
  readonly noMatch: string;
  readonly toSummary: string;
}

/** A choice's label, styled by its (visually hidden) radio. */
const CHIP =
  'inline-block cursor-pointer rounded-md border border-line-strong px-3 py-1.5 text-sm peer-checked:border-brand peer-checked:bg-brand peer-checked:text-on-brand peer-disabled:cursor-not-allowed peer-disabled:border-dashed peer-disabled:bg-surface-muted peer-disabled:text-ink-muted peer-disabled:line-through peer-focus-visible:outline-3 peer-focus-visible:outline-focus';

/** The largest number of remaining sales items the summary lists one by one. */
export const LIST_REMAINING_AT_MOST = 6;

export function Configurator({
  locale,
  familyId,
  facetKeys,
  facetNames,
  valueLabels,
  packedItems,
  serverChoices,
  serverResolved,
  texts,
  image,
  resolvedPanel,
  stickyPrice,
}: {
  locale: string;
  familyId: string;
  /** In the order they are offered. */
  facetKeys: readonly string[];
  facetNames: Readonly<Record<string, string>>;
  /** Facet value → the value as the buyer reads it (translated, numbers in the locale's format). */
  valueLabels: Readonly<Record<string, string>>;
  /** The family's sales items (packItems). */
  packedItems: PackedItems;
  /** The choices of the URL the server rendered (sanitized). */
  serverChoices: Choices;
  /** The sales item number the server rendered the price of, if any. */
  serverResolved?: string | undefined;
  texts: ConfiguratorTexts;
  image: ReactNode;
  /** The server's price, quantity prices, add to cart and specifications of `serverResolved`. */
  resolvedPanel?: ReactNode;
  /** The price and Add to cart button of `serverResolved`, for the sticky bar on narrow screens. */
  stickyPrice?: ReactNode;
}) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [choices, setChoices] = useState<Choices>(serverChoices);
  const [hydrated, setHydrated] = useState(false);
  const serverKey = choicesToSearch(serverChoices);
  useEffect(() => setHydrated(true), []);
  // Back/Forward (or a link) brought other choices: follow the URL once no choice of ours is on its way.
  useEffect(() => {
    if (!isPending)
      setChoices((current) => (choicesToSearch(current) === serverKey ? current : serverChoices));
  }, [serverKey, isPending, serverChoices]);

  const items = useMemo(() => unpackItems(packedItems, facetKeys), [packedItems, facetKeys]);
  const state = useMemo(() => configure(items, facetKeys, choices), [items, facetKeys, choices]);
  const path = `/${locale}/catalog/${encodeURIComponent(familyId)}`;
  const nameOf = (key: string) => facetNames[key] ?? key;
  const labelOf = (value: string | undefined) => (value === undefined ? '' : (valueLabels[value] ?? value));

  const choose = (next: Choices) => {
    const clean = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== ''));
    setChoices(clean);
    startTransition(() => router.push(`${path}${choicesToSearch(clean)}`, { scroll: false }));
  };

  const reason = (u: Unavailability): string => {
    if (u.kind === 'no-active-item') return texts.reasonNoActiveItem;
    if (u.kind === 'combination') return texts.reasonCombination;
    return fill(texts.reasonConflicts, {
      choices: u.with.map((key) => `${nameOf(key)}: ${labelOf(state.choices[key])}`).join(', '),
    });
  };
  const undecided = state.facets.filter(
    (f) => !state.choices[f.key] && !f.implied && f.values.filter((v) => !v.unavailable).length > 1,
  );
  const count = state.matches.length;
  const matchesText = fill(
    count === 0 ? texts.matchesZero : count === 1 ? texts.matchesOne : texts.matchesOther,
    { count: count.toLocaleString(locale) },
  );
  const localResolved = state.resolved?.salesItemNumber;
  const priceReady = localResolved !== undefined && localResolved === serverResolved && !isPending;
  const status = localResolved
    ? fill(texts.resolvedStatus, { item: localResolved })
    : undecided.length > 0
      ? fill(texts.chooseMore, { facets: undecided.map((f) => nameOf(f.key)).join(', ') })
      : '';
  const remaining =
    !localResolved && count > 1 && count <= LIST_REMAINING_AT_MOST
      ? state.matches.map((item) => ({
          item,
          differences: undecided
            .map((f) => `${nameOf(f.key)}: ${labelOf(item.facets[f.key]) || '–'}`)
            .join(', '),
        }))
      : [];

  return (
    <div className="mt-6 grid gap-8 pb-24 lg:grid-cols-[1fr_24rem] lg:pb-0">
      <form
        action={path}
        method="get"
        className="space-y-3"
        aria-label={texts.choicesLabel}
        data-auto-submit={hydrated ? 'on' : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          choose(choices);
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold">{texts.choicesHeading}</h2>
          {Object.keys(state.choices).length > 0 ? (
            <button type="button" className="button-secondary" onClick={() => choose({})}>
              {texts.reset}
            </button>
          ) : null}
        </div>
        {state.facets.map((facet) => {
          const name = nameOf(facet.key);
          const chosen = state.choices[facet.key];
          const shown = chosen ?? facet.implied;
          const unavailable = facet.values.filter((v) => v.unavailable);
          return (
            <fieldset key={facet.key} className="rounded-md border border-line p-3" data-facet={facet.key}>
              <legend className="px-1 font-medium">{name}</legend>
              {facet.implied && !chosen ? (
                <p className="mb-1 text-sm text-ink-muted">
                  {fill(texts.implied, { value: labelOf(facet.implied) })}
                </p>
              ) : null}
              <ul className="flex flex-wrap gap-2">
                <li>
                  <input
                    type="radio"
                    id={`c-${facet.key}-any`}
                    name={facet.key}
                    value=""
                    checked={shown === undefined}
                    onChange={() => choose({ ...state.choices, [facet.key]: '' })}
                    className="peer sr-only"
                  />
                  <label htmlFor={`c-${facet.key}-any`} className={CHIP}>
                    {texts.any}
                  </label>
                </li>
                {facet.values.map((option, index) => {
                  const id = `c-${facet.key}-${index}`;
                  const reasonId = `${id}-reason`;
                  return (
                    <li key={option.value}>
                      <input
                        type="radio"
                        id={id}
                        name={facet.key}
                        value={option.value}
                        checked={shown === option.value}
                        disabled={Boolean(option.unavailable)}
                        data-count={option.count}
                        aria-describedby={option.unavailable ? reasonId : undefined}
                        onChange={() => choose({ ...state.choices, [facet.key]: option.value })}
                        className="peer sr-only"
                      />
                      <label
                        htmlFor={id}
                        title={option.unavailable ? reason(option.unavailable) : undefined}
                        className={CHIP}
                      >
                        {labelOf(option.value)}
                      </label>
                      {option.unavailable ? (
                        <span id={reasonId} className="sr-only">
                          {reason(option.unavailable)}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              {unavailable.length > 0 ? (
                <details className="mt-2 text-xs text-ink-muted">
                  <summary className="cursor-pointer">
                    {fill(texts.unavailableSummary, { count: unavailable.length })}
                  </summary>
                  <ul className="mt-1 space-y-0.5" aria-hidden="true">
                    {unavailable.map((v) => (
                      <li key={v.value}>
                        <span className="font-medium">{labelOf(v.value)}</span>:{' '}
                        {reason(v.unavailable as Unavailability)}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </fieldset>
          );
        })}
        {hydrated ? null : (
          <button type="submit" className="button-primary py-2">
            {texts.apply}
          </button>
        )}
      </form>

      <aside
        aria-labelledby="result-heading"
        className="h-fit rounded-lg border border-line p-4 lg:sticky lg:top-4"
        aria-busy={isPending || undefined}
      >
        <h2 id="result-heading" className="text-xl font-semibold">
          {localResolved ? texts.resolvedHeading : matchesText}
        </h2>
        <div role="status" aria-live="polite" className="mt-1 text-sm text-ink-muted">
          {status}
        </div>
        {image}
        {remaining.length > 0 ? (
          <section aria-labelledby="remaining-heading" className="mt-3">
            <h3 id="remaining-heading" className="font-semibold">
              {texts.remainingHeading}
            </h3>
            <ul className="mt-2 space-y-2 text-sm" data-testid="remaining-items">
              {remaining.map(({ item, differences }) => (
                <li key={item.salesItemNumber}>
                  <button
                    type="button"
                    className="text-left text-brand underline underline-offset-2"
                    aria-label={fill(texts.chooseItem, { item: item.salesItemNumber })}
                    onClick={() => choose(choicesOf(item, facetKeys))}
                  >
                    <span className="font-mono font-semibold">{item.salesItemNumber}</span>
                  </button>
                  {differences ? <span className="block text-xs text-ink-muted">{differences}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {priceReady ? (
          resolvedPanel
        ) : localResolved ? (
          <p className="mt-3 text-sm">
            <span className="font-mono font-semibold">{localResolved}</span>
            <span className="block text-ink-muted">{texts.updatingPrice}</span>
          </p>
        ) : count === 0 ? (
          <p className="mt-3">{texts.noMatch}</p>
        ) : null}
      </aside>

      <div
        className="fixed inset-x-0 bottom-0 z-10 border-t border-line bg-surface px-4 py-2 shadow-lg lg:hidden"
        data-testid="configurator-sticky-bar"
      >
        {priceReady && stickyPrice ? (
          stickyPrice
        ) : (
          <p className="flex items-center justify-between gap-3 text-sm">
            <span>{localResolved ? texts.updatingPrice : matchesText}</span>
            <a href="#result-heading" className="text-brand underline underline-offset-2">
              {texts.toSummary}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
