/**
 * Turns released option combinations into sales items and families: facet values, names,
 * descriptions, weights, gross prices, commercial variants and the facet values each family offers.
 */
import { optionSpaceOf, PLUG_CODES, selectCombinations } from './combinations.ts';
import {
  CABLE_PLUG_TYPES,
  FACETS,
  type FacetDefinition,
  type FacetKey,
  type FacetValue,
  FEEDBACKS,
  facetValueLabel,
  type NumericFacetValue,
  numericValue,
  PROTECTION_CLASSES,
  type SalesItemConfiguration,
} from './facets.ts';
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
import type { FactoryId } from './organisation.ts';
import {
  buildInDimensionMm,
  dutyCyclePercent,
  type OptionChoice,
  runAndRestMinutes,
  shipDimensionsCm,
  shipWeightKg,
} from './physics.ts';
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

export function familyImageUrl(imageBaseUrl: string, familyId: string): string {
  return `${imageBaseUrl}/${encodeURIComponent(familyId)}.svg`;
}

function variantImageUrl(imageBaseUrl: string, familyId: string, variantId: string): string {
  return `${familyImageUrl(imageBaseUrl, familyId)}?variant=${encodeURIComponent(variantId)}`;
}

/** Mostly active; a few discontinued, coming soon or blocked items, as in any live catalogue. */
function drawProductState(random: Random): ProductState {
  const roll = random.next();
  if (roll < 0.93) return 'Active';
  if (roll < 0.97) return 'Discontinued';
  if (roll < 0.99) return 'ComingSoon';
  return 'Blocked';
}

const POWER_PLUGS: Record<string, string> = {
  'Open wires': 'Open wires',
  Molex: 'Molex 2-pin',
  DIN: 'DIN 6-pin',
  M12: 'M12 4-pin',
  'M12 sealed': 'M12 4-pin, sealed',
};
const SIGNAL_PLUGS: Record<string, string> = {
  'Open wires': 'Open wires',
  Molex: 'Molex 6-pin',
  DIN: 'DIN 8-pin',
  M12: 'M12 8-pin',
  'M12 sealed': 'M12 8-pin, sealed',
};

const FEEDBACK_CODES: Record<string, string> = {
  None: 'N',
  'End-stop signals': 'ES',
  'Single Hall': 'H1',
  'Dual Hall': 'H2',
  Potentiometer: 'PT',
  'Analogue 0-10 V': 'A10',
  'Analogue 4-20 mA': 'A20',
  PWM: 'PW',
  Modbus: 'MB',
  'CAN bus': 'CN',
  'LIN bus': 'LN',
};

/**
 * Shares facet values within a family: 100,000 items then reuse a few dozen value objects and
 * label strings instead of holding a copy each.
 */
class SharedValues {
  private readonly numbers = new Map<string, NumericFacetValue>();
  private readonly labels = new Map<string, string>();
  get(value: number, unit: string): NumericFacetValue {
    const key = `${value} ${unit}`;
    let existing = this.numbers.get(key);
    if (!existing) {
      existing = numericValue(value, unit);
      this.numbers.set(key, existing);
    }
    return existing;
  }
  label(value: number, unit: string): string {
    const key = `${value} ${unit}`;
    const existing = this.labels.get(key);
    if (existing !== undefined) return existing;
    this.labels.set(key, key);
    return key;
  }
}

function configurationOf(
  family: ConfigurableFamilyDefinition,
  choice: OptionChoice,
  numbers: SharedValues,
): { configuration: SalesItemConfiguration; buildInMm: number; dutyPercent: number } {
  const buildInMm = buildInDimensionMm(family, choice);
  const dutyPercent = dutyCyclePercent(family, choice);
  const { runMin, restMin } = runAndRestMinutes(family, dutyPercent);
  const hasSignalCable = choice.feedback !== 'None' || choice.controller.platform === 'Integrated controller';
  const cableLength = numbers.label(choice.cable.lengthM, 'm');
  const full: SalesItemConfiguration = {
    backfixtureDiameter: choice.mounting.backfixtureDiameter,
    backfixtureThread: choice.mounting.backfixtureThread,
    diameterOut: choice.mounting.diameterOut,
    material: choice.mounting.material,
    orientation: choice.mounting.orientation,
    type: choice.mounting.type,
    feedback: choice.feedback,
    voltage: numbers.label(choice.voltage, 'V'),
    pistonRodEyeDiameter: choice.rodEye.diameter,
    pistonRodEyeThread: choice.rodEye.thread,
    pistonRodEyeMaterial: choice.rodEye.material,
    slotWidth: choice.rodEye.slotWidth,
    pistonRodEyeType: choice.rodEye.type,
    controllerPlatform: choice.controller.platform,
    integratedControllerType: choice.controller.integratedType,
    strokeLength: numbers.get(choice.strokeMm, 'mm'),
    maxLoadPush: numbers.get(choice.load.maxLoadPushN, 'N'),
    minimumSpeedAtFullLoad: numbers.get(choice.load.minSpeedMmS, 'mm/s'),
    dutyCycle: numbers.label(dutyPercent, '%'),
    maxRunTime: numbers.label(runMin, 'min'),
    restTime: numbers.label(restMin, 'min'),
    powerCableLength: cableLength,
    signalCableLength: hasSignalCable ? cableLength : 'No signal cable',
    powerCablePlugType: POWER_PLUGS[choice.cable.plug] ?? choice.cable.plug,
    signalCablePlugType: hasSignalCable ? (SIGNAL_PLUGS[choice.cable.plug] ?? choice.cable.plug) : 'None',
    cablePlugType: choice.cable.plug,
    cableLength,
    // A slotted rod eye decouples pull, and a column only lifts.
    loadType:
      family.kind === 'lifting-column' || choice.rodEye.slotWidth !== 'No slot' ? 'Push' : 'Push and pull',
    protectionClass: choice.protectionClass,
    buildInDimension: numbers.get(buildInMm, 'mm'),
  };
  if (family.usedFacets.length === FACETS.length) return { configuration: full, buildInMm, dutyPercent };
  const used: Record<string, FacetValue> = {};
  for (const key of family.usedFacets) {
    const value = full[key];
    if (value !== undefined) used[key] = value;
  }
  return { configuration: used as SalesItemConfiguration, buildInMm, dutyPercent };
}

function configurationCode(family: ConfigurableFamilyDefinition, choice: OptionChoice): string {
  return [
    family.shortName,
    choice.load.code,
    choice.mounting.code,
    choice.rodEye.code,
    choice.controller.code,
    FEEDBACK_CODES[choice.feedback],
    String(choice.strokeMm).padStart(4, '0'),
    `${choice.voltage}V`,
    choice.protectionClass,
    `C${choice.cable.lengthM}${PLUG_CODES[choice.cable.plug]}`,
  ].join('-');
}

function itemName(family: ConfigurableFamilyDefinition, choice: OptionChoice): string {
  const feedback = choice.feedback === 'None' ? 'no feedback' : choice.feedback;
  const controller =
    choice.controller.code === 'IC' ? ', IC' : choice.controller.code === 'ICP' ? ', IC parallel' : '';
  // join() builds one flat string; template concatenation would keep a rope of small pieces per item.
  return [
    family.shortName,
    ' ',
    family.noun,
    ' ',
    choice.load.maxLoadPushN,
    ' N, ',
    choice.strokeMm,
    ' mm, ',
    choice.voltage,
    ' V, ',
    feedback,
    controller,
  ].join('');
}

function itemDescription(
  family: ConfigurableFamilyDefinition,
  choice: OptionChoice,
  buildInMm: number,
  dutyPercent: number,
): string {
  const controller =
    choice.controller.platform === 'Integrated controller'
      ? `an integrated ${choice.controller.integratedType.toLowerCase()} controller`
      : 'an external control box';
  const feedback = choice.feedback === 'None' ? 'no position feedback' : `${choice.feedback} feedback`;
  const motion =
    family.kind === 'lifting-column'
      ? `${family.shortName} lifting column with ${choice.strokeMm} mm lift and a retracted height of ${buildInMm} mm`
      : `${family.shortName} ${family.noun} actuator with ${choice.strokeMm} mm stroke and a build-in dimension of ${buildInMm} mm`;
  const mounting =
    family.kind === 'lifting-column'
      ? `${choice.mounting.type} profile in ${choice.mounting.material.toLowerCase()}, ${choice.mounting.orientation.toLowerCase()} mounting`
      : `${choice.mounting.type.toLowerCase()} back fixture in ${choice.mounting.material.toLowerCase()} (${choice.mounting.orientation}) and ${choice.rodEye.type.toLowerCase()} piston-rod end`;
  return [
    motion,
    `. Pushes up to ${choice.load.maxLoadPushN} N at ${choice.load.minSpeedMmS} mm/s at full load`,
    ` (${choice.load.spindlePitchMm} mm spindle pitch). ${choice.voltage} V DC motor with ${feedback} and ${controller}; `,
    `${mounting}. Protection class ${choice.protectionClass}, ${choice.cable.lengthM} m cable with ${choice.cable.plug} plug. `,
    `Duty cycle ${dutyPercent} %.`,
  ].join('');
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

// --- Family facets and variants ---------------------------------------------------------------

const TEXT_ORDER: Partial<Record<FacetKey, readonly string[]>> = {
  feedback: FEEDBACKS,
  protectionClass: PROTECTION_CLASSES,
  cablePlugType: CABLE_PLUG_TYPES,
};

const collator = new Intl.Collator('en', { numeric: true });

function compareValues(key: FacetKey, a: FacetValue, b: FacetValue): number {
  if (typeof a !== 'string' && typeof b !== 'string') return a.value - b.value;
  const order = TEXT_ORDER[key];
  const labelA = facetValueLabel(a);
  const labelB = facetValueLabel(b);
  if (order) return order.indexOf(labelA) - order.indexOf(labelB);
  return collator.compare(labelA, labelB);
}

function familyFacets(usedFacets: readonly FacetKey[], items: readonly SalesItem[]): FamilyFacet[] {
  const seen = new Map<FacetKey, Map<string, FacetValue>>();
  for (const key of usedFacets) seen.set(key, new Map());
  for (const item of items) {
    for (const [key, values] of seen) {
      const value = item.configuration[key];
      if (value === undefined) continue;
      const label = facetValueLabel(value);
      if (!values.has(label)) values.set(label, value);
    }
  }
  return FACETS.filter((definition) => seen.has(definition.key)).map((definition) => ({
    key: definition.key,
    displayName: definition.displayName,
    numeric: definition.numeric,
    unit: definition.unit,
    scope: definition.scope,
    values: [...(seen.get(definition.key)?.values() ?? [])].sort((a, b) =>
      compareValues(definition.key, a, b),
    ),
  }));
}

function commercialVariants(
  familyId: string,
  variants: readonly { id: string; name: string }[],
  items: readonly SalesItem[],
  imageBaseUrl: string,
): CommercialVariant[] {
  const result: CommercialVariant[] = [];
  for (const variant of variants) {
    const members = items.filter((item) => item.commercialVariantId === variant.id);
    const first = members[0];
    if (!first) continue; // a variant without released items is not offered
    const varying = new Set<FacetKey>();
    let min = first.grossPrice;
    let max = first.grossPrice;
    for (const item of members) {
      min = Math.min(min, item.grossPrice);
      max = Math.max(max, item.grossPrice);
      for (const [key, value] of Object.entries(item.configuration) as [FacetKey, FacetValue][]) {
        if (varying.has(key)) continue;
        const reference = first.configuration[key];
        if (reference === undefined || facetValueLabel(reference) !== facetValueLabel(value))
          varying.add(key);
      }
    }
    result.push({
      id: variant.id,
      familyId,
      name: variant.name,
      configurationInternalNames: FACETS.map((facet) => facet.key).filter((key) => varying.has(key)),
      imageUrl: variantImageUrl(imageBaseUrl, familyId, variant.id),
      salesItemCount: members.length,
      grossPriceRange: { min, max },
    });
  }
  return result;
}
