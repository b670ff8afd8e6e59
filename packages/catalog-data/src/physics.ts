/**
 * The physical and electrical rules of actuators: which
 * option combinations may be released, and the values that follow from a combination (build-in
 * dimension, duty cycle, weight). The generator releases only combinations for which every rule
 * holds, which is what gives the configurator its disabled values.
 */
import {
  BUS_FEEDBACKS,
  type CablePlugType,
  type Feedback,
  HALL_FEEDBACKS,
  INTEGRATED_CONTROLLER_VOLTAGES,
  type ProtectionClass,
  SEALED_CABLE_PROTECTION_CLASSES,
} from './facets.ts';
import type {
  ConfigurableFamilyDefinition,
  ControllerOption,
  LoadOption,
  MountingOption,
  RodEyeOption,
} from './families.ts';

export interface CableOption {
  code: string;
  lengthM: number;
  plug: CablePlugType;
}

/** One combination of options of a configurable family (before it becomes a sales item). */
export interface OptionChoice {
  strokeMm: number;
  load: LoadOption;
  voltage: number;
  feedback: Feedback;
  controller: ControllerOption;
  mounting: MountingOption;
  rodEye: RodEyeOption;
  protectionClass: ProtectionClass;
  cable: CableOption;
}

export interface CompatibilityRule {
  id: string;
  description: string;
  holds(family: ConfigurableFamilyDefinition, choice: OptionChoice): boolean;
}

export const COMPATIBILITY_RULES: readonly CompatibilityRule[] = [
  {
    id: 'integrated-controller-voltage',
    description: 'An integrated controller only accepts 12 V or 24 V.',
    holds: (_family, choice) =>
      choice.controller.platform !== 'Integrated controller' ||
      INTEGRATED_CONTROLLER_VOLTAGES.includes(choice.voltage),
  },
  {
    id: 'integrated-controller-no-potentiometer',
    description: 'An integrated controller reads Hall sensors, not a potentiometer.',
    holds: (_family, choice) =>
      choice.controller.platform !== 'Integrated controller' || choice.feedback !== 'Potentiometer',
  },
  {
    id: 'bus-needs-integrated-controller',
    description: 'Bus feedback (Modbus, CAN, LIN) needs an integrated controller.',
    holds: (_family, choice) =>
      !BUS_FEEDBACKS.includes(choice.feedback) || choice.controller.platform === 'Integrated controller',
  },
  {
    id: 'parallel-needs-hall',
    description: 'A parallel controller keeps actuators in step by counting Hall pulses.',
    holds: (_family, choice) =>
      choice.controller.integratedType !== 'Parallel' || HALL_FEEDBACKS.includes(choice.feedback),
  },
  {
    id: 'ip69k-needs-sealed-m12',
    description: 'IP69K (static) is only sold with sealed cables and M12 plugs.',
    holds: (_family, choice) => choice.protectionClass !== 'IP69K' || choice.cable.plug === 'M12 sealed',
  },
  {
    id: 'sealed-cable-needs-sealed-housing',
    description: 'Sealed M12 cable sets are only offered on IP66 and IP69K housings.',
    holds: (_family, choice) =>
      choice.cable.plug !== 'M12 sealed' || SEALED_CABLE_PROTECTION_CLASSES.includes(choice.protectionClass),
  },
  {
    id: 'buckling',
    description: 'Long strokes limit the push load (Euler buckling: load × stroke² ≤ family constant).',
    holds: (family, choice) =>
      choice.load.maxLoadPushN * choice.strokeMm * choice.strokeMm <= family.physics.bucklingConstantNmm2,
  },
  {
    id: 'top-load-min-voltage',
    description: 'The strongest gear needs at least 24 V (a 12 V motor would draw too much current).',
    holds: (family, choice) =>
      choice.load.maxLoadPushN < maxLoadOf(family) || choice.voltage >= family.physics.topLoadMinVoltage,
  },
];

/** true when every compatibility rule holds for the combination. */
export function isCompatible(family: ConfigurableFamilyDefinition, choice: OptionChoice): boolean {
  for (const rule of COMPATIBILITY_RULES) {
    if (!rule.holds(family, choice)) return false;
  }
  return true;
}

/** Ids of the rules a combination breaks (empty when it can be released). */
export function brokenRules(family: ConfigurableFamilyDefinition, choice: OptionChoice): string[] {
  return COMPATIBILITY_RULES.filter((rule) => !rule.holds(family, choice)).map((rule) => rule.id);
}

const limitsCache = new WeakMap<ConfigurableFamilyDefinition, { maxLoad: number; maxStroke: number }>();

function limitsOf(family: ConfigurableFamilyDefinition): { maxLoad: number; maxStroke: number } {
  let limits = limitsCache.get(family);
  if (!limits) {
    limits = {
      maxLoad: Math.max(...family.loads.map((option) => option.maxLoadPushN)),
      maxStroke: Math.max(...family.strokesMm),
    };
    limitsCache.set(family, limits);
  }
  return limits;
}

export function maxLoadOf(family: ConfigurableFamilyDefinition): number {
  return limitsOf(family).maxLoad;
}

/** Retracted length: the stroke per moving stage plus the series constant and option extras. */
export function buildInDimensionMm(family: ConfigurableFamilyDefinition, choice: OptionChoice): number {
  return (
    Math.ceil(choice.strokeMm / family.physics.movingStages) +
    family.physics.buildInConstantMm +
    choice.mounting.extraBuildInMm +
    choice.controller.extraBuildInMm
  );
}

/** Duty cycle in percent: lower at the strongest gear and on long strokes (heat, buckling margin). */
export function dutyCyclePercent(family: ConfigurableFamilyDefinition, choice: OptionChoice): number {
  const { maxLoad, maxStroke } = limitsOf(family);
  let percent = family.physics.baseDutyCyclePercent;
  if (choice.load.maxLoadPushN === maxLoad) percent -= 5;
  if (choice.strokeMm > 0.7 * maxStroke) percent -= 5;
  return Math.max(5, percent);
}

/** Run and rest minutes of one duty-cycle period, e.g. 10 % of 20 min → 2 min on, 18 min off. */
export function runAndRestMinutes(
  family: ConfigurableFamilyDefinition,
  dutyPercent: number,
): { runMin: number; restMin: number } {
  const period = family.physics.dutyCyclePeriodMin;
  const runMin = (period * dutyPercent) / 100;
  return { runMin, restMin: period - runMin };
}

/** Cable weight per metre, kg. */
const CABLE_KG_PER_M = 0.06;

/** Ship weight in kg (two decimals): grows with stroke, load, controller and cable length. */
export function shipWeightKg(family: ConfigurableFamilyDefinition, choice: OptionChoice): number {
  const { physics } = family;
  const kg =
    physics.baseWeightKg +
    choice.strokeMm * physics.weightPerMmKg +
    (physics.weightAtFullLoadKg * choice.load.maxLoadPushN) / maxLoadOf(family) +
    choice.controller.extraWeightKg +
    choice.cable.lengthM * CABLE_KG_PER_M;
  return Math.round(kg * 100) / 100;
}

/** Shipping box in whole cm: the retracted length plus packaging. */
export function shipDimensionsCm(
  family: ConfigurableFamilyDefinition,
  buildInMm: number,
): { length: number; width: number; height: number } {
  return {
    length: Math.ceil(buildInMm / 10) + 8,
    width: family.physics.packageWidthCm,
    height: family.physics.packageHeightCm,
  };
}
