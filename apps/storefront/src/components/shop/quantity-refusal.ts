/*
 * Quantities in the buyer's language. The page checks the number itself (the forms are `noValidate`,
 * so no browser tooltip in the browser's language decides), and maps the platform's refusals of a
 * line's quantity (its price schedule's MinQuantity, MaxQuantity, RestrictedQuantity; ErrorCode and
 * `Data` as the platform's pricing module sends them) to a `Cart.messages` text.
 */

export type QuantityMessage =
  | { readonly key: 'invalidQuantity'; readonly values: { readonly max: number } }
  | { readonly key: 'quantityBelowMin'; readonly values: { readonly min: number } }
  | { readonly key: 'quantityAboveMax'; readonly values: { readonly max: number } }
  | { readonly key: 'quantityNotAllowed'; readonly values: Record<string, never> };

/** Reads a whole quantity from `lowest` to `max`; anything else is undefined. */
export function parseQuantity(raw: unknown, lowest: number, max: number): number | undefined {
  if (typeof raw !== 'string' || !/^\s*\d{1,6}\s*$/.test(raw)) return undefined;
  const value = Number.parseInt(raw, 10);
  return value >= lowest && value <= max ? value : undefined;
}

const numberIn = (data: unknown, name: string): number | undefined => {
  const value = (data as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The platform's refusal of a quantity as a message key, or undefined for any other refusal. */
export function quantityRefusal(
  code: string | undefined,
  data: unknown,
  fallbackMax: number,
): QuantityMessage | undefined {
  switch (code) {
    case 'LineItem.QuantityMustBePositive':
      return { key: 'invalidQuantity', values: { max: fallbackMax } };
    case 'PriceSchedule.CannotBeLessThanMin':
    case 'PriceSchedule.CumulativeCannotBeLessThanMin': {
      const min = numberIn(data, 'min');
      return min === undefined
        ? { key: 'invalidQuantity', values: { max: fallbackMax } }
        : { key: 'quantityBelowMin', values: { min } };
    }
    case 'PriceSchedule.CannotExceedMax':
    case 'PriceSchedule.CumulativeCannotExceedMax':
      return { key: 'quantityAboveMax', values: { max: numberIn(data, 'max') ?? fallbackMax } };
    case 'PriceSchedule.QuantityNotAllowed':
    case 'PriceSchedule.CumulativeQuantityNotAllowed':
      return { key: 'quantityNotAllowed', values: {} };
    default:
      return undefined;
  }
}
