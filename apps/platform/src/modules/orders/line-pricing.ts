import { toMinorUnits } from '@actuate/contracts';
import { HttpError } from '@actuate/service-kit';
import { invalidRequest } from '../../shared/errors.ts';
import type { BuyerProduct } from '../catalog/service.ts';
import type { PriceScheduleEntity } from '../prices/service.ts';
import { type PriceSchedule, priceLineItem, type SpecMarkup } from '../pricing/index.ts';

/** A spec of a product with its options, as the catalogue stores them. */
export interface ProductSpec {
  spec: {
    id: string;
    name: string;
    required: boolean;
    allowOpenText: boolean;
    defaultOptionId: string | null;
  };
  options: { id: string; value: string; priceMarkupType: string; priceMarkup: string | null }[];
}

export interface RequestedSpec {
  SpecID: string;
  OptionID?: string | null | undefined;
  Value?: string | null | undefined;
}

/** LineItem.Specs as OrderCloud shows them: the choice with its option's markup copied in. */
export interface ChosenSpec {
  SpecID: string;
  Name: string;
  OptionID: string | null;
  Value: string | null;
  PriceMarkupType: string;
  PriceMarkup: number | null;
}

/**
 * Resolves the requested specs against the product's: each must belong to the product, an option must
 * belong to its spec (or the spec allows open text), and a required spec left out takes its default
 * option or fails. [inferred: OrderCloud documents no error codes for these; ours are LineItem.*]
 */
export function chooseSpecs(productSpecs: ProductSpec[], requested: RequestedSpec[]): ChosenSpec[] {
  const chosen: ChosenSpec[] = [];
  for (const request of requested) {
    const match = productSpecs.find((candidate) => candidate.spec.id === request.SpecID);
    if (!match)
      throw invalidSpec(
        'LineItem.SpecNotAssigned',
        `Spec ${request.SpecID} is not a spec of this product.`,
        request.SpecID,
      );
    chosen.push(choose(match, request));
  }
  for (const candidate of productSpecs) {
    if (!candidate.spec.required || chosen.some((spec) => spec.SpecID === candidate.spec.id)) continue;
    if (!candidate.spec.defaultOptionId) {
      throw invalidSpec(
        'LineItem.RequiredSpecMissing',
        `Spec ${candidate.spec.name} is required.`,
        candidate.spec.id,
      );
    }
    chosen.push(choose(candidate, { SpecID: candidate.spec.id, OptionID: candidate.spec.defaultOptionId }));
  }
  return chosen;
}

function choose({ spec, options }: ProductSpec, request: RequestedSpec): ChosenSpec {
  if (request.OptionID) {
    const option = options.find((candidate) => candidate.id === request.OptionID);
    if (!option)
      throw invalidSpec(
        'LineItem.SpecOptionNotFound',
        `Option ${request.OptionID} is not an option of spec ${spec.id}.`,
        spec.id,
      );
    return {
      SpecID: spec.id,
      Name: spec.name,
      OptionID: option.id,
      Value: option.value,
      PriceMarkupType: option.priceMarkupType,
      PriceMarkup: option.priceMarkup === null ? null : Number(option.priceMarkup),
    };
  }
  if (!spec.allowOpenText || !request.Value) {
    throw invalidSpec('LineItem.SpecOptionNotFound', `Spec ${spec.id} needs an OptionID.`, spec.id);
  }
  return {
    SpecID: spec.id,
    Name: spec.name,
    OptionID: null,
    Value: request.Value,
    PriceMarkupType: 'NoMarkup',
    PriceMarkup: null,
  };
}

const invalidSpec = (code: string, message: string, specId: string) =>
  new HttpError(400, code, message, { SpecID: specId });

/** The pricing module's schedule (minor units) from the API's (decimals). */
export function scheduleInMinorUnits(schedule: PriceScheduleEntity): PriceSchedule {
  const minor = (value: number | null | undefined) =>
    value === null || value === undefined ? null : toMinorUnits(value, schedule.Currency);
  return {
    MinQuantity: schedule.MinQuantity ?? null,
    MaxQuantity: schedule.MaxQuantity ?? null,
    UseCumulativeQuantity: schedule.UseCumulativeQuantity ?? false,
    RestrictedQuantity: schedule.RestrictedQuantity ?? false,
    SaleStart: schedule.SaleStart ?? null,
    SaleEnd: schedule.SaleEnd ?? null,
    PriceBreaks: schedule.PriceBreaks.map((priceBreak) => ({
      Quantity: priceBreak.Quantity,
      Price: toMinorUnits(priceBreak.Price, schedule.Currency),
      SalePrice: minor(priceBreak.SalePrice),
      SubscriptionPrice: minor(priceBreak.SubscriptionPrice),
      BundlePrice: minor(priceBreak.BundlePrice),
    })),
  };
}

/** Markups for the pricing module: amounts in minor units of the order currency, percentages as given. */
function markupsOf(specs: ChosenSpec[], currency: string): SpecMarkup[] {
  return specs.map((spec) => ({
    PriceMarkupType: spec.PriceMarkupType as SpecMarkup['PriceMarkupType'],
    PriceMarkup:
      spec.PriceMarkup === null
        ? null
        : spec.PriceMarkupType === 'Percentage'
          ? spec.PriceMarkup
          : toMinorUnits(spec.PriceMarkup, currency),
  }));
}

export interface LinePriceInput {
  product: BuyerProduct;
  quantity: number;
  /** All quantities of this product on the order, this line included. */
  cumulativeQuantity: number;
  specs: ChosenSpec[];
  currency: string;
  now: Date;
  overrideUnitPrice: number | null;
  /** The order comes from a subscription: a break's SubscriptionPrice wins (docs/domain.md). */
  subscription?: boolean;
}

/** Prices a line (docs/domain.md#prices-on-a-line, the pricing module), or fails with OrderCloud's code. */
export function priceLine(input: LinePriceInput) {
  const schedule = input.product.PriceSchedule;
  if (!schedule)
    throw invalidRequest(`Product ${input.product.ID} has no price for you.`, {
      ProductID: input.product.ID,
    });
  if (schedule.Currency !== input.currency) {
    throw new HttpError(
      400,
      'Order.CurrencyMismatch',
      `Product ${input.product.ID} is priced in ${schedule.Currency}, the order in ${input.currency}.`,
    );
  }
  const result = priceLineItem({
    schedule: scheduleInMinorUnits(schedule),
    quantity: input.quantity,
    cumulativeQuantity: input.cumulativeQuantity,
    specs: markupsOf(input.specs, input.currency),
    now: input.now,
    overrideUnitPrice: input.overrideUnitPrice,
    subscription: input.subscription === true,
  });
  if (!result.ok)
    throw new HttpError(400, result.error.code, result.error.message, { ...(result.error.data ?? {}) });
  return { ...result.value, priceScheduleId: schedule.ID };
}
