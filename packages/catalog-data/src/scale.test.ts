import { describe, expect, it } from 'vitest';
import { MAX_SALES_ITEMS_PER_FAMILY } from './sales-items.ts';
import { generateDemoWorld } from './world.ts';

describe('scale', () => {
  // How fast is a benchmark's question, not this test's (a loaded CI machine took 5.6 s once).
  it('generates 100,000 distinct sales items', () => {
    const world = generateDemoWorld({ salesItems: 100_000 });
    expect(world.salesItems).toHaveLength(100_000);
    const numbers = new Set<string>();
    const codes = new Set<string>();
    for (const item of world.salesItems) {
      expect(item.salesItemNumber).toMatch(/^[A-Z][0-9]{5}$/);
      numbers.add(item.salesItemNumber);
      codes.add(item.configurationCode);
    }
    expect(numbers.size).toBe(100_000);
    expect(codes.size).toBe(100_000);
    expect(new Set(world.salesItems.map((item) => item.salesItemNumber[0])).size).toBe(world.families.length);
    for (const family of world.families)
      expect(family.salesItemCount).toBeLessThanOrEqual(MAX_SALES_ITEMS_PER_FAMILY);
    expect(world.itemLifecycleStates.factories).toHaveLength(100_000);
  });
});
