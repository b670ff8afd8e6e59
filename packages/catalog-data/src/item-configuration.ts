/**
 * A configurable sales item's identity: its facet values (configuration), configuration code, name and
 * description, all derived from the option choice that released it.
 */
import { PLUG_CODES } from './combinations.ts';
import {
  FACETS,
  type FacetValue,
  type NumericFacetValue,
  numericValue,
  type SalesItemConfiguration,
} from './facets.ts';
import type { ConfigurableFamilyDefinition } from './families.ts';
import { buildInDimensionMm, dutyCyclePercent, type OptionChoice, runAndRestMinutes } from './physics.ts';

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
export class SharedValues {
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

export function configurationOf(
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

export function configurationCode(family: ConfigurableFamilyDefinition, choice: OptionChoice): string {
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

export function itemName(family: ConfigurableFamilyDefinition, choice: OptionChoice): string {
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

export function itemDescription(
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
