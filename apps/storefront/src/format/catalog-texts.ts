import da from '../../messages/da.json';
import de from '../../messages/de.json';
import en from '../../messages/en.json';
import type { AppLocale } from '../i18n/routing';

/*
 * The catalogue's product data in the buyer's language. The platform holds the catalogue's master
 * data in English (names, facet names and values, as OrderCloud products carry one Name); the
 * storefront translates it by ID from `CatalogData` in messages/{locale}.json: facet names by facet
 * ID, text facet values by the value (a slug of the English text, also for each part of a paired
 * value such as "M12 4-pin, sealed / None"), product families and groups by ID, ship methods by ID.
 * Sales item names are built from the item's localised facets (their English Name is built the same
 * way from the same facets). Numbers inside values are formatted for the locale ("Ø 8,2 mm").
 * Filters and configurator choices keep the English values; only what is shown is translated.
 */

type CatalogData = (typeof en)['CatalogData'];
type FamilyTexts = { name: string; noun?: string; description: string };

const DATA: Readonly<Record<AppLocale, CatalogData>> = {
  en: en.CatalogData,
  da: da.CatalogData,
  de: de.CatalogData,
};

/** The key of a text facet value in `CatalogData.values`: "Steel, black powder-coated" → `steel-black-powder-coated`. */
export function valueKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A number standing alone (not part of "M12", "0-10 V", "IP69K" or "6-pin"). */
const NUMBER = /(?<![\w.,-])\d+(?:\.\d+)?(?![\w-]|\.\d)/g;

type NumericFacet = { readonly label: string; readonly value: number; readonly unit: string };
type ProductLike = {
  readonly ID?: string | null;
  readonly Name?: string | null;
  readonly xp?: unknown;
};

export interface CatalogTexts {
  /** A number in the locale's format (1.700, 8,2). */
  number(value: number): string;
  facetName(key: string, fallback?: string | null): string;
  /** A facet value as shown: translated where the table has it, numbers formatted for the locale. */
  facetValue(value: string | NumericFacet | null | undefined): string;
  familyName(family: { readonly ID?: string | null; readonly Name?: string | null }): string;
  familyDescription(family: { readonly ID?: string | null; readonly Description?: string | null }): string;
  groupName(group: string): string;
  /** The name of a sales item (a product, or a line's product), in the buyer's language. */
  productName(product: ProductLike | null | undefined, fallback?: string | null): string;
  shipMethodName(method: { readonly ID?: string | null; readonly Name?: string | null }): string;
}

const cache = new Map<AppLocale, CatalogTexts>();

export function catalogTexts(locale: AppLocale): CatalogTexts {
  const known = cache.get(locale);
  if (known) return known;
  const made = build(locale, DATA[locale]);
  cache.set(locale, made);
  return made;
}

function own<T>(table: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined {
  return key && Object.hasOwn(table, key) ? table[key] : undefined;
}

function build(locale: AppLocale, data: CatalogData): CatalogTexts {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const values = data.values as Readonly<Record<string, string>>;
  const families = data.families as Readonly<Record<string, FamilyTexts>>;
  const formatNumbers = (text: string) => text.replace(NUMBER, (match) => numbers.format(Number(match)));
  const phrase = (text: string): string => {
    const whole = own(values, valueKey(text));
    if (whole) return whole;
    if (text.includes(' / ')) return text.split(' / ').map(phrase).join(' / ');
    if (text.includes(', ')) return text.split(', ').map(phrase).join(', ');
    return formatNumbers(text);
  };
  const facetValue = (value: string | NumericFacet | null | undefined): string => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'string') return phrase(value);
    return `${numbers.format(value.value)} ${value.unit}`;
  };

  return {
    number: (value) => numbers.format(value),
    facetName: (key, fallback) => own(data.facets as Record<string, string>, key) ?? fallback ?? key,
    facetValue,
    familyName: (family) => own(families, family.ID)?.name ?? family.Name ?? family.ID ?? '',
    familyDescription: (family) => own(families, family.ID)?.description ?? family.Description ?? '',
    groupName: (group) => own(data.groups as Record<string, string>, group) ?? group,
    shipMethodName: (method) =>
      own(data.shipMethods as Record<string, string>, method.ID) ?? method.Name ?? method.ID ?? '',
    productName(product, fallback) {
      const english = product?.Name ?? fallback ?? product?.ID ?? '';
      return locale === 'en' ? english : (composedItemName(locale, product?.xp) ?? english);
    },
  };
}

/**
 * The name of a sales item (its product xp) from its facets, as catalog-data builds the English one:
 * an actuator is "HD25 heavy-duty 1700 N, 200 mm, 24 V, Single Hall[, IC]", an accessory
 * "CB20 <type>[, 24 V]"; undefined for anything else.
 */
export function composedItemName(locale: AppLocale, productXp: unknown): string | undefined {
  const xp = productXp as
    | { Kind?: string; FamilyID?: string; Facets?: Record<string, string | NumericFacet> }
    | undefined;
  const family = own(DATA[locale].families as Readonly<Record<string, FamilyTexts>>, xp?.FamilyID);
  if (xp?.Kind !== 'SalesItem' || !xp.FamilyID || !family || !xp.Facets) return undefined;
  const { facetValue } = catalogTexts(locale);
  const familyId = xp.FamilyID;
  const facets = xp.Facets;
  const load = facets.maxLoadPush;
  const stroke = facets.strokeLength;
  if (typeof load === 'object' && typeof stroke === 'object' && family.noun) {
    const feedback = facets.feedback === 'None' ? facetValue('no feedback') : facetValue(facets.feedback);
    const controller = facets.integratedControllerType;
    const suffix = controller === 'Standard' ? ', IC' : controller === 'Parallel' ? ', IC parallel' : '';
    return `${familyId} ${family.noun} ${facetValue(load)}, ${facetValue(stroke)}, ${facetValue(
      facets.voltage,
    )}, ${feedback}${suffix}`;
  }
  if (typeof facets.type === 'string') {
    const voltage = facets.voltage ? `, ${facetValue(facets.voltage)}` : '';
    return `${familyId} ${facetValue(facets.type)}${voltage}`;
  }
  return undefined;
}
