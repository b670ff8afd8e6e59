/**
 * long-file: data tables of every family's option sets, read side by side when the catalogue is tuned.
 * The product families: invented, but with the option sets and numbers of real actuator data
 * sheets. These definitions are static; the generator
 * picks released combinations from them (sales-items.ts) and prices them (prices.ts).
 *
 * Option lists are in "introduction order": the first entry is the series' default and later
 * entries are added to the released catalogue as it grows (combinations.ts). Display order is
 * derived by sorting, not from these lists.
 */
import {
  type CablePlugType,
  CONFIGURATION_FACET_KEYS,
  type ControllerPlatform,
  type FacetKey,
  type Feedback,
  type IntegratedControllerType,
  type ProtectionClass,
  SALES_ITEM_FACET_KEYS,
} from './facets.ts';
import type { FactoryId } from './organisation.ts';

export type ProductFamilyGroup = 'Industrial' | 'Compact' | 'Medical' | 'Furniture' | 'Accessories';
export const PRODUCT_FAMILY_GROUPS: readonly ProductFamilyGroup[] = [
  'Industrial',
  'Compact',
  'Medical',
  'Furniture',
  'Accessories',
];

export type FamilyKind = 'linear-actuator' | 'hatch-drive' | 'lifting-column' | 'control-box' | 'handset';

/** Gear/spindle choice: a smaller spindle pitch gives more force and less speed. */
export interface LoadOption {
  code: string;
  spindlePitchMm: number;
  maxLoadPushN: number;
  minSpeedMmS: number;
}

/** Back fixture of an actuator, or the profile of a lifting column (type, material, orientation). */
export interface MountingOption {
  code: string;
  type: string;
  material: string;
  orientation: string;
  backfixtureDiameter: string;
  backfixtureThread: string;
  diameterOut: string;
  /** Some back fixtures stick out further and lengthen the build-in dimension. */
  extraBuildInMm: number;
}

export interface RodEyeOption {
  code: string;
  type: string;
  material: string;
  diameter: string;
  thread: string;
  /** 'No slot' or e.g. '6.1 mm': a slotted eye decouples pull, so the actuator is push only. */
  slotWidth: string;
}

export type ControllerCode = 'EXT' | 'IC' | 'ICP';

export interface ControllerOption {
  code: ControllerCode;
  platform: ControllerPlatform;
  integratedType: IntegratedControllerType;
  /** The controller housing lengthens the actuator. */
  extraBuildInMm: number;
  extraWeightKg: number;
  /** Commercial variant name suffix. */
  variantLabel: string;
}

export const CONTROLLER_OPTIONS: Record<ControllerCode, ControllerOption> = {
  EXT: {
    code: 'EXT',
    platform: 'External control box',
    integratedType: 'None',
    extraBuildInMm: 0,
    extraWeightKg: 0,
    variantLabel: 'Standard',
  },
  IC: {
    code: 'IC',
    platform: 'Integrated controller',
    integratedType: 'Standard',
    extraBuildInMm: 30,
    extraWeightKg: 0.25,
    variantLabel: 'IC',
  },
  ICP: {
    code: 'ICP',
    platform: 'Integrated controller',
    integratedType: 'Parallel',
    extraBuildInMm: 30,
    extraWeightKg: 0.3,
    variantLabel: 'IC Parallel',
  },
};

export interface FamilyPhysics {
  /** Retracted length beyond the (per-stage) stroke: build-in = stroke / stages + constant + extras. */
  buildInConstantMm: number;
  /** 1 for actuators and 2-stage columns; a 3-stage telescopic column has 2 moving stages. */
  movingStages: number;
  /**
   * Euler buckling: the allowed push load falls with the square of the stroke, so a combination
   * is only released when maxLoadPush × stroke² ≤ this constant (N·mm²).
   */
  bucklingConstantNmm2: number;
  /** The strongest load option needs at least this voltage (a 12 V motor would draw too much current). */
  topLoadMinVoltage: number;
  baseWeightKg: number;
  weightPerMmKg: number;
  /** Extra weight of the strongest gear train (bigger motor, heavier spindle), scaled by load. */
  weightAtFullLoadKg: number;
  baseDutyCyclePercent: number;
  /** Duty cycle is stated per period: 10 % of 20 min = 2 min on, 18 min off. */
  dutyCyclePeriodMin: number;
  packageWidthCm: number;
  packageHeightCm: number;
}

export interface FamilyPricing {
  /** Gross price of the cheapest configuration, DKK minor units. */
  basePrice: number;
  /** Markup per mm of stroke above the shortest stroke, DKK minor units. */
  strokePricePerMm: number;
  /** Markup per step up the load ladder, DKK minor units. */
  loadStepPrice: number;
  /** Scales the shared option markups (an IP69K upgrade costs more on a 10 kN actuator). */
  optionScale: number;
}

export interface ConfigurableFamilyDefinition {
  id: string;
  kind: 'linear-actuator' | 'hatch-drive' | 'lifting-column';
  shortName: string;
  name: string;
  /** Word in sales item names, e.g. "heavy-duty" in "HD60 heavy-duty 6000 N, 300 mm, 24 V". */
  noun: string;
  description: string;
  group: ProductFamilyGroup;
  /** First character of every SalesItemNumber of the family. */
  letter: string;
  factoryId: FactoryId;
  /** Share of the generated sales items. */
  share: number;
  strokesMm: number[];
  loads: LoadOption[];
  voltages: number[];
  feedbacks: Feedback[];
  controllers: ControllerCode[];
  mountings: MountingOption[];
  rodEyes: RodEyeOption[];
  protectionClasses: ProtectionClass[];
  cableLengthsM: number[];
  cablePlugs: CablePlugType[];
  physics: FamilyPhysics;
  pricing: FamilyPricing;
  usedFacets: FacetKey[];
}

export interface AccessoryItemDefinition {
  /** Suffix of the configuration code. */
  code: string;
  name: string;
  description: string;
  variantId: string;
  variantName: string;
  type: string;
  voltage: string | null;
  cablePlugType: CablePlugType;
  cableLength: string;
  protectionClass: ProtectionClass;
  /** Gross price, DKK minor units: the family base plus the markup of the item's type. */
  grossPrice: number;
  weightKg: number;
  dimensionsCm: { length: number; width: number; height: number };
}

export interface AccessoryFamilyDefinition {
  id: string;
  kind: 'control-box' | 'handset';
  shortName: string;
  name: string;
  description: string;
  group: 'Accessories';
  letter: string;
  factoryId: FactoryId;
  usedFacets: FacetKey[];
  items: AccessoryItemDefinition[];
}

export type FamilyDefinition = ConfigurableFamilyDefinition | AccessoryFamilyDefinition;

// --- Shared option sets -----------------------------------------------------------------------

function mounting(
  code: string,
  type: string,
  material: string,
  orientation: string,
  backfixtureDiameter: string,
  backfixtureThread: string,
  diameterOut: string,
  extraBuildInMm = 0,
): MountingOption {
  return {
    code,
    type,
    material,
    orientation,
    backfixtureDiameter,
    backfixtureThread,
    diameterOut,
    extraBuildInMm,
  };
}

const HEAVY_MOUNTINGS: MountingOption[] = [
  mounting('BF1', 'Clevis', 'Cast aluminium', '0°', 'Ø 12.2 mm', 'None', 'Ø 25 mm'),
  mounting('BF2', 'Clevis', 'Cast aluminium', '90°', 'Ø 12.2 mm', 'None', 'Ø 25 mm'),
  mounting('BF3', 'Clevis', 'Stainless steel', '0°', 'Ø 12.2 mm', 'None', 'Ø 25 mm'),
  mounting('BF4', 'Threaded stud', 'Zinc-plated steel', '0°', 'None', 'M12', 'Ø 20 mm', 15),
  mounting('BF5', 'Fork', 'Stainless steel', '90°', 'Ø 13 mm', 'None', 'Ø 30 mm', 25),
];

const MEDIUM_MOUNTINGS: MountingOption[] = [
  mounting('BF1', 'Eye', 'Cast aluminium', '0°', 'Ø 10.2 mm', 'None', 'Ø 22 mm'),
  mounting('BF2', 'Eye', 'Cast aluminium', '90°', 'Ø 10.2 mm', 'None', 'Ø 22 mm'),
  mounting('BF3', 'Eye', 'Aluminium with plastic liner', '0°', 'Ø 10.2 mm', 'None', 'Ø 22 mm'),
  mounting('BF4', 'Threaded stud', 'Zinc-plated steel', '0°', 'None', 'M10', 'Ø 18 mm', 12),
];

const COMPACT_MOUNTINGS: MountingOption[] = [
  mounting('BF1', 'Eye', 'Glass-fibre reinforced plastic', '0°', 'Ø 6.2 mm', 'None', 'Ø 14 mm'),
  mounting('BF2', 'Eye', 'Glass-fibre reinforced plastic', '90°', 'Ø 6.2 mm', 'None', 'Ø 14 mm'),
  mounting('BF3', 'Eye', 'Stainless steel', '0°', 'Ø 8.2 mm', 'None', 'Ø 16 mm'),
  mounting('BF4', 'Threaded stud', 'Stainless steel', '0°', 'None', 'M8', 'Ø 12 mm', 10),
];

/** Column profiles: every profile × finish × mounting direction. */
function columnProfiles(types: string[], materials: string[], orientations: string[]): MountingOption[] {
  const options: MountingOption[] = [];
  for (const orientation of orientations) {
    for (const material of materials) {
      for (const type of types) {
        const code = `CP${options.length + 1}`;
        options.push(mounting(code, type, material, orientation, 'None', 'None', 'None'));
      }
    }
  }
  return options;
}

function rodEye(
  code: string,
  type: string,
  material: string,
  diameter: string,
  thread: string,
  slotWidth = 'No slot',
): RodEyeOption {
  return { code, type, material, diameter, thread, slotWidth };
}

const HEAVY_ROD_EYES: RodEyeOption[] = [
  rodEye('RE1', 'Standard eye', 'Stainless steel', 'Ø 12.2 mm', 'None'),
  rodEye('RE2', 'Non-rotating eye', 'Stainless steel', 'Ø 12.2 mm', 'None'),
  rodEye('RE3', 'Threaded rod end', 'Stainless steel', 'None', 'M12'),
  rodEye('RE4', 'Slotted eye', 'Cast aluminium', 'Ø 12.2 mm', 'None', '6.1 mm'),
];

const MEDIUM_ROD_EYES: RodEyeOption[] = [
  rodEye('RE1', 'Standard eye', 'Cast aluminium', 'Ø 10.2 mm', 'None'),
  rodEye('RE2', 'Slotted eye', 'Cast aluminium', 'Ø 10.2 mm', 'None', '6.1 mm'),
  rodEye('RE3', 'Threaded rod end', 'Stainless steel', 'None', 'M10'),
  rodEye('RE4', 'Non-rotating eye', 'Stainless steel', 'Ø 10.2 mm', 'None'),
];

const COMPACT_ROD_EYES: RodEyeOption[] = [
  rodEye('RE1', 'Standard eye', 'Glass-fibre reinforced plastic', 'Ø 6.2 mm', 'None'),
  rodEye('RE2', 'Threaded rod end', 'Stainless steel', 'None', 'M8'),
  rodEye('RE3', 'Non-rotating eye', 'Stainless steel', 'Ø 8.2 mm', 'None'),
];

/** Columns have no piston-rod eye; one placeholder option keeps the combination space uniform. */
const NO_ROD_EYE: RodEyeOption[] = [rodEye('NA', 'None', 'None', 'None', 'None')];

const load = (spindlePitchMm: number, maxLoadPushN: number, minSpeedMmS: number): LoadOption => ({
  code: `P${String(spindlePitchMm).padStart(2, '0')}`,
  spindlePitchMm,
  maxLoadPushN,
  minSpeedMmS,
});

const ALL_FACETS: FacetKey[] = [...CONFIGURATION_FACET_KEYS, ...SALES_ITEM_FACET_KEYS];
const COLUMN_FACETS: FacetKey[] = ALL_FACETS.filter(
  (key) =>
    !key.startsWith('pistonRodEye') &&
    key !== 'slotWidth' &&
    key !== 'backfixtureDiameter' &&
    key !== 'backfixtureThread' &&
    key !== 'diameterOut',
);

/**
 * The buckling constant: the lightest load option must still reach the longest stroke, and the
 * strongest must reach at least the middle of the stroke range (so every value stays offered
 * while the long-stroke/high-load corner is not).
 */
function bucklingConstant(strokesMm: number[], loads: LoadOption[]): number {
  const sorted = [...strokesMm].sort((a, b) => a - b);
  const longest = sorted[sorted.length - 1] ?? 0;
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  const forces = loads.map((option) => option.maxLoadPushN);
  return Math.max(Math.min(...forces) * longest * longest, Math.max(...forces) * middle * middle);
}

type PhysicsInput = Omit<FamilyPhysics, 'bucklingConstantNmm2' | 'dutyCyclePeriodMin' | 'topLoadMinVoltage'>;

function configurable(
  definition: Omit<ConfigurableFamilyDefinition, 'physics' | 'usedFacets'> & { physics: PhysicsInput },
): ConfigurableFamilyDefinition {
  return {
    ...definition,
    usedFacets: definition.kind === 'lifting-column' ? COLUMN_FACETS : ALL_FACETS,
    physics: {
      ...definition.physics,
      bucklingConstantNmm2: bucklingConstant(definition.strokesMm, definition.loads),
      dutyCyclePeriodMin: 20,
      topLoadMinVoltage: 24,
    },
  };
}

// --- The families -----------------------------------------------------------------------------

export const CONFIGURABLE_FAMILIES: readonly ConfigurableFamilyDefinition[] = [
  configurable({
    id: 'HD25',
    kind: 'linear-actuator',
    shortName: 'HD25',
    name: 'PowerLine HD25 heavy-duty actuator, 2.5 kN',
    noun: 'heavy-duty',
    description:
      'The PowerLine HD25 is the entry to the heavy-duty range: a sealed aluminium housing, a steel spindle with a safety nut and a permanent-magnet DC motor that pushes and pulls up to 2,500 N. It is built for vents, feeders and hatches on agricultural and mobile machinery where dust, washing water and vibration are part of daily life, and it shares its fixtures, cables and controllers with the larger HD60 and HD100 so a machine builder can standardise on one mounting pattern.',
    group: 'Industrial',
    letter: 'A',
    factoryId: 'FDK01',
    share: 0.09,
    strokesMm: [200, 300, 100, 400, 150, 500, 250, 600, 50],
    loads: [load(6, 1700, 16), load(12, 1100, 32), load(3, 2500, 7), load(20, 700, 52)],
    voltages: [24, 12, 36, 48],
    feedbacks: [
      'Single Hall',
      'None',
      'Potentiometer',
      'Dual Hall',
      'End-stop signals',
      'Analogue 4-20 mA',
      'Modbus',
    ],
    controllers: ['EXT', 'IC', 'ICP'],
    mountings: HEAVY_MOUNTINGS,
    rodEyes: HEAVY_ROD_EYES,
    protectionClasses: ['IP66', 'IP69K'],
    cableLengthsM: [2, 1, 5],
    cablePlugs: ['Open wires', 'Molex', 'DIN', 'M12', 'M12 sealed'],
    physics: {
      buildInConstantMm: 150,
      movingStages: 1,
      baseWeightKg: 2.3,
      weightPerMmKg: 0.006,
      weightAtFullLoadKg: 0.6,
      baseDutyCyclePercent: 20,
      packageWidthCm: 16,
      packageHeightCm: 9,
    },
    pricing: { basePrice: 185_000, strokePricePerMm: 90, loadStepPrice: 16_000, optionScale: 1 },
  }),
  configurable({
    id: 'HD60',
    kind: 'linear-actuator',
    shortName: 'HD60',
    name: 'PowerLine HD60 heavy-duty actuator, 6 kN',
    noun: 'heavy-duty',
    description:
      'The PowerLine HD60 is the workhorse of the range: up to 6,000 N push, strokes up to 999 mm and an IP66 housing that can be upgraded to IP69K for high-pressure washdown. Four spindle pitches trade force for speed, from 65 mm/s for fast positioning to 9 mm/s at full load. Typical uses are solar trackers, seeders, sprayer booms and industrial hatches. With the integrated controller the actuator is driven straight from a PLC, over a bus or in parallel with other HD60s, without a separate control box.',
    group: 'Industrial',
    letter: 'B',
    factoryId: 'FDK01',
    share: 0.12,
    strokesMm: [300, 200, 400, 100, 500, 150, 600, 250, 800, 350, 700, 999],
    loads: [load(6, 4500, 20), load(12, 2600, 40), load(3, 6000, 9), load(20, 1500, 65)],
    voltages: [24, 12, 48, 36],
    feedbacks: [
      'Single Hall',
      'None',
      'Dual Hall',
      'Potentiometer',
      'Modbus',
      'End-stop signals',
      'Analogue 4-20 mA',
      'CAN bus',
    ],
    controllers: ['EXT', 'IC', 'ICP'],
    mountings: HEAVY_MOUNTINGS,
    rodEyes: HEAVY_ROD_EYES,
    protectionClasses: ['IP66', 'IP69K'],
    cableLengthsM: [2, 1, 5],
    cablePlugs: ['Open wires', 'Molex', 'DIN', 'M12', 'M12 sealed'],
    physics: {
      buildInConstantMm: 190,
      movingStages: 1,
      baseWeightKg: 3.4,
      weightPerMmKg: 0.008,
      weightAtFullLoadKg: 0.9,
      baseDutyCyclePercent: 20,
      packageWidthCm: 19,
      packageHeightCm: 10,
    },
    pricing: { basePrice: 245_000, strokePricePerMm: 120, loadStepPrice: 22_000, optionScale: 1.2 },
  }),
  configurable({
    id: 'HD100',
    kind: 'linear-actuator',
    shortName: 'HD100',
    name: 'PowerLine HD100 heavy-duty actuator, 10 kN',
    noun: 'heavy-duty',
    description:
      'The PowerLine HD100 moves the heaviest loads in the range, up to 10,000 N, with a ball-bearing supported spindle, a reinforced outer tube and an overload clutch that protects the gear at the end positions. It is meant for slow, strong movements such as tipping trailers, lifting platforms and stacking equipment. Because the force is so high, long strokes are only released with the coarser spindle pitches, and the duty cycle is reduced at full load.',
    group: 'Industrial',
    letter: 'C',
    factoryId: 'FDK01',
    share: 0.09,
    strokesMm: [300, 200, 400, 100, 500, 150, 600, 250],
    loads: [load(6, 7000, 9), load(12, 4000, 18), load(3, 10000, 4.5)],
    voltages: [24, 48, 12, 36],
    feedbacks: ['Single Hall', 'None', 'Dual Hall', 'Potentiometer', 'CAN bus', 'Analogue 4-20 mA', 'Modbus'],
    controllers: ['EXT', 'IC', 'ICP'],
    mountings: HEAVY_MOUNTINGS,
    rodEyes: HEAVY_ROD_EYES,
    protectionClasses: ['IP66', 'IP69K'],
    cableLengthsM: [2, 5, 1],
    cablePlugs: ['Open wires', 'DIN', 'M12', 'M12 sealed', 'Molex'],
    physics: {
      buildInConstantMm: 230,
      movingStages: 1,
      baseWeightKg: 5.6,
      weightPerMmKg: 0.011,
      weightAtFullLoadKg: 1.4,
      baseDutyCyclePercent: 20,
      packageWidthCm: 22,
      packageHeightCm: 12,
    },
    pricing: { basePrice: 365_000, strokePricePerMm: 160, loadStepPrice: 34_000, optionScale: 1.4 },
  }),
  configurable({
    id: 'SL80',
    kind: 'linear-actuator',
    shortName: 'SL80',
    name: 'SolarDrive SL80 tracker actuator, 8 kN',
    noun: 'solar tracker',
    description:
      'The SolarDrive SL80 turns single-axis solar trackers: long strokes, a low speed that keeps the wind load on the spindle small, and an anti-backdrive brake that holds the panel rows still in storms. The housing is UV-stabilised and rated IP66 as standard, IP69K with sealed cable sets for sites that are cleaned with pressure washers. Dual Hall feedback and Modbus let the tracker controller know the exact angle of every row.',
    group: 'Industrial',
    letter: 'D',
    factoryId: 'FDK01',
    share: 0.07,
    strokesMm: [600, 500, 700, 400, 800, 300, 900, 999],
    loads: [load(6, 4000, 12), load(3, 8000, 5), load(9, 2600, 18)],
    voltages: [24, 12, 36],
    feedbacks: ['Single Hall', 'Dual Hall', 'None', 'Modbus', 'Potentiometer'],
    controllers: ['EXT', 'IC'],
    mountings: HEAVY_MOUNTINGS,
    rodEyes: HEAVY_ROD_EYES,
    protectionClasses: ['IP66', 'IP69K'],
    cableLengthsM: [5, 2],
    cablePlugs: ['M12', 'Open wires', 'M12 sealed', 'DIN'],
    physics: {
      buildInConstantMm: 210,
      movingStages: 1,
      baseWeightKg: 4.8,
      weightPerMmKg: 0.009,
      weightAtFullLoadKg: 1.1,
      baseDutyCyclePercent: 15,
      packageWidthCm: 20,
      packageHeightCm: 11,
    },
    pricing: { basePrice: 295_000, strokePricePerMm: 110, loadStepPrice: 28_000, optionScale: 1.2 },
  }),
  configurable({
    id: 'MX45',
    kind: 'linear-actuator',
    shortName: 'MX45',
    name: 'MobiLine MX45 mobile machinery actuator, 4.5 kN',
    noun: 'mobile',
    description:
      'The MobiLine MX45 is made for vehicles: 12, 24 and 48 V motors that run from the machine battery, a shock- and vibration-tested housing and CAN bus feedback that plugs into the vehicle network. It replaces small hydraulic cylinders on mowers, forestry and construction equipment and cabin hatches, with no hoses, no pump and no oil to leak. Potentiometer and analogue feedback are available for simpler machines without a bus.',
    group: 'Industrial',
    letter: 'E',
    factoryId: 'FDK01',
    share: 0.07,
    strokesMm: [200, 150, 300, 100, 250, 400, 500],
    loads: [load(6, 3500, 18), load(12, 2000, 35), load(5, 4500, 14)],
    voltages: [24, 12, 48],
    feedbacks: ['Single Hall', 'None', 'Potentiometer', 'CAN bus', 'Analogue 0-10 V', 'PWM'],
    controllers: ['EXT', 'IC'],
    mountings: HEAVY_MOUNTINGS,
    rodEyes: HEAVY_ROD_EYES,
    protectionClasses: ['IP66', 'IP69K'],
    cableLengthsM: [2, 1, 5],
    cablePlugs: ['DIN', 'Open wires', 'M12', 'M12 sealed'],
    physics: {
      buildInConstantMm: 180,
      movingStages: 1,
      baseWeightKg: 2.9,
      weightPerMmKg: 0.007,
      weightAtFullLoadKg: 0.8,
      baseDutyCyclePercent: 20,
      packageWidthCm: 17,
      packageHeightCm: 10,
    },
    pricing: { basePrice: 225_000, strokePricePerMm: 100, loadStepPrice: 19_000, optionScale: 1.1 },
  }),
  configurable({
    id: 'CA10',
    kind: 'linear-actuator',
    shortName: 'CA10',
    name: 'CompactLine CA10 compact actuator, 1 kN',
    noun: 'compact',
    description:
      'The CompactLine CA10 fits where there is no room for anything else: a slim in-line housing, strokes from 20 mm and a built-in limit switch at both ends. It opens dampers and ventilation flaps, adjusts guides and stops on packaging lines and moves small panels in automation cells. The optional integrated controller accepts a 0-10 V set point or LIN bus, so the actuator can be positioned directly from a building or machine controller.',
    group: 'Compact',
    letter: 'F',
    factoryId: 'FCN01',
    share: 0.08,
    strokesMm: [100, 50, 150, 200, 20, 250, 75, 300],
    loads: [load(6, 600, 25), load(9, 300, 40), load(3, 1000, 12)],
    voltages: [24, 12],
    feedbacks: ['Single Hall', 'None', 'Potentiometer', 'End-stop signals', 'Analogue 0-10 V', 'LIN bus'],
    controllers: ['EXT', 'IC'],
    mountings: COMPACT_MOUNTINGS,
    rodEyes: COMPACT_ROD_EYES,
    protectionClasses: ['IP54', 'IP66'],
    cableLengthsM: [1, 2, 5],
    cablePlugs: ['Molex', 'Open wires', 'M12', 'M12 sealed'],
    physics: {
      buildInConstantMm: 95,
      movingStages: 1,
      baseWeightKg: 0.6,
      weightPerMmKg: 0.003,
      weightAtFullLoadKg: 0.2,
      baseDutyCyclePercent: 15,
      packageWidthCm: 10,
      packageHeightCm: 7,
    },
    pricing: { basePrice: 89_000, strokePricePerMm: 60, loadStepPrice: 7_000, optionScale: 0.6 },
  }),
  configurable({
    id: 'CA30',
    kind: 'linear-actuator',
    shortName: 'CA30',
    name: 'CompactLine CA30 compact actuator, 3 kN',
    noun: 'compact',
    description:
      'The CompactLine CA30 brings 3,000 N into a compact parallel-motor housing that is shorter than an in-line actuator of the same stroke. It suits height adjustment of work tables, tilting of conveyors and the positioning of rollers and guides. With the integrated parallel controller two or more CA30s run in step without an external control box, and PWM or Modbus feedback reports the exact position to the machine.',
    group: 'Compact',
    letter: 'G',
    factoryId: 'FCN01',
    share: 0.07,
    strokesMm: [150, 100, 200, 300, 50, 250, 400],
    loads: [load(6, 2000, 24), load(12, 1000, 45), load(3, 3000, 11)],
    voltages: [24, 12, 36],
    feedbacks: ['Single Hall', 'None', 'Dual Hall', 'Potentiometer', 'PWM', 'Modbus'],
    controllers: ['EXT', 'IC', 'ICP'],
    mountings: MEDIUM_MOUNTINGS,
    rodEyes: MEDIUM_ROD_EYES,
    protectionClasses: ['IP54', 'IP66'],
    cableLengthsM: [1, 2, 5],
    cablePlugs: ['Molex', 'Open wires', 'DIN', 'M12 sealed'],
    physics: {
      buildInConstantMm: 120,
      movingStages: 1,
      baseWeightKg: 1.2,
      weightPerMmKg: 0.004,
      weightAtFullLoadKg: 0.35,
      baseDutyCyclePercent: 15,
      packageWidthCm: 13,
      packageHeightCm: 8,
    },
    pricing: { basePrice: 124_000, strokePricePerMm: 70, loadStepPrice: 9_000, optionScale: 0.8 },
  }),
  configurable({
    id: 'RH15',
    kind: 'hatch-drive',
    shortName: 'RH15',
    name: 'HatchLine RH15 rotary hatch drive, 1.5 kN',
    noun: 'hatch drive',
    description:
      'The HatchLine RH15 opens and closes hatches, roof windows and smoke vents. A pivoting bracket at the back turns the linear stroke into the rotation of the hatch, and the soft-start electronics keep the movement gentle at both ends. It is used in building automation, animal houses and greenhouses as well as on vehicle roof hatches; LIN bus lets several drives share one cable in a vehicle.',
    group: 'Industrial',
    letter: 'H',
    factoryId: 'FCN01',
    share: 0.05,
    strokesMm: [200, 300, 100, 400, 150, 500],
    loads: [load(9, 800, 30), load(5, 1500, 15)],
    voltages: [24, 12],
    feedbacks: ['None', 'Single Hall', 'End-stop signals', 'LIN bus'],
    controllers: ['EXT', 'IC'],
    mountings: MEDIUM_MOUNTINGS,
    rodEyes: MEDIUM_ROD_EYES,
    protectionClasses: ['IP54', 'IPX4'],
    cableLengthsM: [2, 5, 1],
    cablePlugs: ['Open wires', 'Molex', 'DIN'],
    physics: {
      buildInConstantMm: 130,
      movingStages: 1,
      baseWeightKg: 1.1,
      weightPerMmKg: 0.004,
      weightAtFullLoadKg: 0.25,
      baseDutyCyclePercent: 10,
      packageWidthCm: 14,
      packageHeightCm: 9,
    },
    pricing: { basePrice: 115_000, strokePricePerMm: 50, loadStepPrice: 8_000, optionScale: 0.7 },
  }),
  configurable({
    id: 'MB40',
    kind: 'linear-actuator',
    shortName: 'MB40',
    name: 'CareLine MB40 hospital bed actuator, 4 kN',
    noun: 'bed',
    description:
      'The CareLine MB40 adjusts the height, back rest and leg section of hospital and care beds. It is tested to IEC 60601-1, rated IPX6 for washing and has a quick-release for emergency lowering of the back rest. The slotted piston-rod eye lets the bed section be lifted by hand without pulling the actuator, which protects patients and carers from pinching. It runs from a CareLine control box with battery back-up.',
    group: 'Medical',
    letter: 'J',
    factoryId: 'FPL01',
    share: 0.08,
    strokesMm: [200, 150, 250, 100, 300],
    loads: [load(6, 2500, 14), load(4, 4000, 8), load(9, 1600, 22)],
    voltages: [24],
    feedbacks: ['None', 'Single Hall', 'Dual Hall', 'Potentiometer'],
    controllers: ['EXT'],
    mountings: MEDIUM_MOUNTINGS,
    rodEyes: MEDIUM_ROD_EYES,
    protectionClasses: ['IPX6', 'IPX4'],
    cableLengthsM: [2, 1],
    cablePlugs: ['Molex', 'DIN'],
    physics: {
      buildInConstantMm: 160,
      movingStages: 1,
      baseWeightKg: 1.7,
      weightPerMmKg: 0.005,
      weightAtFullLoadKg: 0.45,
      baseDutyCyclePercent: 10,
      packageWidthCm: 15,
      packageHeightCm: 9,
    },
    pricing: { basePrice: 139_000, strokePricePerMm: 80, loadStepPrice: 12_000, optionScale: 0.9 },
  }),
  configurable({
    id: 'MP60',
    kind: 'linear-actuator',
    shortName: 'MP60',
    name: 'CareLine MP60 patient lift actuator, 6 kN',
    noun: 'patient lift',
    description:
      'The CareLine MP60 lifts patients safely in mobile and ceiling-mounted patient lifts. A self-locking spindle holds the load without power, a mechanical emergency lowering works even with a flat battery, and dual Hall feedback lets the control box detect an obstacle at once. The actuator is rated IPX6 so it can be cleaned with disinfectants, and the push and pull rating allows both lifting and tilting designs.',
    group: 'Medical',
    letter: 'K',
    factoryId: 'FPL01',
    share: 0.06,
    strokesMm: [400, 300, 500, 200],
    loads: [load(6, 4000, 12), load(4, 6000, 7)],
    voltages: [24],
    feedbacks: ['Dual Hall', 'None', 'Potentiometer', 'Single Hall'],
    controllers: ['EXT'],
    mountings: HEAVY_MOUNTINGS,
    rodEyes: HEAVY_ROD_EYES,
    protectionClasses: ['IPX6', 'IPX4'],
    cableLengthsM: [2, 1],
    cablePlugs: ['Molex', 'DIN'],
    physics: {
      buildInConstantMm: 200,
      movingStages: 1,
      baseWeightKg: 2.6,
      weightPerMmKg: 0.007,
      weightAtFullLoadKg: 0.7,
      baseDutyCyclePercent: 10,
      packageWidthCm: 18,
      packageHeightCm: 10,
    },
    pricing: { basePrice: 189_000, strokePricePerMm: 100, loadStepPrice: 18_000, optionScale: 1 },
  }),
  configurable({
    id: 'LC30',
    kind: 'lifting-column',
    shortName: 'LC30',
    name: 'CareLine LC30 medical lifting column, 3 kN',
    noun: 'medical column',
    description:
      'The CareLine LC30 is a quiet, stable lifting column for examination couches, treatment chairs and operating tables. The square telescopic profile takes high side loads, the motor and spindle are fully enclosed and the surfaces are easy to disinfect. Two columns with the integrated parallel drive keep a table level under uneven loads, without a separate synchronising control box.',
    group: 'Medical',
    letter: 'L',
    factoryId: 'FPL01',
    share: 0.05,
    strokesMm: [300, 400, 200, 500],
    loads: [load(5, 3000, 18), load(9, 2000, 30)],
    voltages: [24, 36],
    feedbacks: ['Dual Hall', 'Single Hall', 'Potentiometer'],
    controllers: ['EXT', 'ICP'],
    mountings: columnProfiles(
      ['Square column', 'Rectangular column'],
      ['Aluminium, anodised', 'Steel, white powder-coated'],
      ['Standard', 'Reversed'],
    ),
    rodEyes: NO_ROD_EYE,
    protectionClasses: ['IPX6', 'IPX4'],
    cableLengthsM: [2, 1],
    cablePlugs: ['Molex', 'DIN'],
    physics: {
      buildInConstantMm: 220,
      movingStages: 1,
      baseWeightKg: 7.5,
      weightPerMmKg: 0.014,
      weightAtFullLoadKg: 1.2,
      baseDutyCyclePercent: 10,
      packageWidthCm: 24,
      packageHeightCm: 20,
    },
    pricing: { basePrice: 345_000, strokePricePerMm: 250, loadStepPrice: 26_000, optionScale: 1.1 },
  }),
  configurable({
    id: 'FR25',
    kind: 'linear-actuator',
    shortName: 'FR25',
    name: 'HomeLine FR25 furniture actuator, 2.5 kN',
    noun: 'furniture',
    description:
      'The HomeLine FR25 moves recliners, adjustable beds and lift chairs. It is quiet enough for the living room, has a plastic housing that keeps the weight and the price down and plugs into a HomeLine control box with a simple two-pin Molex plug. Hall feedback is available for memory positions, and the slotted rod eye lets the furniture be pushed back by hand.',
    group: 'Furniture',
    letter: 'M',
    factoryId: 'FCN01',
    share: 0.07,
    strokesMm: [150, 200, 100, 250, 300],
    loads: [load(9, 1500, 22), load(5, 2500, 12), load(12, 1000, 32)],
    voltages: [24, 12],
    feedbacks: ['None', 'Single Hall', 'Dual Hall'],
    controllers: ['EXT'],
    mountings: MEDIUM_MOUNTINGS,
    rodEyes: MEDIUM_ROD_EYES,
    protectionClasses: ['IPX4'],
    cableLengthsM: [1, 2],
    cablePlugs: ['Molex', 'DIN', 'Open wires'],
    physics: {
      buildInConstantMm: 140,
      movingStages: 1,
      baseWeightKg: 0.9,
      weightPerMmKg: 0.003,
      weightAtFullLoadKg: 0.25,
      baseDutyCyclePercent: 10,
      packageWidthCm: 13,
      packageHeightCm: 8,
    },
    pricing: { basePrice: 54_000, strokePricePerMm: 40, loadStepPrice: 5_000, optionScale: 0.4 },
  }),
  configurable({
    id: 'DL2',
    kind: 'lifting-column',
    shortName: 'DL2',
    name: 'DeskLine DL2 two-stage desk column',
    noun: 'desk column',
    description:
      'The DeskLine DL2 is a two-stage lifting column for sit-stand desks and work benches. The rectangular profile fits standard desk frames, the column runs quietly at up to 38 mm/s and the reversed version puts the motor at the top for desks with a slim foot. Two or three DL2 columns with the integrated parallel drive stay in step without a control box; with an external control box they work with every DeskLine handset.',
    group: 'Furniture',
    letter: 'N',
    factoryId: 'FPL01',
    share: 0.05,
    strokesMm: [500, 650, 550, 600, 450],
    loads: [load(9, 800, 38), load(5, 1000, 25), load(12, 600, 48)],
    voltages: [24, 36],
    feedbacks: ['Single Hall', 'None', 'Dual Hall'],
    controllers: ['EXT', 'ICP'],
    mountings: columnProfiles(
      ['Rectangular 2-stage'],
      ['Aluminium, silver', 'Steel, black powder-coated', 'Steel, white powder-coated'],
      ['Standard', 'Reversed'],
    ),
    rodEyes: NO_ROD_EYE,
    protectionClasses: ['IPX4'],
    cableLengthsM: [1, 2, 3],
    cablePlugs: ['Molex', 'DIN'],
    physics: {
      buildInConstantMm: 95,
      movingStages: 1,
      baseWeightKg: 5.2,
      weightPerMmKg: 0.01,
      weightAtFullLoadKg: 0.6,
      baseDutyCyclePercent: 10,
      packageWidthCm: 12,
      packageHeightCm: 9,
    },
    pricing: { basePrice: 119_000, strokePricePerMm: 90, loadStepPrice: 8_000, optionScale: 0.5 },
  }),
  configurable({
    id: 'DL3',
    kind: 'lifting-column',
    shortName: 'DL3',
    name: 'DeskLine DL3 three-stage desk column',
    noun: 'desk column',
    description:
      'The DeskLine DL3 is a three-stage telescopic column for desks that must go very low and very high: two moving stages give a long lift from a short retracted height, so the same desk suits a child and a tall adult standing. The round or rectangular profile comes in aluminium or powder-coated steel, and the integrated parallel drive keeps two or three columns level under off-centre loads.',
    group: 'Furniture',
    letter: 'P',
    factoryId: 'FPL01',
    share: 0.05,
    strokesMm: [650, 600, 700, 550, 750],
    loads: [load(9, 1000, 40), load(5, 1400, 28), load(12, 700, 52)],
    voltages: [24, 36],
    feedbacks: ['Single Hall', 'Dual Hall', 'None'],
    controllers: ['EXT', 'ICP'],
    mountings: columnProfiles(
      ['Rectangular 3-stage', 'Round 3-stage'],
      ['Aluminium, silver', 'Steel, black powder-coated', 'Steel, white powder-coated'],
      ['Standard', 'Reversed'],
    ),
    rodEyes: NO_ROD_EYE,
    protectionClasses: ['IPX4'],
    cableLengthsM: [1, 2, 3],
    cablePlugs: ['Molex', 'DIN'],
    physics: {
      buildInConstantMm: 110,
      movingStages: 2,
      baseWeightKg: 6.4,
      weightPerMmKg: 0.011,
      weightAtFullLoadKg: 0.8,
      baseDutyCyclePercent: 10,
      packageWidthCm: 13,
      packageHeightCm: 10,
    },
    pricing: { basePrice: 159_000, strokePricePerMm: 110, loadStepPrice: 10_000, optionScale: 0.6 },
  }),
];

const CONTROL_BOX_FACETS: FacetKey[] = ['type', 'voltage', 'cablePlugType', 'cableLength', 'protectionClass'];
const HANDSET_FACETS: FacetKey[] = ['type', 'cablePlugType', 'cableLength', 'protectionClass'];

function accessory(item: AccessoryItemDefinition): AccessoryItemDefinition {
  return item;
}

export const ACCESSORY_FAMILIES: readonly AccessoryFamilyDefinition[] = [
  {
    id: 'CB20',
    kind: 'control-box',
    shortName: 'CB20',
    name: 'CB20 control boxes',
    description:
      'CB20 control boxes power and control actuators that have no integrated controller. They convert mains voltage to the actuator voltage, switch the motor direction, watch the current for overload and read Hall sensors for memory positions and parallel running. The medical version has a battery back-up for emergency lowering; the industrial version is sealed to IP66 and drives 48 V actuators.',
    group: 'Accessories',
    letter: 'R',
    factoryId: 'FCN01',
    usedFacets: CONTROL_BOX_FACETS,
    items: [
      accessory({
        code: '2CH',
        name: 'CB20 control box, 2 channels, 24 V',
        description: 'Two-channel control box for two actuators run one at a time; 230 V AC in, 24 V DC out.',
        variantId: 'CB20-STD',
        variantName: 'CB20 Standard',
        type: '2-channel control box',
        voltage: '24 V',
        cablePlugType: 'Molex',
        cableLength: '2 m',
        protectionClass: 'IPX4',
        grossPrice: 85_000,
        weightKg: 1.6,
        dimensionsCm: { length: 26, width: 18, height: 9 },
      }),
      accessory({
        code: '2PAR',
        name: 'CB20 parallel control box, 2 channels, 24 V',
        description:
          'Runs two actuators with Hall feedback in step, e.g. two desk columns or two bed actuators.',
        variantId: 'CB20-PAR',
        variantName: 'CB20 Parallel',
        type: '2-channel parallel control box',
        voltage: '24 V',
        cablePlugType: 'Molex',
        cableLength: '2 m',
        protectionClass: 'IPX4',
        grossPrice: 115_000,
        weightKg: 1.7,
        dimensionsCm: { length: 26, width: 18, height: 9 },
      }),
      accessory({
        code: '4CH',
        name: 'CB20 control box, 4 channels, 24 V',
        description: 'Four-channel control box for beds and chairs with up to four actuators.',
        variantId: 'CB20-STD',
        variantName: 'CB20 Standard',
        type: '4-channel control box',
        voltage: '24 V',
        cablePlugType: 'DIN',
        cableLength: '2 m',
        protectionClass: 'IPX4',
        grossPrice: 139_000,
        weightKg: 2.1,
        dimensionsCm: { length: 30, width: 20, height: 10 },
      }),
      accessory({
        code: '4MED',
        name: 'CB20 medical control box, 4 channels, battery back-up',
        description: 'Medical four-channel control box with battery for emergency lowering, IEC 60601-1.',
        variantId: 'CB20-MED',
        variantName: 'CB20 Medical',
        type: '4-channel medical control box with battery',
        voltage: '24 V',
        cablePlugType: 'DIN',
        cableLength: '2 m',
        protectionClass: 'IPX6',
        grossPrice: 249_000,
        weightKg: 3.4,
        dimensionsCm: { length: 32, width: 22, height: 12 },
      }),
      accessory({
        code: 'IND48',
        name: 'CB20 industrial control box, 48 V, IP66',
        description:
          'Sealed industrial control box for 48 V heavy-duty actuators with end-stop signal outputs.',
        variantId: 'CB20-IND',
        variantName: 'CB20 Industrial',
        type: 'Industrial control box',
        voltage: '48 V',
        cablePlugType: 'M12',
        cableLength: '5 m',
        protectionClass: 'IP66',
        grossPrice: 225_000,
        weightKg: 2.9,
        dimensionsCm: { length: 30, width: 22, height: 12 },
      }),
      accessory({
        code: 'PS24',
        name: 'CB20 power supply, 24 V / 10 A',
        description: 'Switch-mode power supply for actuators with integrated controller.',
        variantId: 'CB20-PSU',
        variantName: 'CB20 Power supply',
        type: 'Power supply',
        voltage: '24 V',
        cablePlugType: 'Open wires',
        cableLength: '1 m',
        protectionClass: 'IP54',
        grossPrice: 69_000,
        weightKg: 1.2,
        dimensionsCm: { length: 22, width: 12, height: 8 },
      }),
    ],
  },
  {
    id: 'HS10',
    kind: 'handset',
    shortName: 'HS10',
    name: 'HS10 handsets and operating panels',
    description:
      'HS10 handsets and panels operate actuators through a CB20 control box: simple up/down desk panels, a memory panel with four stored positions, a washable medical handset with a lock key for care staff, a robust pendant for industrial machines and a foot switch for treatment chairs. All have the same plug system as the control boxes, so they can be swapped without tools.',
    group: 'Accessories',
    letter: 'S',
    factoryId: 'FCN01',
    usedFacets: HANDSET_FACETS,
    items: [
      accessory({
        code: 'D2',
        name: 'HS10 desk panel, 2 buttons',
        description: 'Up/down desk panel for sit-stand desks, mounted under the desk top.',
        variantId: 'HS10-DESK',
        variantName: 'HS10 Desk panel',
        type: 'Desk panel, 2 buttons',
        voltage: null,
        cablePlugType: 'Molex',
        cableLength: '2 m',
        protectionClass: 'IPX4',
        grossPrice: 24_000,
        weightKg: 0.3,
        dimensionsCm: { length: 18, width: 10, height: 5 },
      }),
      accessory({
        code: 'D4M',
        name: 'HS10 memory desk panel, 4 positions',
        description: 'Desk panel with display and four memory positions; needs Hall feedback.',
        variantId: 'HS10-DESK',
        variantName: 'HS10 Desk panel',
        type: 'Memory desk panel, 4 positions',
        voltage: null,
        cablePlugType: 'Molex',
        cableLength: '2 m',
        protectionClass: 'IPX4',
        grossPrice: 42_000,
        weightKg: 0.35,
        dimensionsCm: { length: 20, width: 10, height: 5 },
      }),
      accessory({
        code: 'M6',
        name: 'HS10 medical handset, 6 buttons',
        description: 'Washable medical handset with lock key for care staff.',
        variantId: 'HS10-MED',
        variantName: 'HS10 Medical handset',
        type: 'Medical handset, 6 buttons',
        voltage: null,
        cablePlugType: 'DIN',
        cableLength: '2 m',
        protectionClass: 'IPX6',
        grossPrice: 39_000,
        weightKg: 0.4,
        dimensionsCm: { length: 24, width: 10, height: 6 },
      }),
      accessory({
        code: 'P2',
        name: 'HS10 industrial pendant, 2 buttons',
        description: 'Robust pendant with rubber-sealed buttons for machines and workshops.',
        variantId: 'HS10-IND',
        variantName: 'HS10 Industrial pendant',
        type: 'Industrial pendant, 2 buttons',
        voltage: null,
        cablePlugType: 'M12',
        cableLength: '5 m',
        protectionClass: 'IP66',
        grossPrice: 56_000,
        weightKg: 0.7,
        dimensionsCm: { length: 28, width: 12, height: 8 },
      }),
      accessory({
        code: 'F2',
        name: 'HS10 foot switch, 2 pedals',
        description: 'Two-pedal foot switch for treatment chairs and examination couches.',
        variantId: 'HS10-FOOT',
        variantName: 'HS10 Foot switch',
        type: 'Foot switch, 2 pedals',
        voltage: null,
        cablePlugType: 'DIN',
        cableLength: '2 m',
        protectionClass: 'IPX6',
        grossPrice: 48_000,
        weightKg: 1.1,
        dimensionsCm: { length: 30, width: 22, height: 8 },
      }),
    ],
  },
];

export const FAMILY_DEFINITIONS: readonly FamilyDefinition[] = [
  ...CONFIGURABLE_FAMILIES,
  ...ACCESSORY_FAMILIES,
];

/** Ids of every family, the same for every generated world. */
export const FAMILY_IDS: readonly string[] = FAMILY_DEFINITIONS.map((family) => family.id);
