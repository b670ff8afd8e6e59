/**
 * Configuration facets: the keys, their display names and the value shapes.
 * Four facets carry a number (stroke length, max load push, minimum speed at full load and the
 * sales-item build-in dimension); all others are plain text values.
 */

/** Facets every configurable product family may use. */
export const CONFIGURATION_FACET_KEYS = [
  'backfixtureDiameter',
  'backfixtureThread',
  'diameterOut',
  'material',
  'orientation',
  'type',
  'feedback',
  'voltage',
  'pistonRodEyeDiameter',
  'pistonRodEyeThread',
  'pistonRodEyeMaterial',
  'slotWidth',
  'pistonRodEyeType',
  'controllerPlatform',
  'integratedControllerType',
  'strokeLength',
  'maxLoadPush',
  'minimumSpeedAtFullLoad',
] as const;

/** Facets that only sales items carry. */
export const SALES_ITEM_FACET_KEYS = [
  'dutyCycle',
  'maxRunTime',
  'restTime',
  'powerCableLength',
  'signalCableLength',
  'powerCablePlugType',
  'signalCablePlugType',
  'cablePlugType',
  'cableLength',
  'loadType',
  'protectionClass',
  'buildInDimension',
] as const;

export const FACET_KEYS = [...CONFIGURATION_FACET_KEYS, ...SALES_ITEM_FACET_KEYS] as const;

export type ConfigurationFacetKey = (typeof CONFIGURATION_FACET_KEYS)[number];
export type SalesItemFacetKey = (typeof SALES_ITEM_FACET_KEYS)[number];
export type FacetKey = (typeof FACET_KEYS)[number];

export const NUMERIC_FACET_KEYS = [
  'strokeLength',
  'maxLoadPush',
  'minimumSpeedAtFullLoad',
  'buildInDimension',
] as const;
export type NumericFacetKey = (typeof NUMERIC_FACET_KEYS)[number];
export type TextFacetKey = Exclude<FacetKey, NumericFacetKey>;

/** A facet value that carries a number, e.g. { label: '300 mm', value: 300, unit: 'mm' }. */
export interface NumericFacetValue {
  label: string;
  value: number;
  unit: string;
}

export type FacetValue = string | NumericFacetValue;

/**
 * The facet values of one sales item. A family uses a subset of the facets (a lifting column has
 * no piston-rod eye, a handset has no stroke), so every key is optional; the facets of the item's
 * family are always all present.
 */
export type SalesItemConfiguration = { [K in NumericFacetKey]?: NumericFacetValue } & {
  [K in TextFacetKey]?: string;
};

export interface FacetDefinition {
  key: FacetKey;
  /** Shown as the facet heading in the storefront. */
  displayName: string;
  numeric: boolean;
  /** Unit of the number for numeric facets, null for text facets. */
  unit: string | null;
  /** 'configuration' facets are shown by the configurator; 'salesItem' facets only on the item. */
  scope: 'configuration' | 'salesItem';
  /** What the facet means for an actuator, since several spec names are terse. */
  meaning: string;
}

export const FACETS: readonly FacetDefinition[] = [
  f('backfixtureDiameter', 'backfixture diameter', 'configuration', 'Hole diameter of the back fixture'),
  f('backfixtureThread', 'backfixture thread', 'configuration', 'Thread of a threaded back fixture'),
  f('diameterOut', 'diameter out', 'configuration', 'Outer diameter of the back-fixture eye'),
  f('material', 'material', 'configuration', 'Back-fixture (or column profile) material'),
  f('orientation', 'orientation', 'configuration', 'Back-fixture orientation (or column mounting)'),
  f('type', 'type', 'configuration', 'Back-fixture type, column profile or accessory type'),
  f('feedback', 'Feedback', 'configuration', 'Position feedback / signal output'),
  f('voltage', 'Voltage', 'configuration', 'Motor supply voltage (DC)'),
  f('pistonRodEyeDiameter', 'piston rod eye diameter', 'configuration', 'Hole diameter of the rod eye'),
  f('pistonRodEyeThread', 'piston rod eye thread', 'configuration', 'Thread of a threaded rod end'),
  f('pistonRodEyeMaterial', 'piston rod eye material', 'configuration', 'Rod-eye material'),
  f('slotWidth', 'slot width', 'configuration', 'Width of the slot in a slotted rod eye (push only)'),
  f('pistonRodEyeType', 'piston rod eye type', 'configuration', 'Rod-eye type'),
  f('controllerPlatform', 'controller platform', 'configuration', 'External control box or integrated'),
  f(
    'integratedControllerType',
    'integrated controller type',
    'configuration',
    'Kind of integrated controller',
  ),
  f('strokeLength', 'stroke length', 'configuration', 'Stroke (or column lift) in mm', 'mm'),
  f('maxLoadPush', 'max load push', 'configuration', 'Maximum push load in N', 'N'),
  f('minimumSpeedAtFullLoad', 'minimum speed at full load', 'configuration', 'Speed at full load', 'mm/s'),
  f('dutyCycle', 'duty cycle', 'salesItem', 'Share of time the actuator may run'),
  f('maxRunTime', 'max run time', 'salesItem', 'Longest continuous run'),
  f('restTime', 'rest time', 'salesItem', 'Rest needed after the longest run'),
  f('powerCableLength', 'power cable length', 'salesItem', 'Length of the power cable'),
  f('signalCableLength', 'signal cable length', 'salesItem', 'Length of the signal cable'),
  f('powerCablePlugType', 'power cable plug type', 'salesItem', 'Plug on the power cable'),
  f('signalCablePlugType', 'signal cable plug type', 'salesItem', 'Plug on the signal cable'),
  f('cablePlugType', 'cable plug type', 'salesItem', 'Connector system of the cable set'),
  f('cableLength', 'cable length', 'salesItem', 'Length of the cable set'),
  f('loadType', 'load type', 'salesItem', 'Push, or push and pull'),
  f('protectionClass', 'protection class', 'salesItem', 'IP rating'),
  f('buildInDimension', 'build-in dimension', 'salesItem', 'Retracted length (pin to pin) in mm', 'mm'),
];

function f(
  key: FacetKey,
  displayName: string,
  scope: FacetDefinition['scope'],
  meaning: string,
  unit: string | null = null,
): FacetDefinition {
  return { key, displayName, numeric: unit !== null, unit, scope, meaning };
}

export function isNumericFacetKey(key: FacetKey): key is NumericFacetKey {
  return (NUMERIC_FACET_KEYS as readonly string[]).includes(key);
}

/** The text a value is shown (and keyed) by: the label of a numeric value, else the value. */
export function facetValueLabel(value: FacetValue): string {
  return typeof value === 'string' ? value : value.label;
}

/** A numeric value with a label like "300 mm" or "4.5 mm/s". */
export function numericValue(value: number, unit: string): NumericFacetValue {
  return { label: `${value} ${unit}`, value, unit };
}

// --- Feedback, controllers, protection and plugs: the value sets the compatibility rules use ----

export const FEEDBACKS = [
  'None',
  'End-stop signals',
  'Single Hall',
  'Dual Hall',
  'Potentiometer',
  'Analogue 0-10 V',
  'Analogue 4-20 mA',
  'PWM',
  'Modbus',
  'CAN bus',
  'LIN bus',
] as const;
export type Feedback = (typeof FEEDBACKS)[number];
/** Bus feedback needs an integrated controller to speak the protocol. */
export const BUS_FEEDBACKS: readonly Feedback[] = ['Modbus', 'CAN bus', 'LIN bus'];
/** A parallel controller keeps actuators in step by counting Hall pulses. */
export const HALL_FEEDBACKS: readonly Feedback[] = ['Single Hall', 'Dual Hall'];

export const CONTROLLER_PLATFORMS = ['External control box', 'Integrated controller'] as const;
export type ControllerPlatform = (typeof CONTROLLER_PLATFORMS)[number];
export const INTEGRATED_CONTROLLER_TYPES = ['None', 'Standard', 'Parallel'] as const;
export type IntegratedControllerType = (typeof INTEGRATED_CONTROLLER_TYPES)[number];
/** Voltages an integrated controller's electronics accept. */
export const INTEGRATED_CONTROLLER_VOLTAGES: readonly number[] = [12, 24];

export const PROTECTION_CLASSES = ['IPX4', 'IPX6', 'IP54', 'IP66', 'IP69K'] as const;
export type ProtectionClass = (typeof PROTECTION_CLASSES)[number];

export const CABLE_PLUG_TYPES = ['Open wires', 'Molex', 'DIN', 'M12', 'M12 sealed'] as const;
export type CablePlugType = (typeof CABLE_PLUG_TYPES)[number];
/** Protection classes a sealed M12 cable set is sold with (it makes no sense on IPX4 furniture). */
export const SEALED_CABLE_PROTECTION_CLASSES: readonly ProtectionClass[] = ['IP66', 'IP69K'];
