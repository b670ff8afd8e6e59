/**
 * Chooses which option combinations of a family are released as sales items.
 *
 * A uniform sample of a space of millions would leave a configurator with one matching item after
 * two clicks, so the selection has two parts:
 * - The core options a buyer decides first (stroke, load, voltage, feedback, controller) are
 *   released as dense layers: starting from the series default, each step adds one more value to
 *   one core dimension (the one with the fewest values for its importance) and releases every
 *   compatible combination of that value with the values already in. The last layer is only
 *   partly needed and is sampled with the seed.
 * - The peripheral options (back fixture, rod eye, protection class, cable plug and length) are
 *   drawn per core combination with the seed, the series standard being the most common. When the
 *   whole core is released and more items are wanted, every core combination gets further
 *   distinct peripheral variants.
 * So every facet offers real choices, and the compatibility rules (physics.ts) leave some
 * combinations out, which the configurator shows as disabled values.
 *
 * A combination is kept as a number: its option indices in a mixed radix (one digit per
 * dimension), which keeps 100,000 selections cheap.
 */

import { CONTROLLER_OPTIONS, type ConfigurableFamilyDefinition } from './families.ts';
import { type CableOption, isCompatible, type OptionChoice } from './physics.ts';
import { type Random, sample } from './random.ts';

/*
 * Option dimensions, in the order their digits appear in a combination code:
 * 0 stroke, 1 load, 2 voltage, 3 feedback, 4 controller (the core), then 5 mounting, 6 rod eye,
 * 7 protection class, 8 cable plug, 9 cable length (the periphery).
 */

/** The first five dimensions are the core; the rest are peripheral. */
const CORE_DIMENSIONS = 5;
/** How much each core dimension matters to a buyer: heavier dimensions get more values earlier. */
const IMPORTANCE: readonly number[] = [3, 2, 1.4, 1.6, 1.3];
/** Chance that a peripheral option is the series standard (its first value). */
const STANDARD_OPTION_SHARE = 0.5;
/** Attempts to draw a compatible, not yet released peripheral variant before giving up on one. */
const PERIPHERAL_ATTEMPTS = 24;

/** The option lists of a family, one per dimension. */
export interface OptionSpace {
  family: ConfigurableFamilyDefinition;
  sizes: number[];
  /** Decodes a combination code into its options (allocates a new object). */
  decode(code: number): OptionChoice;
}

const spaces = new WeakMap<ConfigurableFamilyDefinition, OptionSpace>();

export function optionSpaceOf(family: ConfigurableFamilyDefinition): OptionSpace {
  const cached = spaces.get(family);
  if (cached) return cached;
  const controllers = family.controllers.map((code) => CONTROLLER_OPTIONS[code]);
  const sizes = [
    family.strokesMm.length,
    family.loads.length,
    family.voltages.length,
    family.feedbacks.length,
    controllers.length,
    family.mountings.length,
    family.rodEyes.length,
    family.protectionClasses.length,
    family.cablePlugs.length,
    family.cableLengthsM.length,
  ];
  const cables = new Map<number, CableOption>();
  const cableOf = (plugIndex: number, lengthIndex: number): CableOption => {
    const key = plugIndex * 100 + lengthIndex;
    let cable = cables.get(key);
    if (!cable) {
      const plug = family.cablePlugs[plugIndex]!;
      const lengthM = family.cableLengthsM[lengthIndex]!;
      cable = { code: `C${lengthM}${PLUG_CODES[plug]}`, lengthM, plug };
      cables.set(key, cable);
    }
    return cable;
  };
  const decode = (code: number): OptionChoice => {
    const digits = toDigits(code, sizes);
    return {
      strokeMm: family.strokesMm[digits[0]!]!,
      load: family.loads[digits[1]!]!,
      voltage: family.voltages[digits[2]!]!,
      feedback: family.feedbacks[digits[3]!]!,
      controller: controllers[digits[4]!]!,
      mounting: family.mountings[digits[5]!]!,
      rodEye: family.rodEyes[digits[6]!]!,
      protectionClass: family.protectionClasses[digits[7]!]!,
      cable: cableOf(digits[8]!, digits[9]!),
    };
  };
  const space: OptionSpace = { family, sizes, decode };
  spaces.set(family, space);
  return space;
}

export const PLUG_CODES = {
  'Open wires': 'OW',
  Molex: 'MX',
  DIN: 'DN',
  M12: 'M12',
  'M12 sealed': 'M12S',
} as const;

function toDigits(code: number, sizes: readonly number[]): number[] {
  const digits: number[] = [];
  let rest = code;
  for (const size of sizes) {
    digits.push(rest % size);
    rest = Math.floor(rest / size);
  }
  return digits;
}

function toCode(digits: readonly number[], sizes: readonly number[]): number {
  let code = 0;
  for (let d = sizes.length - 1; d >= 0; d--) code = code * sizes[d]! + digits[d]!;
  return code;
}

/**
 * Up to `target` compatible combinations, in release order (default combination first). Fewer
 * are returned only when the family's compatible space is (nearly) used up.
 */
export function selectCombinations(
  family: ConfigurableFamilyDefinition,
  target: number,
  random: Random,
): number[] {
  const space = optionSpaceOf(family);
  if (target <= 0) return [];
  const core = selectCore(space, target, random);
  const selected: number[] = [];
  const released = new Set<number>();
  const release = (code: number) => {
    selected.push(code);
    released.add(code);
  };
  // Round 0 gives every core combination one peripheral variant; later rounds add more.
  for (let round = 0; selected.length < target; round++) {
    const before = selected.length;
    for (let index = 0; index < core.length && selected.length < target; index++) {
      const coreDigits = core[index]!;
      if (round === 0 && index === 0) {
        release(
          toCode(
            space.sizes.map((_, d) => coreDigits[d] ?? 0),
            space.sizes,
          ),
        );
        continue;
      }
      const code = drawPeripheral(space, coreDigits, released, random);
      if (code !== undefined) release(code);
    }
    if (selected.length === before) break; // the peripheral space is used up
  }
  return selected;
}

/** A compatible peripheral variant of a core combination that is not released yet. */
function drawPeripheral(
  space: OptionSpace,
  coreDigits: readonly number[],
  released: ReadonlySet<number>,
  random: Random,
): number | undefined {
  const { family, sizes } = space;
  const digits = sizes.map((_, d) => coreDigits[d] ?? 0);
  for (let attempt = 0; attempt < PERIPHERAL_ATTEMPTS; attempt++) {
    for (let d = CORE_DIMENSIONS; d < sizes.length; d++) {
      const size = sizes[d]!;
      digits[d] = size === 1 || random.chance(STANDARD_OPTION_SHARE) ? 0 : random.int(1, size - 1);
    }
    const code = toCode(digits, sizes);
    if (!released.has(code) && isCompatible(family, space.decode(code))) return code;
  }
  return undefined;
}

/** Core combinations (digits of the core dimensions, peripheral digits 0) in release order. */
function selectCore(space: OptionSpace, target: number, random: Random): number[][] {
  const { family, sizes } = space;
  const coreSizes = sizes.slice(0, CORE_DIMENSIONS);
  const defaultDigits = sizes.map(() => 0);
  if (!isCompatible(family, space.decode(toCode(defaultDigits, sizes)))) {
    throw new Error(`Family ${family.id}: the default combination breaks a compatibility rule`);
  }
  const selected: number[][] = [defaultDigits.slice(0, CORE_DIMENSIONS)];
  const included: number[][] = coreSizes.map(() => [0]);
  for (;;) {
    if (selected.length >= target) return selected;
    const dimension = nextDimension(included, coreSizes);
    if (dimension < 0) return selected; // the whole core is released
    const value = included[dimension]!.length;
    const layer = compatibleLayer(space, included, dimension, value);
    included[dimension]!.push(value);
    const missing = target - selected.length;
    if (layer.length <= missing) {
      for (const digits of layer) selected.push(digits);
    } else {
      // Only part of this layer is needed: a seeded sample, kept in release order.
      const positions = sample(
        random,
        layer.map((_, index) => index),
        missing,
      ).sort((a, b) => a - b);
      for (const position of positions) selected.push(layer[position]!);
      return selected;
    }
  }
}

/** The core dimension whose next value to release: fewest values relative to its importance. */
function nextDimension(included: readonly number[][], sizes: readonly number[]): number {
  let best = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let d = 0; d < sizes.length; d++) {
    const count = included[d]!.length;
    if (count >= sizes[d]!) continue;
    const score = count / IMPORTANCE[d]!;
    if (score < bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Compatible core combinations with `dimension` = `value` and every other core dimension on an
 * included value (peripheral options at the standard, which no core rule depends on).
 */
function compatibleLayer(
  space: OptionSpace,
  included: readonly number[][],
  dimension: number,
  value: number,
): number[][] {
  const { family, sizes } = space;
  const count = included.length;
  const positions = included.map(() => 0);
  const digits = included.map((values) => values[0]!);
  digits[dimension] = value;
  const full = sizes.map(() => 0);
  const layer: number[][] = [];
  for (;;) {
    for (let d = 0; d < count; d++) full[d] = digits[d]!;
    if (isCompatible(family, space.decode(toCode(full, sizes)))) layer.push(digits.slice());
    // Odometer over every core dimension except the one being extended; stroke turns fastest.
    let d = 0;
    for (; d < count; d++) {
      if (d === dimension) continue;
      const values = included[d]!;
      const position = (positions[d] ?? 0) + 1;
      positions[d] = position;
      if (position < values.length) {
        digits[d] = values[position]!;
        break;
      }
      positions[d] = 0;
      digits[d] = values[0]!;
    }
    if (d === count) return layer;
  }
}
