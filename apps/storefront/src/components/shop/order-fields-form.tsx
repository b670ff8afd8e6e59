import type { LineItem } from 'ordercloud-javascript-sdk';
import { ActionForm } from './action-form';
import {
  dayOf,
  lineFieldNames,
  MAX_COMMENT_LENGTH,
  MAX_COST_CENTER_LENGTH,
  sharedValue,
} from './order-fields';

export interface OrderFieldsTexts {
  readonly heading: string;
  readonly intro: string;
  readonly comment: string;
  readonly dateNeeded: string;
  readonly dateHint: string;
  readonly costCenter: string;
  readonly costCenterHint: string;
  readonly noCostCenter: string;
  readonly perLine: string;
  readonly perLineHint: string;
  readonly sameAsOrder: string;
  readonly save: string;
  lineLabel(name: string, quantity: number): string;
}

/**
 * The checkout's order details: comment, requested delivery date and cost center for the whole
 * order, and per line (in a disclosure) a date and cost center of its own. The cost center is chosen
 * from the company's list (a datalist: free text stays possible when the list is empty or lacks it).
 */
export function OrderFieldsForm({
  action,
  comment,
  lines,
  productName,
  earliestDay,
  costCenters,
  texts,
}: {
  action: Parameters<typeof ActionForm>[0]['action'];
  comment: string;
  lines: readonly LineItem[];
  productName(line: LineItem): string;
  /** The earliest day any line may ask for (`YYYY-MM-DD`): the date inputs' minimum. */
  earliestDay: string;
  costCenters: readonly string[];
  texts: OrderFieldsTexts;
}) {
  const orderDay = sharedValue(lines.map((line) => dayOf(line.DateNeeded)));
  const orderCostCenter = sharedValue(lines.map((line) => line.CostCenter));
  const listId = costCenters.length > 0 ? 'cost-center-list' : undefined;
  return (
    <section aria-labelledby="order-fields-heading" className="rounded-lg border border-line p-4">
      <h2 id="order-fields-heading" className="text-xl font-semibold">
        {texts.heading}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{texts.intro}</p>
      <ActionForm action={action} className="mt-3 grid gap-4 md:grid-cols-2" id="order-fields">
        {listId ? (
          <datalist id={listId}>
            {costCenters.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        ) : null}
        <div className="md:col-span-2">
          <label htmlFor="order-comment" className="font-medium">
            {texts.comment}
          </label>
          <textarea
            id="order-comment"
            name="comment"
            defaultValue={comment}
            maxLength={MAX_COMMENT_LENGTH}
            rows={3}
            className="mt-1 block w-full rounded border border-line px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="order-date-needed" className="font-medium">
            {texts.dateNeeded}
          </label>
          <input
            id="order-date-needed"
            type="date"
            name="dateNeeded"
            min={earliestDay}
            defaultValue={orderDay}
            aria-describedby="order-date-hint"
            className="mt-1 block w-full rounded border border-line px-3 py-2"
          />
          <p id="order-date-hint" className="mt-1 text-sm text-ink-muted">
            {texts.dateHint}
          </p>
        </div>
        <div>
          <label htmlFor="order-cost-center" className="font-medium">
            {texts.costCenter}
          </label>
          <input
            id="order-cost-center"
            name="costCenter"
            list={listId}
            maxLength={MAX_COST_CENTER_LENGTH}
            defaultValue={orderCostCenter}
            aria-describedby="order-cost-center-hint"
            className="mt-1 block w-full rounded border border-line px-3 py-2"
          />
          <p id="order-cost-center-hint" className="mt-1 text-sm text-ink-muted">
            {listId ? texts.costCenterHint : texts.noCostCenter}
          </p>
        </div>
        <details
          className="md:col-span-2"
          open={lines.some(
            (line) => dayOf(line.DateNeeded) !== orderDay || (line.CostCenter ?? '') !== orderCostCenter,
          )}
        >
          <summary className="cursor-pointer font-medium">{texts.perLine}</summary>
          <p className="mt-1 text-sm text-ink-muted">{texts.perLineHint}</p>
          <ul className="mt-2 space-y-3">
            {lines.map((line) => {
              const id = line.ID ?? '';
              const names = lineFieldNames(id);
              const ownDay = dayOf(line.DateNeeded);
              const ownCostCenter = line.CostCenter ?? '';
              return (
                <li
                  key={id}
                  className="rounded border border-line p-3"
                  data-testid={`order-fields-line-${id}`}
                >
                  <fieldset className="grid gap-3 sm:grid-cols-2">
                    <legend className="font-medium">
                      {texts.lineLabel(productName(line), line.Quantity ?? 0)}
                    </legend>
                    <div>
                      <label htmlFor={names.date} className="text-sm">
                        {texts.dateNeeded}
                      </label>
                      <input
                        id={names.date}
                        type="date"
                        name={names.date}
                        min={earliestDay}
                        defaultValue={ownDay !== orderDay ? ownDay : ''}
                        placeholder={texts.sameAsOrder}
                        className="mt-1 block w-full rounded border border-line px-3 py-2"
                      />
                    </div>
                    <div>
                      <label htmlFor={names.costCenter} className="text-sm">
                        {texts.costCenter}
                      </label>
                      <input
                        id={names.costCenter}
                        name={names.costCenter}
                        list={listId}
                        maxLength={MAX_COST_CENTER_LENGTH}
                        defaultValue={ownCostCenter !== orderCostCenter ? ownCostCenter : ''}
                        placeholder={texts.sameAsOrder}
                        className="mt-1 block w-full rounded border border-line px-3 py-2"
                      />
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ul>
        </details>
        <div className="md:col-span-2">
          <button type="submit" className="button-primary py-2">
            {texts.save}
          </button>
        </div>
      </ActionForm>
    </section>
  );
}
