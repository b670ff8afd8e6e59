import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FacetKey,
  facetValueLabel,
  type NumericFacetValue,
  type SalesItemConfiguration,
} from './facets.ts';
import { CONFIGURABLE_FAMILIES, CONTROLLER_OPTIONS } from './families.ts';
import { brokenRules, isCompatible, maxLoadOf, type OptionChoice } from './physics.ts';
import type { SalesItem } from './sales-items.ts';
import { generateDemoWorld } from './world.ts';

const world = generateDemoWorld();
const familiesById = new Map(world.families.map((family) => [family.id, family]));
const configurableItems = world.salesItems.filter((item) => familiesById.get(item.familyId)?.configurable);

function num(
  configuration: SalesItemConfiguration,
  key: 'strokeLength' | 'maxLoadPush' | 'minimumSpeedAtFullLoad' | 'buildInDimension',
): number {
  const value = configuration[key] as NumericFacetValue | undefined;
  if (!value) throw new Error(`missing ${key}`);
  return value.value;
}

function volts(item: SalesItem): number {
  return Number.parseInt(item.configuration.voltage ?? '', 10);
}

describe('physical rules hold for every sales item', () => {
  it('has configurable items to check', () => {
    expect(configurableItems.length).toBeGreaterThan(4500);
  });

  it('build-in dimension ≥ stroke (per moving stage) + series constant, exactly plus fixture/controller extras', () => {
    for (const item of configurableItems) {
      const physics = familiesById.get(item.familyId)?.physics;
      if (!physics) throw new Error('configurable family without physics');
      const stroke = num(item.configuration, 'strokeLength');
      const buildIn = num(item.configuration, 'buildInDimension');
      const minimum = Math.ceil(stroke / physics.movingStages) + physics.buildInConstantMm;
      expect(buildIn).toBeGreaterThanOrEqual(minimum);
      expect(buildIn - minimum).toBeLessThanOrEqual(60);
      if (physics.movingStages === 1)
        expect(buildIn).toBeGreaterThanOrEqual(stroke + physics.buildInConstantMm);
    }
  });

  it('integrated controller ⇒ 12 or 24 V and no potentiometer', () => {
    for (const item of configurableItems) {
      if (item.configuration.controllerPlatform !== 'Integrated controller') continue;
      expect([12, 24]).toContain(volts(item));
      expect(item.configuration.feedback).not.toBe('Potentiometer');
    }
  });

  it('bus feedback ⇒ integrated controller', () => {
    const bus = configurableItems.filter((item) =>
      ['Modbus', 'CAN bus', 'LIN bus'].includes(item.configuration.feedback ?? ''),
    );
    expect(bus.length).toBeGreaterThan(0);
    for (const item of bus) expect(item.configuration.controllerPlatform).toBe('Integrated controller');
  });

  it('parallel controller ⇒ Hall feedback', () => {
    const parallel = configurableItems.filter(
      (item) => item.configuration.integratedControllerType === 'Parallel',
    );
    expect(parallel.length).toBeGreaterThan(0);
    for (const item of parallel) expect(['Single Hall', 'Dual Hall']).toContain(item.configuration.feedback);
  });

  it('IP69K ⇒ sealed cables with M12 plugs', () => {
    const sealed = configurableItems.filter((item) => item.configuration.protectionClass === 'IP69K');
    expect(sealed.length).toBeGreaterThan(0);
    for (const item of sealed) {
      expect(item.configuration.cablePlugType).toBe('M12 sealed');
      expect(item.configuration.powerCablePlugType).toMatch(/^M12 .*sealed$/);
      expect(item.configuration.signalCablePlugType).toMatch(/^(M12 .*sealed|None)$/);
    }
  });

  it('long strokes cap the load (load × stroke² ≤ buckling constant) and the top load needs ≥ 24 V', () => {
    for (const item of configurableItems) {
      const family = familiesById.get(item.familyId);
      const physics = family?.physics;
      if (!family || !physics) throw new Error('missing family');
      const stroke = num(item.configuration, 'strokeLength');
      const load = num(item.configuration, 'maxLoadPush');
      expect(load * stroke * stroke).toBeLessThanOrEqual(physics.bucklingConstantNmm2);
      const loads = family.facets.find((facet) => facet.key === 'maxLoadPush')?.values ?? [];
      const top = Math.max(...loads.map((value) => (value as NumericFacetValue).value));
      if (load === top && physics.topLoadMinVoltage > 12) expect(volts(item)).toBeGreaterThanOrEqual(24);
    }
  });

  it('a higher load comes only with a lower speed (smaller spindle pitch)', () => {
    for (const family of world.families.filter((candidate) => candidate.configurable)) {
      const pairs = new Map<number, number>();
      for (const item of configurableItems.filter((candidate) => candidate.familyId === family.id)) {
        pairs.set(num(item.configuration, 'maxLoadPush'), num(item.configuration, 'minimumSpeedAtFullLoad'));
      }
      const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]![1]).toBeLessThan(sorted[i - 1]![1]);
    }
  });

  it('a slotted rod eye or a lifting column is push only', () => {
    for (const item of configurableItems) {
      const slotted =
        item.configuration.slotWidth !== undefined && item.configuration.slotWidth !== 'No slot';
      const column = familiesById.get(item.familyId)?.kind === 'lifting-column';
      if (slotted || column) expect(item.configuration.loadType).toBe('Push');
      else expect(item.configuration.loadType).toBe('Push and pull');
    }
  });

  it('weight grows with stroke and with load', () => {
    // Weight depends on stroke, load, controller and cable length; compare within the rest fixed.
    const groups = new Map<string, SalesItem[]>();
    for (const item of configurableItems) {
      const key = [
        item.familyId,
        item.configuration.controllerPlatform,
        item.configuration.integratedControllerType,
        item.configuration.cableLength,
      ].join('|');
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    let comparisons = 0;
    for (const items of groups.values()) {
      for (const axis of ['strokeLength', 'maxLoadPush'] as const) {
        const other = axis === 'strokeLength' ? 'maxLoadPush' : 'strokeLength';
        const byOther = new Map<number, SalesItem[]>();
        for (const item of items) {
          const key = num(item.configuration, other);
          byOther.set(key, [...(byOther.get(key) ?? []), item]);
        }
        for (const line of byOther.values()) {
          const sorted = [...line].sort((a, b) => num(a.configuration, axis) - num(b.configuration, axis));
          for (let i = 1; i < sorted.length; i++) {
            const previous = sorted[i - 1]!;
            const current = sorted[i]!;
            if (num(current.configuration, axis) > num(previous.configuration, axis)) {
              expect(current.shipWeightKg).toBeGreaterThan(previous.shipWeightKg);
              comparisons++;
            }
          }
        }
      }
    }
    expect(comparisons).toBeGreaterThan(1000);
  });

  it('every item is a distinct combination and uses exactly its family facets', () => {
    const codes = new Set(world.salesItems.map((item) => item.configurationCode));
    expect(codes.size).toBe(world.salesItems.length);
    const configurations = new Set(
      world.salesItems.map((item) => `${item.familyId}:${JSON.stringify(item.configuration)}`),
    );
    expect(configurations.size).toBe(world.salesItems.length);
    const offered = new Map(
      world.families.map((family) => [
        family.id,
        {
          keys: family.facets
            .map((facet) => facet.key)
            .sort()
            .join(','),
          labels: new Set(
            family.facets.flatMap((facet) =>
              facet.values.map((value) => `${facet.key}=${facetValueLabel(value)}`),
            ),
          ),
        },
      ]),
    );
    for (const item of world.salesItems) {
      const family = offered.get(item.familyId)!;
      expect(Object.keys(item.configuration).sort().join(',')).toBe(family.keys);
      for (const [key, value] of Object.entries(item.configuration)) {
        if (!family.labels.has(`${key}=${facetValueLabel(value)}`))
          throw new Error(`${item.salesItemNumber}: ${key} not offered`);
      }
    }
  });
});

describe('the configurator has real choices and disabled values', () => {
  it('every configurable family offers several strokes, loads, feedbacks and fixtures', () => {
    for (const family of world.families.filter((candidate) => candidate.configurable)) {
      const count = (key: FacetKey) => family.facets.find((facet) => facet.key === key)?.values.length ?? 0;
      expect(count('strokeLength'), family.id).toBeGreaterThanOrEqual(4);
      expect(count('maxLoadPush'), family.id).toBeGreaterThanOrEqual(2);
      expect(count('feedback'), family.id).toBeGreaterThanOrEqual(3);
      expect(count('material') + count('type') + count('orientation'), family.id).toBeGreaterThanOrEqual(5);
    }
  });

  it('some pairs of offered values never occur together (disabled values)', () => {
    let disabledPairs = 0;
    const hd60 = world.salesItems.filter((item) => item.familyId === 'HD60');
    const keys: FacetKey[] = [
      'voltage',
      'feedback',
      'controllerPlatform',
      'integratedControllerType',
      'strokeLength',
      'maxLoadPush',
      'protectionClass',
      'cablePlugType',
    ];
    for (const a of keys) {
      for (const b of keys) {
        if (a >= b) continue;
        const seen = new Set(
          hd60.map(
            (item) => `${facetValueLabel(item.configuration[a]!)}|${facetValueLabel(item.configuration[b]!)}`,
          ),
        );
        const valuesA = new Set(hd60.map((item) => facetValueLabel(item.configuration[a]!)));
        const valuesB = new Set(hd60.map((item) => facetValueLabel(item.configuration[b]!)));
        for (const va of valuesA) for (const vb of valuesB) if (!seen.has(`${va}|${vb}`)) disabledPairs++;
      }
    }
    expect(disabledPairs).toBeGreaterThan(5);
    // A concrete one: 36 V is offered, yet never with an integrated controller.
    const icVoltages = new Set(
      hd60
        .filter((item) => item.configuration.controllerPlatform === 'Integrated controller')
        .map((item) => item.configuration.voltage),
    );
    const voltages = new Set(hd60.map((item) => item.configuration.voltage));
    expect([...voltages].some((voltage) => !icVoltages.has(voltage))).toBe(true);
  });
});

describe('compatibility rules', () => {
  const hd60 = CONFIGURABLE_FAMILIES.find((family) => family.id === 'HD60')!;
  const base: OptionChoice = {
    strokeMm: 300,
    load: hd60.loads[0]!,
    voltage: 24,
    feedback: 'Single Hall',
    controller: CONTROLLER_OPTIONS.EXT,
    mounting: hd60.mountings[0]!,
    rodEye: hd60.rodEyes[0]!,
    protectionClass: 'IP66',
    cable: { code: 'C2MX', lengthM: 2, plug: 'Molex' },
  };

  it('accepts the series default and names each broken rule', () => {
    expect(isCompatible(hd60, base)).toBe(true);
    expect(brokenRules(hd60, { ...base, controller: CONTROLLER_OPTIONS.IC, voltage: 48 })).toEqual([
      'integrated-controller-voltage',
    ]);
    expect(
      brokenRules(hd60, { ...base, controller: CONTROLLER_OPTIONS.IC, feedback: 'Potentiometer' }),
    ).toEqual(['integrated-controller-no-potentiometer']);
    expect(brokenRules(hd60, { ...base, feedback: 'Modbus' })).toEqual(['bus-needs-integrated-controller']);
    expect(brokenRules(hd60, { ...base, controller: CONTROLLER_OPTIONS.ICP, feedback: 'None' })).toEqual([
      'parallel-needs-hall',
    ]);
    expect(brokenRules(hd60, { ...base, protectionClass: 'IP69K' })).toEqual(['ip69k-needs-sealed-m12']);
    const top = hd60.loads.find((option) => option.maxLoadPushN === maxLoadOf(hd60))!;
    expect(brokenRules(hd60, { ...base, load: top, strokeMm: 999 })).toEqual(['buckling']);
    expect(brokenRules(hd60, { ...base, load: top, voltage: 12 })).toEqual(['top-load-min-voltage']);
  });

  it('property: a random option combination is compatible exactly when no rule is broken', () => {
    const family = fc.constantFrom(...CONFIGURABLE_FAMILIES);
    const choice = family.chain((definition) =>
      fc.record({
        definition: fc.constant(definition),
        choice: fc.record({
          strokeMm: fc.constantFrom(...definition.strokesMm),
          load: fc.constantFrom(...definition.loads),
          voltage: fc.constantFrom(...definition.voltages),
          feedback: fc.constantFrom(...definition.feedbacks),
          controller: fc.constantFrom(...definition.controllers.map((code) => CONTROLLER_OPTIONS[code])),
          mounting: fc.constantFrom(...definition.mountings),
          rodEye: fc.constantFrom(...definition.rodEyes),
          protectionClass: fc.constantFrom(...definition.protectionClasses),
          cable: fc.record({
            code: fc.constant('C'),
            lengthM: fc.constantFrom(...definition.cableLengthsM),
            plug: fc.constantFrom(...definition.cablePlugs),
          }),
        }),
      }),
    );
    fc.assert(
      fc.property(choice, ({ definition, choice: option }) => {
        const compatible = isCompatible(definition, option);
        expect(compatible).toBe(brokenRules(definition, option).length === 0);
        if (compatible && option.controller.platform === 'Integrated controller') {
          expect([12, 24]).toContain(option.voltage);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the default combination of every family is compatible', () => {
    for (const family of CONFIGURABLE_FAMILIES) {
      const first = world.salesItems.find((item) => item.familyId === family.id);
      expect(first?.salesItemNumber).toBe(`${family.letter}10001`);
    }
  });
});
