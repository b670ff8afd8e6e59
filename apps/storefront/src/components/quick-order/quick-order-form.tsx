'use client';

import type { QuickOrderLineReport } from '@actuate/contracts';
import { useId, useRef, useState, useTransition } from 'react';
import { fill } from '@/format/fill';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';
import { addQuickOrderAction, checkQuickOrderAction, readQuickOrderFileAction } from './actions';
import { MAX_UPLOAD_BYTES, type QuickOrderRow, rowsFromText } from './parse';

/*
 * Quick order in the browser: lines pasted, typed in the grid or read from an uploaded file fill one
 * grid; "Check lines" asks the server, which reports on every line (the errors and close matches show
 * at the line); "Add N valid lines" adds the ok ones to the cart in one go and leaves the others in
 * the grid to fix. Texts come as templates from the page (no message catalogue in the browser).
 */

/** Texts with `{name}` placeholders, filled in here. */
export interface QuickOrderTexts {
  readonly pasteLabel: string;
  readonly pasteHint: string;
  readonly readPaste: string;
  readonly gridHeading: string;
  readonly itemOf: string;
  readonly quantityOf: string;
  readonly removeRow: string;
  readonly addRow: string;
  readonly check: string;
  readonly uploadLabel: string;
  readonly upload: string;
  readonly summary: string;
  readonly allValid: string;
  readonly addValidOne: string;
  readonly addValidOther: string;
  readonly addedOne: string;
  readonly addedOther: string;
  readonly goToCart: string;
  readonly working: string;
  readonly ok: string;
  readonly unknown: string;
  readonly notVisible: string;
  readonly notOrderable: string;
  /** The reason of each product state that cannot be ordered (Blocked, Discontinued, ComingSoon). */
  readonly states: Readonly<Record<string, string>>;
  readonly successor: string;
  readonly didYouMean: string;
  readonly useSuggestion: string;
  readonly quantityRange: string;
  readonly quantityMin: string;
  readonly quantityMax: string;
  readonly quantityRestricted: string;
  readonly empty: string;
  readonly tooManyLines: string;
  readonly noLines: string;
  readonly tooLarge: string;
}

interface GridRow {
  readonly key: number;
  readonly salesItemNumber: string;
  readonly quantity: string;
}

const toLines = (rows: readonly GridRow[]) =>
  rows
    .filter((row) => row.salesItemNumber.trim() !== '')
    .map((row) => ({
      salesItemNumber: row.salesItemNumber.trim().slice(0, 40),
      quantity: /^\d{1,6}$/.test(row.quantity.trim()) ? Number(row.quantity.trim()) : 0,
    }));

function problemOf(report: QuickOrderLineReport, texts: QuickOrderTexts): string | null {
  switch (report.status) {
    case 'ok':
      return null;
    case 'unknown':
      return texts.unknown;
    case 'notVisible':
      return texts.notVisible;
    case 'notOrderable':
      return [
        texts.states[report.productState ?? ''] ?? texts.notOrderable,
        report.successor ? fill(texts.successor, { item: report.successor }) : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'quantity': {
      const rule = report.quantityRule;
      if (!rule || rule.code === 'range')
        return fill(texts.quantityRange, { min: rule?.min ?? 1, max: rule?.max ?? 9999 });
      if (rule.code === 'min') return fill(texts.quantityMin, { min: rule.min ?? 1 });
      if (rule.code === 'max') return fill(texts.quantityMax, { max: rule.max ?? 9999 });
      return fill(texts.quantityRestricted, { allowed: rule.allowed.join(', ') });
    }
  }
}

export function QuickOrderForm({
  locale,
  texts,
}: {
  readonly locale: AppLocale;
  readonly texts: QuickOrderTexts;
}) {
  const id = useId();
  const nextKey = useRef(1);
  const row = (salesItemNumber = '', quantity = '1'): GridRow => ({
    key: nextKey.current++,
    salesItemNumber,
    quantity,
  });
  const [rows, setRows] = useState<GridRow[]>(() => [row()]);
  /** The report of each grid row (by row key) from the last check; a changed row loses its report. */
  const [reports, setReports] = useState<ReadonlyMap<number, QuickOrderLineReport>>(new Map());
  const [message, setMessage] = useState<{ text: string; error: boolean; added?: boolean } | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const pasteRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const checked = rows.filter((r) => r.salesItemNumber.trim() !== '');
  const allChecked = checked.length > 0 && checked.every((r) => reports.has(r.key));
  const valid = checked.filter((r) => reports.get(r.key)?.status === 'ok').length;

  const check = (grid: GridRow[]) => {
    const filled = grid.filter((r) => r.salesItemNumber.trim() !== '');
    if (filled.length === 0) {
      setMessage({ text: texts.noLines, error: true });
      return;
    }
    startTransition(async () => {
      const answer = await checkQuickOrderAction(locale, toLines(filled));
      if (!answer.ok) {
        setMessage({ text: answer.message, error: true });
        return;
      }
      setReports(new Map(filled.map((r, index) => [r.key, answer.lines[index] as QuickOrderLineReport])));
      setIdempotencyKey(crypto.randomUUID());
      const good = answer.lines.filter((line) => line.status === 'ok').length;
      setMessage({
        text:
          good === filled.length
            ? fill(texts.allValid, { total: filled.length })
            : fill(texts.summary, { valid: good, total: filled.length, invalid: filled.length - good }),
        error: good < filled.length,
      });
    });
  };

  const replace = (grid: GridRow[]) => {
    setRows(grid.length > 0 ? grid : [row()]);
    setReports(new Map());
    check(grid);
  };

  const readPaste = () => {
    const parsed = rowsFromText(pasteRef.current?.value ?? '');
    if (!parsed.ok) {
      setMessage({ text: parsed.error === 'empty' ? texts.empty : texts.tooManyLines, error: true });
      return;
    }
    if (pasteRef.current) pasteRef.current.value = '';
    replace(parsed.rows.map((r: QuickOrderRow) => row(r.salesItemNumber, String(r.quantity))));
  };

  const upload = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const file = data.get('file');
    if (file instanceof File && file.size > MAX_UPLOAD_BYTES) {
      setMessage({ text: texts.tooLarge, error: true });
      return;
    }
    startTransition(async () => {
      const answer = await readQuickOrderFileAction(locale, data);
      if (!answer.ok) {
        setMessage({ text: answer.message, error: true });
        return;
      }
      if (fileRef.current) fileRef.current.value = '';
      replace(answer.rows.map((r) => row(r.salesItemNumber, String(r.quantity))));
    });
  };

  const edit = (key: number, change: Partial<Omit<GridRow, 'key'>>) => {
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));
    setReports((current) => {
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  };

  const add = () => {
    const filled = rows.filter((r) => r.salesItemNumber.trim() !== '');
    const key = idempotencyKey ?? crypto.randomUUID();
    startTransition(async () => {
      const answer = await addQuickOrderAction(locale, toLines(filled), key);
      if (!answer.ok) {
        setMessage({ text: answer.message, error: true });
        return;
      }
      // The added lines leave the grid; the others stay with their report, to fix.
      const left = filled.flatMap((r, index) => {
        const report = answer.lines[index];
        return report && report.status !== 'ok' ? [[r, report] as const] : [];
      });
      setRows(left.length > 0 ? left.map(([r]) => r) : [row()]);
      setReports(new Map(left.map(([r, report]) => [r.key, report])));
      setIdempotencyKey(null);
      const added = answer.added ?? 0;
      setMessage({
        text: fill(added === 1 ? texts.addedOne : texts.addedOther, { count: added }),
        error: false,
        added: true,
      });
    });
  };

  return (
    <div className="mt-6 space-y-8" aria-busy={pending || undefined}>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby={`${id}-paste`} className="rounded-lg border border-line p-4">
          <h2 id={`${id}-paste`} className="font-semibold">
            {texts.pasteLabel}
          </h2>
          <label htmlFor="quick-order-paste" className="mt-1 block text-sm text-ink-muted">
            {texts.pasteHint}
          </label>
          <textarea
            id="quick-order-paste"
            ref={pasteRef}
            rows={6}
            maxLength={100_000}
            spellCheck={false}
            placeholder={'A10001, 2\nA10002, 5'}
            className="field-input mt-2 w-full font-mono"
          />
          <button type="button" className="button-secondary mt-2" onClick={readPaste} disabled={pending}>
            {texts.readPaste}
          </button>
        </section>

        <section aria-labelledby={`${id}-upload`} className="rounded-lg border border-line p-4">
          <h2 id={`${id}-upload`} className="font-semibold">
            {texts.upload}
          </h2>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              upload(event.currentTarget);
            }}
          >
            <label htmlFor="quick-order-file" className="mt-1 block text-sm text-ink-muted">
              {texts.uploadLabel}
            </label>
            <input
              id="quick-order-file"
              ref={fileRef}
              name="file"
              type="file"
              required
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="mt-2 block w-full text-sm"
            />
            <button type="submit" className="button-secondary mt-2" disabled={pending}>
              {texts.upload}
            </button>
          </form>
        </section>
      </div>

      <section aria-labelledby={`${id}-grid`}>
        <h2 id={`${id}-grid`} className="text-xl font-semibold">
          {texts.gridHeading}
        </h2>
        <ol className="mt-3 space-y-2" data-testid="quick-order-grid">
          {rows.map((r, index) => {
            const report = reports.get(r.key);
            const problem = report ? problemOf(report, texts) : null;
            const line = index + 1;
            const describedBy = problem ? `${id}-problem-${r.key}` : undefined;
            return (
              <li
                key={r.key}
                className="rounded-md border border-line p-2"
                data-status={report?.status ?? 'unchecked'}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="w-8 text-sm text-ink-muted" aria-hidden="true">
                    {line}.
                  </span>
                  <input
                    aria-label={fill(texts.itemOf, { line })}
                    value={r.salesItemNumber}
                    onChange={(event) => edit(r.key, { salesItemNumber: event.target.value })}
                    maxLength={40}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={problem && report?.status !== 'quantity' ? true : undefined}
                    aria-describedby={describedBy}
                    className="field-input mt-0 w-32 font-mono uppercase"
                  />
                  <input
                    aria-label={fill(texts.quantityOf, { line })}
                    value={r.quantity}
                    onChange={(event) => edit(r.key, { quantity: event.target.value })}
                    inputMode="numeric"
                    maxLength={6}
                    aria-invalid={report?.status === 'quantity' ? true : undefined}
                    aria-describedby={describedBy}
                    className="field-input mt-0 w-20"
                  />
                  <button
                    type="button"
                    className="button-secondary"
                    aria-label={fill(texts.removeRow, { line })}
                    onClick={() => {
                      setRows((current) =>
                        current.length > 1 ? current.filter((c) => c.key !== r.key) : [row()],
                      );
                    }}
                  >
                    ×
                  </button>
                  {report?.status === 'ok' ? (
                    <span className="text-sm text-ink-muted">
                      {texts.ok}
                      {report.productName ? `: ${report.productName}` : ''}
                    </span>
                  ) : null}
                </div>
                {problem && report ? (
                  <div id={describedBy} className="mt-1 text-sm" data-testid="quick-order-problem">
                    <p className="font-medium text-danger">{problem}</p>
                    {report.suggestions.length > 0 ? (
                      <p className="mt-1 flex flex-wrap items-center gap-2">
                        <span>{texts.didYouMean}</span>
                        {report.suggestions.map((suggestion) => (
                          <button
                            key={suggestion}
                            type="button"
                            className="button-secondary py-1 font-mono"
                            aria-label={fill(texts.useSuggestion, { item: suggestion, line })}
                            onClick={() => {
                              const grid = rows.map((c) =>
                                c.key === r.key ? { ...c, salesItemNumber: suggestion } : c,
                              );
                              setRows(grid);
                              check(grid);
                            }}
                          >
                            {suggestion}
                          </button>
                        ))}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className="button-secondary"
            onClick={() => setRows((current) => [...current, row('', '1')])}
          >
            {texts.addRow}
          </button>
          <button type="button" className="button-secondary" onClick={() => check(rows)} disabled={pending}>
            {texts.check}
          </button>
          <button
            type="button"
            className="button-primary"
            onClick={add}
            disabled={pending || !allChecked || valid === 0}
            data-testid="quick-order-add"
          >
            {fill(valid === 1 ? texts.addValidOne : texts.addValidOther, { count: valid })}
          </button>
        </div>
        <div className="mt-3 min-h-6" role="status" aria-live="polite">
          {pending ? <p className="text-sm text-ink-muted">{texts.working}</p> : null}
          {!pending && message ? (
            <p
              className={message.error ? 'font-medium text-danger' : 'font-medium'}
              data-testid="quick-order-message"
            >
              {message.text}{' '}
              {message.added ? (
                <Link href="/cart" className="text-brand underline underline-offset-2">
                  {texts.goToCart}
                </Link>
              ) : null}
            </p>
          ) : null}
        </div>
      </section>
    </div>
  );
}
