import { Bitset } from '../../shared/bitset.ts';

/**
 * What category assignments decide for one buyer user (OrderCloud's catalog visibility rules):
 * `CategoryAssignment.Visible` and `.ViewAllProducts` are true, false or null, and null inherits —
 * from the parent category, and for a top-level category from the catalog assignment's
 * `ViewAllCategories` / `ViewAllProducts`. A category's own setting, true or false, always wins.
 */

/** A category of the catalog as visibility needs it. */
export interface CategoryNode {
  id: string;
  parentId: string | null;
  active: boolean;
}

/** One assignment reaching the user: to their company (`userGroupId` null) or one of their groups. */
export interface CategorySetting {
  categoryId: string;
  userGroupId: string | null;
  visible: boolean | null;
  viewAllProducts: boolean | null;
}

/** The catalog assignment of the user's company. */
export interface CatalogDefaults {
  viewAllCategories: boolean;
  viewAllProducts: boolean;
}

export interface CategoryAccess {
  /** The category and every ancestor are active. */
  active: boolean;
  /** Shown by `/me/categories`: active and visible. */
  visible: boolean;
  /** Shows the products assigned to it (active with every ancestor, ViewAllProducts in effect). */
  viewAllProducts: boolean;
}

type Field = 'visible' | 'viewAllProducts';

/**
 * The setting a category has of its own for this user. A group's non-null setting wins
 * over the company's (as a group's price schedule does); between groups, true wins.
 */
function ownSetting(settings: CategorySetting[], field: Field): boolean | null {
  const fromGroups = settings
    .filter((setting) => setting.userGroupId !== null && setting[field] !== null)
    .map((setting) => setting[field] as boolean);
  if (fromGroups.length > 0) return fromGroups.some(Boolean);
  return settings.find((setting) => setting.userGroupId === null)?.[field] ?? null;
}

/** Every category's access for one user. Cheap: categories number in the tens or hundreds. */
export function categoryAccess(
  nodes: CategoryNode[],
  settings: CategorySetting[],
  defaults: CatalogDefaults,
): Map<string, CategoryAccess> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const settingsOf = new Map<string, CategorySetting[]>();
  for (const setting of settings) {
    const list = settingsOf.get(setting.categoryId) ?? [];
    list.push(setting);
    settingsOf.set(setting.categoryId, list);
  }
  type InEffect = { active: boolean; visible: boolean; viewAllProducts: boolean };
  const resolved = new Map<string, InEffect>();
  const resolve = (node: CategoryNode, path: Set<string>): InEffect => {
    const done = resolved.get(node.id);
    if (done) return done;
    // A missing parent, or a ParentID cycle (not checked on write), makes the category top-level.
    const parentNode = node.parentId ? byId.get(node.parentId) : undefined;
    const parent: InEffect =
      parentNode && !path.has(parentNode.id)
        ? resolve(parentNode, new Set(path).add(node.id))
        : { active: true, visible: defaults.viewAllCategories, viewAllProducts: defaults.viewAllProducts };
    const own = settingsOf.get(node.id) ?? [];
    const result: InEffect = {
      active: node.active && parent.active,
      visible: ownSetting(own, 'visible') ?? parent.visible,
      viewAllProducts: ownSetting(own, 'viewAllProducts') ?? parent.viewAllProducts,
    };
    resolved.set(node.id, result);
    return result;
  };
  const access = new Map<string, CategoryAccess>();
  for (const node of nodes) {
    const { active, visible, viewAllProducts } = resolve(node, new Set());
    access.set(node.id, { active, visible: active && visible, viewAllProducts: active && viewAllProducts });
  }
  return access;
}

/**
 * The catalog's products a user may see through the catalog and category settings (before prices).
 * A product is allowed when one of its active categories has ViewAllProducts in effect,
 * or, when it is in no active category, when the catalog assignment has ViewAllProducts: so turning
 * ViewAllProducts off on a category hides its products unless another category shows them.
 */
export function productsAllowed(
  size: number,
  access: Map<string, CategoryAccess>,
  defaults: CatalogDefaults,
  membersOf: (categoryId: string) => Bitset | undefined,
): Bitset {
  let allowed = new Bitset(size);
  let categorized = new Bitset(size);
  for (const [categoryId, { active, viewAllProducts }] of access) {
    const members = membersOf(categoryId);
    if (!members || !active) continue;
    categorized = categorized.or(members);
    if (viewAllProducts) allowed = allowed.or(members);
  }
  return defaults.viewAllProducts ? allowed.or(categorized.not()) : allowed;
}

/** True when nothing narrows the catalog: every product and category is shown (the common case). */
export const nothingNarrows = (settings: CategorySetting[], defaults: CatalogDefaults) =>
  settings.length === 0 && defaults.viewAllCategories && defaults.viewAllProducts;
