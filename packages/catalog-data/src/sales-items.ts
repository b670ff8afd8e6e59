/**
 * Turns released option combinations into sales items and families: facet values, names,
 * descriptions, weights, gross prices, commercial variants and the facet values each family offers.
 */
import { optionSpaceOf, selectCombinations } from './combinations.ts';
import type { FacetDefinition, FacetKey, FacetValue, SalesItemConfiguration } from './facets.ts';
import {
  ACCESSORY_FAMILIES,
  type AccessoryFamilyDefinition,
  CONFIGURABLE_FAMILIES,
  CONTROLLER_OPTIONS,
  type ConfigurableFamilyDefinition,
  type FamilyKind,
  type FamilyPhysics,
  type ProductFamilyGroup,
} from './families.ts';
import { commercialVariants, familyFacets, familyImageUrl, variantImageUrl } from './family-facets.ts';
import {
  configurationCode,
  configurationOf,
  itemDescription,
  itemName,
  SharedValues,
} from './item-configuration.ts';
import type { FactoryId } from './organisation.ts';
import { shipDimensionsCm, shipWeightKg } from './physics.ts';
import {
  accessoryPricing,
  configurableMarkups,
  grossPriceFromConfiguration,
  type OptionMarkups,
} from './prices.ts';
import { type Random, randomStream } from './random.ts';

export type ProductState = 'Active' | 'Discontinued' | 'Blocked' | 'ComingSoon';

export interface SalesItem {
  /** One uppercase letter (the family's) + five digits. */
  salesItemNumber: string;
  familyId: string;
  commercialVariantId: string;
  name: string;
  description: string;
  /** The ERP configuration code: one segment per option (series, pitch, fixtures, controller …). */
  configurationCode: string;
  configuration: SalesItemConfiguration;
  productState: ProductState;
  imageUrl: string;
  factoryId: FactoryId;
  shipWeightKg: number;
  shipDimensionsCm: { length: number; width: number; height: number };
  /** Gross price in DKK minor units: family base price + Σ option markups. */
  grossPrice: number;
}

export interface FamilyFacet {
  key: FacetKey;
  displayName: string;
  numeric: boolean;
  unit: string | null;
  scope: FacetDefinition['scope'];
  /** Values offered by the family's sales items, in display order. */
  values: FacetValue[];
}

export interface CommercialVariant {
  id: string;
  familyId: string;
  name: string;
  /** Internal names (facet keys) of the facets a buyer chooses within this variant. */
  configurationInternalNames: FacetKey[];
  imageUrl: string;
  salesItemCount: number;
  /** Lowest and highest gross price of the variant's sales items, DKK minor units. */
  grossPriceRange: { min: number; max: number };
}

export interface Family {
  id: string;
  shortName: string;
  name: string;
  kind: FamilyKind;
  configurable: boolean;
  description: string;
  productFamilyGroup: ProductFamilyGroup;
  imageUrl: string;
  factoryId: FactoryId;
  salesItemLetter: string;
  facets: FamilyFacet[];
  commercialVariants: CommercialVariant[];
  /** DKK minor units. */
  basePrice: number;
  optionMarkups: OptionMarkups;
  /** Physical constants of configurable families (null for accessories). */
  physics: FamilyPhysics | null;
  salesItemCount: number;
}

/** Numbers run from 10001 to 99999 under each family letter. */
const FIRST_NUMBER = 10_001;
export const MAX_SALES_ITEMS_PER_FAMILY = 99_999 - FIRST_NUMBER + 1;

export function salesItemNumber(letter: string, index: number): string {
  return `${letter}${FIRST_NUMBER + index}`;
}

// --- Quotas -----------------------------------------------------------------------------------

/** Splits `total` by weights with the largest-remainder method (sums exactly to total). */
export function splitByShares(total: number, shares: readonly number[]): number[] {
  const sum = shares.reduce((a, b) => a + b, 0);
  if (sum <= 0) return shares.map(() => 0);
  const exact = shares.map((share) => (total * share) / sum);
  const result = exact.map(Math.floor);
  let rest = total - result.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (rest <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    rest--;
  }
  return result;
}

/** Accessories are few: up to 5 % of the items, at most the fixed list of each family. */
function accessoryCounts(total: number): number[] {
  let budget = Math.floor(total * 0.05);
  const counts = ACCESSORY_FAMILIES.map(() => 0);
  for (let round = 0; budget > 0; round++) {
    let added = false;
    ACCESSORY_FAMILIES.forEach((family, index) => {
      if (budget > 0 && round < family.items.length) {
        counts[index] = (counts[index] ?? 0) + 1;
        budget--;
        added = true;
      }
    });
    if (!added) break;
  }
  return counts;
}

/**
 * Released combination codes per configurable family. Families whose whole compatible space is
 * smaller than their share give the rest to the others (only happens in very large worlds).
 */
function selectAllCombinations(total: number, seed: number): number[][] {
  const families = CONFIGURABLE_FAMILIES;
  const quotas = splitByShares(
    total,
    families.map((family) => family.share),
  ).map((quota) => Math.min(quota, MAX_SALES_ITEMS_PER_FAMILY));
  const selections: number[][] = families.map(() => []);
  const exhausted = families.map(() => false);
  const done = families.map(() => -1);
  for (;;) {
    let shortfall = total - quotas.reduce((a, b) => a + b, 0);
    families.forEach((family, index) => {
      const quota = quotas[index] ?? 0;
      if (done[index] === quota) return;
      const codes = selectCombinations(family, quota, randomStream(seed, `combinations:${family.id}`));
      selections[index] = codes;
      done[index] = quota;
      if (codes.length < quota || quota === MAX_SALES_ITEMS_PER_FAMILY) {
        exhausted[index] = true;
        shortfall += quota - codes.length;
        quotas[index] = codes.length;
        done[index] = codes.length;
      }
    });
    if (shortfall === 0) return selections;
    const open = families.map((_, index) => !exhausted[index]);
    if (!open.some(Boolean)) {
      throw new RangeError(`The catalogue cannot hold ${total} distinct sales items`);
    }
    const extra = splitByShares(
      shortfall,
      families.map((family, index) => (open[index] ? family.share : 0)),
    );
    extra.forEach((amount, index) => {
      quotas[index] = Math.min((quotas[index] ?? 0) + amount, MAX_SALES_ITEMS_PER_FAMILY);
    });
  }
}

// --- Building items ---------------------------------------------------------------------------

export interface CatalogueOptions {
  salesItems: number;
  seed: number;
  imageBaseUrl: string;
}

export interface Catalogue {
  families: Family[];
  salesItems: SalesItem[];
}

export function buildCatalogue(options: CatalogueOptions): Catalogue {
  const accessoryPlan = accessoryCounts(options.salesItems);
  const accessoryTotal = accessoryPlan.reduce((a, b) => a + b, 0);
  const selections = selectAllCombinations(options.salesItems - accessoryTotal, options.seed);

  const families: Family[] = [];
  const salesItems: SalesItem[] = [];
  CONFIGURABLE_FAMILIES.forEach((definition, index) => {
    const built = buildConfigurableFamily(definition, selections[index] ?? [], options);
    families.push(built.family);
    for (const item of built.items) salesItems.push(item);
  });
  ACCESSORY_FAMILIES.forEach((definition, index) => {
    const built = buildAccessoryFamily(definition, accessoryPlan[index] ?? 0, options);
    families.push(built.family);
    for (const item of built.items) salesItems.push(item);
  });
  return { families, salesItems };
}

/** Mostly active; a few discontinued, coming soon or blocked items, as in any live catalogue. */
function drawProductState(random: Random): ProductState {
  const roll = random.next();
  if (roll < 0.93) return 'Active';
  if (roll < 0.97) return 'Discontinued';
  if (roll < 0.99) return 'ComingSoon';
  return 'Blocked';
}

function buildConfigurableFamily(
  definition: ConfigurableFamilyDefinition,
  codes: readonly number[],
  options: CatalogueOptions,
): { family: Family; items: SalesItem[] } {
  const markups = configurableMarkups(definition);
  const basePrice = definition.pricing.basePrice;
  const numbers = new SharedValues();
  const states = randomStream(options.seed, `product-state:${definition.id}`);
  const variantImages = new Map<string, string>();
  const space = optionSpaceOf(definition);
  const items: SalesItem[] = codes.map((code, index) => {
    const choice = space.decode(code);
    const { configuration, buildInMm, dutyPercent } = configurationOf(definition, choice, numbers);
    const variantId = `${definition.id}-${choice.controller.code}`;
    let imageUrl = variantImages.get(variantId);
    if (!imageUrl) {
      imageUrl = variantImageUrl(options.imageBaseUrl, definition.id, variantId);
      variantImages.set(variantId, imageUrl);
    }
    const state = drawProductState(states);
    return {
      salesItemNumber: salesItemNumber(definition.letter, index),
      familyId: definition.id,
      commercialVariantId: variantId,
      name: itemName(definition, choice),
      description: itemDescription(definition, choice, buildInMm, dutyPercent),
      configurationCode: configurationCode(definition, choice),
      configuration,
      // The series default (the first item) is always sellable.
      productState: index === 0 ? 'Active' : state,
      imageUrl,
      factoryId: definition.factoryId,
      shipWeightKg: shipWeightKg(definition, choice),
      shipDimensionsCm: shipDimensionsCm(definition, buildInMm),
      grossPrice: grossPriceFromConfiguration(basePrice, markups, configuration),
    };
  });

  const variants = definition.controllers.map((code) => ({
    id: `${definition.id}-${code}`,
    name: `${definition.shortName} ${CONTROLLER_OPTIONS[code].variantLabel}`,
  }));
  return {
    family: {
      id: definition.id,
      shortName: definition.shortName,
      name: definition.name,
      kind: definition.kind,
      configurable: true,
      description: definition.description,
      productFamilyGroup: definition.group,
      imageUrl: familyImageUrl(options.imageBaseUrl, definition.id),
      factoryId: definition.factoryId,
      salesItemLetter: definition.letter,
      facets: familyFacets(definition.usedFacets, items),
      commercialVariants: commercialVariants(definition.id, variants, items, options.imageBaseUrl),
      basePrice,
      optionMarkups: markups,
      physics: definition.physics,
      salesItemCount: items.length,
    },
    items,
  };
}

function buildAccessoryFamily(
  definition: AccessoryFamilyDefinition,
  count: number,
  options: CatalogueOptions,
): { family: Family; items: SalesItem[] } {
  const { basePrice, markups } = accessoryPricing(definition);
  const items: SalesItem[] = definition.items.slice(0, count).map((item, index) => {
    const configuration: SalesItemConfiguration = {};
    for (const key of definition.usedFacets) {
      if (key === 'type') configuration.type = item.type;
      if (key === 'voltage' && item.voltage) configuration.voltage = item.voltage;
      if (key === 'cablePlugType') configuration.cablePlugType = item.cablePlugType;
      if (key === 'cableLength') configuration.cableLength = item.cableLength;
      if (key === 'protectionClass') configuration.protectionClass = item.protectionClass;
    }
    return {
      salesItemNumber: salesItemNumber(definition.letter, index),
      familyId: definition.id,
      commercialVariantId: item.variantId,
      name: item.name,
      description: item.description,
      configurationCode: `${definition.shortName}-${item.code}`,
      configuration,
      productState: 'Active',
      imageUrl: variantImageUrl(options.imageBaseUrl, definition.id, item.variantId),
      factoryId: definition.factoryId,
      shipWeightKg: item.weightKg,
      shipDimensionsCm: { ...item.dimensionsCm },
      grossPrice: grossPriceFromConfiguration(basePrice, markups, configuration),
    };
  });
  const variants: { id: string; name: string }[] = [];
  for (const item of definition.items) {
    if (!variants.some((variant) => variant.id === item.variantId)) {
      variants.push({ id: item.variantId, name: item.variantName });
    }
  }
  return {
    family: {
      id: definition.id,
      shortName: definition.shortName,
      name: definition.name,
      kind: definition.kind,
      configurable: false,
      description: definition.description,
      productFamilyGroup: definition.group,
      imageUrl: familyImageUrl(options.imageBaseUrl, definition.id),
      factoryId: definition.factoryId,
      salesItemLetter: definition.letter,
      facets: familyFacets(definition.usedFacets, items),
      commercialVariants: commercialVariants(definition.id, variants, items, options.imageBaseUrl),
      basePrice,
      optionMarkups: markups,
      physics: null,
      salesItemCount: items.length,
    },
    items,
  };
}
