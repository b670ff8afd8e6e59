/**
 * Whether an address of the address book may still be chosen. The ERP's addresses carry their
 * validity period in `xp.ValidFrom`/`xp.ValidTo` (the platform's ERP address extension); one whose
 * `ValidTo` has passed is closed (a warehouse that moved, say), one whose `ValidFrom` lies ahead is
 * not open yet. The account page still lists both, marked; the checkout and subscriptions offer
 * (and accept) only addresses in use.
 */
interface WithValidity {
  readonly xp?: unknown;
}

function instant(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

type AddressValidity = 'open' | 'closed' | 'notYetOpen';

export function addressValidity(address: WithValidity, now: number = Date.now()): AddressValidity {
  const xp = (address.xp ?? {}) as { ValidFrom?: unknown; ValidTo?: unknown };
  const to = instant(xp.ValidTo);
  if (to !== undefined && to <= now) return 'closed';
  const from = instant(xp.ValidFrom);
  if (from !== undefined && from > now) return 'notYetOpen';
  return 'open';
}

export function isAddressInUse(address: WithValidity, now: number = Date.now()): boolean {
  return addressValidity(address, now) === 'open';
}

/**
 * The address a checkout preselects: the one already chosen while it is still offered, else the
 * first the ERP knows (an `xp.ErpId`: the company's own addresses, which an order can be delivered
 * to without an issue), else the first offered.
 */
export function preselectedAddressId<T extends { readonly ID?: string; readonly xp?: unknown }>(
  chosen: string | undefined,
  offered: readonly T[],
): string | undefined {
  if (chosen && offered.some((address) => address.ID === chosen)) return chosen;
  const known = offered.find((address) => Boolean((address.xp as { ErpId?: unknown } | undefined)?.ErpId));
  return (known ?? offered[0])?.ID;
}
