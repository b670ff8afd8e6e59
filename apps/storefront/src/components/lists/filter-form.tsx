/** One input of a list's filter form: a choice from a list, a date, or free text with a hint. */
export type FilterField =
  | {
      readonly kind: 'select';
      readonly name: string;
      readonly label: string;
      readonly value: string | undefined;
      /** The first option, which filters on nothing. */
      readonly anyLabel: string;
      readonly options: readonly { readonly value: string; readonly label: string }[];
    }
  | {
      readonly kind: 'date' | 'text' | 'search';
      readonly name: string;
      readonly label: string;
      readonly value: string | undefined;
      readonly hint?: string;
    };

/**
 * A list's filters as a plain GET form: the filter lives in the URL, so it is shareable, the back
 * button works, and it needs no JavaScript. `clear` links to the list without a filter.
 */
export function FilterForm({
  idPrefix,
  action,
  legend,
  fields,
  gridClassName,
  apply,
  clear,
}: {
  readonly idPrefix: string;
  readonly action: string;
  readonly legend: string;
  readonly fields: readonly FilterField[];
  /** The grid's column classes, written out in full so Tailwind finds them. */
  readonly gridClassName: string;
  readonly apply: string;
  readonly clear: string;
}) {
  return (
    <form method="get" action={action} className="rounded-lg border border-line bg-surface-muted p-4">
      <fieldset>
        <legend className="font-semibold">{legend}</legend>
        <div className={`mt-3 grid gap-4 ${gridClassName}`}>
          {fields.map((field) => (
            <FilterInput key={field.name} idPrefix={idPrefix} field={field} />
          ))}
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className="button-primary py-2">
            {apply}
          </button>
          <a href={action} className="button-secondary py-2">
            {clear}
          </a>
        </div>
      </fieldset>
    </form>
  );
}

function FilterInput({ idPrefix, field }: { readonly idPrefix: string; readonly field: FilterField }) {
  const id = `${idPrefix}-${field.name}`;
  const hintId = field.kind !== 'select' && field.hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {field.label}
      </label>
      {field.kind === 'select' ? (
        <select id={id} name={field.name} defaultValue={field.value ?? ''} className="field-input">
          <option value="">{field.anyLabel}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={field.name}
          type={field.kind}
          maxLength={field.kind === 'date' ? undefined : 100}
          defaultValue={field.value ?? ''}
          aria-describedby={hintId}
          className="field-input"
        />
      )}
      {hintId && field.kind !== 'select' ? (
        <p id={hintId} className="mt-1 text-xs text-ink-muted">
          {field.hint}
        </p>
      ) : null}
    </div>
  );
}
