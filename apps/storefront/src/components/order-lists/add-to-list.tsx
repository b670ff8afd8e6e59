import type { OrderListLineInput, OrderListSummary } from '@actuate/contracts';
import { getTranslations } from 'next-intl/server';
import { MAX_QUANTITY } from '@/backend/cart';
import { orderListIndex } from '@/backend/order-lists';
import { ActionForm } from '@/components/shop/action-form';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';
import { addToListAction } from './actions';

/** A line item's specs as a list keeps them (the configuration of a configured line). */
export function listLinesOf(
  lines: readonly {
    ProductID?: string | null;
    Quantity?: number | null;
    Specs?: readonly { SpecID?: string | null; OptionID?: string | null; Value?: string | null }[] | null;
  }[],
): OrderListLineInput[] {
  return lines
    .filter((line) => line.ProductID && (line.Quantity ?? 0) > 0)
    .map((line) => ({
      productId: line.ProductID as string,
      quantity: Math.min(MAX_QUANTITY, line.Quantity as number),
      specs: (line.Specs ?? [])
        .filter((spec) => spec.SpecID)
        .map((spec) => ({
          SpecID: spec.SpecID as string,
          OptionID: spec.OptionID ?? null,
          Value: spec.Value ?? null,
        })),
    }));
}

async function ownLists(token: string): Promise<OrderListSummary[]> {
  try {
    const index = await orderListIndex(token);
    return index.ok ? index.value.mine : [];
  } catch (error) {
    console.warn(`[order-lists] index failed: ${String(error)}`);
    return [];
  }
}

/**
 * "Add to list": the given lines (one item, the cart or an order) into one of the buyer's own lists
 * or a new one. With `withQuantity`, the single line's quantity is asked for.
 */
export async function AddToList({
  locale,
  token,
  lines,
  idPrefix,
  withQuantity = false,
}: {
  readonly locale: AppLocale;
  readonly token: string;
  readonly lines: OrderListLineInput[];
  /** Keeps the form's field ids unique on the page. */
  readonly idPrefix: string;
  readonly withQuantity?: boolean;
}) {
  if (lines.length === 0) return null;
  const [t, mine] = await Promise.all([
    getTranslations({ locale, namespace: 'OrderLists' }),
    ownLists(token),
  ]);
  return (
    <details className="mt-4 rounded-md border border-line p-3" data-testid="add-to-list">
      <summary className="cursor-pointer font-medium text-brand">
        {lines.length === 1 ? t('add.summaryOne') : t('add.summaryMany', { count: lines.length })}
      </summary>
      <ActionForm
        action={addToListAction.bind(null, locale)}
        className="mt-3 space-y-3"
        label={t('add.label')}
      >
        <input type="hidden" name="lines" value={JSON.stringify(lines)} />
        <div>
          <label htmlFor={`${idPrefix}-list`} className="block text-sm font-medium">
            {t('add.list')}
          </label>
          <select
            id={`${idPrefix}-list`}
            name="listId"
            className="field-input w-full max-w-xs"
            defaultValue={mine[0]?.id ?? 'new'}
          >
            {mine.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
            <option value="new">{t('add.newList')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${idPrefix}-name`} className="block text-sm font-medium">
            {t('add.newName')}
          </label>
          <input
            id={`${idPrefix}-name`}
            name="newName"
            type="text"
            maxLength={80}
            autoComplete="off"
            className="field-input w-full max-w-xs"
          />
          <p className="text-xs text-ink-muted">{t('add.newNameHint')}</p>
        </div>
        {withQuantity ? (
          <div>
            <label htmlFor={`${idPrefix}-quantity`} className="block text-sm font-medium">
              {t('quantity')}
            </label>
            <input
              id={`${idPrefix}-quantity`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QUANTITY}
              defaultValue={lines[0]?.quantity ?? 1}
              className="field-input w-24"
            />
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="button-secondary py-2">
            {t('add.submit')}
          </button>
          <Link href="/lists" className="text-sm text-brand underline underline-offset-2">
            {t('add.viewLists')}
          </Link>
        </div>
      </ActionForm>
    </details>
  );
}
