/**
 * Configuration facets of actuators. One table, `CONFIGURATION_FACETS`, is the
 * source of truth: the `ConfigurationFacets` schema is generated from it, so a facet cannot be
 * added to one and forgotten in the other.
 *
 * Our choice: "power and signal cable length" and "cable plug type and length" are single facets,
 * not two each. Display names are the facet names with a capital first letter.
 */
import { z } from 'zod';
import { NonEmptyString } from '../validation.ts';

export const CONFIGURATION_FACETS = [
  // Facets of every variant (commercial variants and sales items).
  { key: 'backfixtureDiameter', displayName: 'Backfixture diameter', appliesTo: 'all', numeric: false },
  { key: 'backfixtureThread', displayName: 'Backfixture thread', appliesTo: 'all', numeric: false },
  { key: 'diameterOut', displayName: 'Diameter out', appliesTo: 'all', numeric: false },
  { key: 'material', displayName: 'Material', appliesTo: 'all', numeric: false },
  { key: 'orientation', displayName: 'Orientation', appliesTo: 'all', numeric: false },
  { key: 'type', displayName: 'Type', appliesTo: 'all', numeric: false },
  { key: 'feedback', displayName: 'Feedback', appliesTo: 'all', numeric: false },
  { key: 'voltage', displayName: 'Voltage', appliesTo: 'all', numeric: false },
  { key: 'pistonRodEyeDiameter', displayName: 'Piston rod eye diameter', appliesTo: 'all', numeric: false },
  { key: 'pistonRodEyeThread', displayName: 'Piston rod eye thread', appliesTo: 'all', numeric: false },
  { key: 'pistonRodEyeMaterial', displayName: 'Piston rod eye material', appliesTo: 'all', numeric: false },
  { key: 'slotWidth', displayName: 'Slot width', appliesTo: 'all', numeric: false },
  { key: 'pistonRodEyeType', displayName: 'Piston rod eye type', appliesTo: 'all', numeric: false },
  { key: 'controllerPlatform', displayName: 'Controller platform', appliesTo: 'all', numeric: false },
  {
    key: 'integratedControllerType',
    displayName: 'Integrated controller type',
    appliesTo: 'all',
    numeric: false,
  },
  { key: 'strokeLength', displayName: 'Stroke length', appliesTo: 'all', numeric: true },
  { key: 'maxLoadPush', displayName: 'Max load push', appliesTo: 'all', numeric: true },
  {
    key: 'minimumSpeedAtFullLoad',
    displayName: 'Minimum speed at full load',
    appliesTo: 'all',
    numeric: true,
  },
  // Facets only sales items have.
  { key: 'dutyCycle', displayName: 'Duty cycle', appliesTo: 'salesItem', numeric: false },
  { key: 'maxRunTime', displayName: 'Max run time', appliesTo: 'salesItem', numeric: false },
  { key: 'restTime', displayName: 'Rest time', appliesTo: 'salesItem', numeric: false },
  {
    key: 'powerAndSignalCableLength',
    displayName: 'Power and signal cable length',
    appliesTo: 'salesItem',
    numeric: false,
  },
  {
    key: 'powerAndSignalCablePlugType',
    displayName: 'Power and signal cable plug type',
    appliesTo: 'salesItem',
    numeric: false,
  },
  {
    key: 'cablePlugTypeAndLength',
    displayName: 'Cable plug type and length',
    appliesTo: 'salesItem',
    numeric: false,
  },
  { key: 'loadType', displayName: 'Load type', appliesTo: 'salesItem', numeric: false },
  { key: 'protectionClass', displayName: 'Protection class', appliesTo: 'salesItem', numeric: false },
  { key: 'buildInDimension', displayName: 'Build-in dimension', appliesTo: 'salesItem', numeric: false },
] as const satisfies readonly {
  key: string;
  displayName: string;
  appliesTo: 'all' | 'salesItem';
  numeric: boolean;
}[];

export type ConfigurationFacetDefinition = (typeof CONFIGURATION_FACETS)[number];
export type ConfigurationFacetKey = ConfigurationFacetDefinition['key'];

/** Value of a textual facet, e.g. "IP66". */
export const FacetText = NonEmptyString;

/**
 * Value of a numeric facet: the number and unit for filtering and sorting, the label as shown,
 * e.g. `{label: '300 mm', value: 300, unit: 'mm'}`.
 */
export const NumericFacetValue = z.object({
  label: NonEmptyString,
  value: z.number(),
  unit: NonEmptyString,
});
export type NumericFacetValue = z.infer<typeof NumericFacetValue>;

type FacetValueSchema<F extends ConfigurationFacetDefinition> = F['numeric'] extends true
  ? typeof NumericFacetValue
  : typeof FacetText;

type ConfigurationFacetsShape = {
  [F in ConfigurationFacetDefinition as F['key']]: z.ZodOptional<FacetValueSchema<F>>;
};

const configurationFacetsShape = Object.fromEntries(
  CONFIGURATION_FACETS.map((facet) => [
    facet.key,
    (facet.numeric ? NumericFacetValue : FacetText).optional(),
  ]),
) as ConfigurationFacetsShape;

/**
 * The facets of a sales item, every one optional. Strict: an unknown key is almost certainly a
 * misspelt facet, and a misspelt facet would silently vanish from filters.
 */
export const ConfigurationFacets = z.strictObject(configurationFacetsShape);
export type ConfigurationFacets = z.infer<typeof ConfigurationFacets>;

/** Keys of the facets that carry a number. */
export const NUMERIC_FACET_KEYS: readonly ConfigurationFacetKey[] = CONFIGURATION_FACETS.filter(
  (facet) => facet.numeric,
).map((facet) => facet.key);
