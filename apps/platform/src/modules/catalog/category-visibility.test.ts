import { describe, expect, it } from 'vitest';
import { Bitset } from '../../shared/bitset.ts';
import {
  type CatalogDefaults,
  type CategoryNode,
  type CategorySetting,
  categoryAccess,
  nothingNarrows,
  productsAllowed,
} from './category-visibility.ts';

/** tools ─ drills ─ cordless; tools ─ saws; garden (inactive) ─ hoses */
const tree: CategoryNode[] = [
  { id: 'tools', parentId: null, active: true },
  { id: 'drills', parentId: 'tools', active: true },
  { id: 'cordless', parentId: 'drills', active: true },
  { id: 'saws', parentId: 'tools', active: true },
  { id: 'garden', parentId: null, active: false },
  { id: 'hoses', parentId: 'garden', active: true },
];
const ALL: CatalogDefaults = { viewAllCategories: true, viewAllProducts: true };
const NONE: CatalogDefaults = { viewAllCategories: false, viewAllProducts: false };
const company = (categoryId: string, visible: boolean | null, viewAllProducts: boolean | null = null) =>
  ({ categoryId, userGroupId: null, visible, viewAllProducts }) satisfies CategorySetting;
const group = (
  userGroupId: string,
  categoryId: string,
  visible: boolean | null,
  viewAllProducts: boolean | null = null,
) => ({ categoryId, userGroupId, visible, viewAllProducts }) satisfies CategorySetting;

const visibleIds = (settings: CategorySetting[], defaults: CatalogDefaults, nodes = tree) =>
  [...categoryAccess(nodes, settings, defaults)]
    .filter(([, access]) => access.visible)
    .map(([id]) => id)
    .sort();

describe('category visibility', () => {
  it('shows every active category (and none under an inactive one) when the catalog shows all', () => {
    expect(visibleIds([], ALL)).toEqual(['cordless', 'drills', 'saws', 'tools']);
    expect(visibleIds([], NONE)).toEqual([]);
  });

  it('inherits a null setting from the parent, and the top level from the catalog', () => {
    // Scenario 4: nothing by default, one branch assigned.
    expect(visibleIds([company('drills', true)], NONE)).toEqual(['cordless', 'drills']);
    expect(visibleIds([company('drills', null)], NONE)).toEqual([]);
    // Scenario 5: everything but one branch.
    expect(visibleIds([company('drills', false)], ALL)).toEqual(['saws', 'tools']);
    // A category's own setting wins over what it inherits, both ways.
    expect(visibleIds([company('drills', false), company('cordless', true)], ALL)).toEqual([
      'cordless',
      'saws',
      'tools',
    ]);
    // Active still wins: an inactive branch stays hidden whatever the assignment.
    expect(visibleIds([company('hoses', true)], ALL)).toEqual(['cordless', 'drills', 'saws', 'tools']);
  });

  it("lets a group's setting win over the company's, and true win between groups", () => {
    expect(visibleIds([company('saws', false), group('g1', 'saws', true)], ALL)).toContain('saws');
    expect(visibleIds([company('saws', true), group('g1', 'saws', false)], ALL)).not.toContain('saws');
    expect(visibleIds([group('g1', 'saws', false), group('g2', 'saws', true)], ALL)).toContain('saws');
    // A group's null leaves the company's setting in force.
    expect(visibleIds([company('saws', false), group('g1', 'saws', null)], ALL)).not.toContain('saws');
  });

  it('survives a ParentID cycle and a missing parent (treated as top level)', () => {
    const odd: CategoryNode[] = [
      { id: 'a', parentId: 'b', active: true },
      { id: 'b', parentId: 'a', active: true },
      { id: 'orphan', parentId: 'gone', active: true },
    ];
    expect(visibleIds([], ALL, odd)).toEqual(['a', 'b', 'orphan']);
    expect(visibleIds([company('a', true)], NONE, odd)).toContain('a');
    expect(visibleIds([], NONE, odd)).toEqual([]);
  });

  it('allows the products of categories with ViewAllProducts in effect, and uncategorised ones from the catalog', () => {
    // Positions: 0 in drills, 1 in cordless, 2 in saws, 3 in drills and saws, 4 in no category, 5 in hoses.
    const members = new Map<string, number[]>([
      ['drills', [0, 3]],
      ['cordless', [1]],
      ['saws', [2, 3]],
      ['hoses', [5]],
    ]);
    const membersOf = (id: string) => {
      const positions = members.get(id);
      if (!positions) return undefined;
      const set = new Bitset(6);
      for (const position of positions) set.add(position);
      return set;
    };
    const allowed = (settings: CategorySetting[], defaults: CatalogDefaults) =>
      productsAllowed(6, categoryAccess(tree, settings, defaults), defaults, membersOf).positions();
    expect(allowed([], ALL)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(allowed([], NONE)).toEqual([]);
    // Scenario 4: the drills branch shows its products, down the tree.
    expect(allowed([company('drills', true, true)], NONE)).toEqual([0, 1, 3]);
    // Scenario 5: all but the saws; the product also in drills stays.
    expect(allowed([company('saws', null, false)], ALL)).toEqual([0, 1, 3, 4, 5]);
    // The catalog's ViewAllProducts off: only what a category shows (no uncategorised products).
    expect(allowed([], { viewAllCategories: true, viewAllProducts: false })).toEqual([]);
  });

  it('knows when nothing narrows the catalog', () => {
    expect(nothingNarrows([], ALL)).toBe(true);
    expect(nothingNarrows([company('saws', true)], ALL)).toBe(false);
    expect(nothingNarrows([], { viewAllCategories: true, viewAllProducts: false })).toBe(false);
  });
});
