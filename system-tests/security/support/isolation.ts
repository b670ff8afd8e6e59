import type { Actor } from './actors.ts';
import { bearer, type Exchange, pool, send } from './http.ts';
import { SIZES } from './mode.ts';
import { fillPath, type Operation, pathParameters, type Schema, sampleOf } from './openapi.ts';
import { leakedMarkers, type Victim } from './victims.ts';

/** Which kind of victim id a path parameter or body field takes, by its name. */
const KIND_BY_NAME: [RegExp, string][] = [
  [/^(buyerID|newBuyerID|buyerId|companyId)$/, 'buyer'],
  [/^userID$/, 'user'],
  [/^addressID$/, 'address'],
  [/^userGroupID$/, 'usergroup'],
  [/^costCenterID$/, 'costcenter'],
  [/^spendingAccountID$/, 'spendingaccount'],
  [/^creditcardID$/i, 'creditcard'],
  [/^(orderID|orderId|webShopOrderId)$/, 'order'],
  [/^lineItemID$/, 'lineitem'],
  [/^paymentID$/, 'payment'],
  [/^subscriptionID$/, 'subscription'],
  [/^subscriptionItemID$/, 'subscriptionitem'],
  [/^approvalRuleID$/, 'approvalrule'],
  [/^(productID|salesItemNumber)$/, 'product'],
  [/^(erpId|customerErpId)$/i, 'erpCustomer'],
  [/^crmId$/i, 'crm'],
  [/^(id|sessionId)$/, 'session'],
];

const CONSTANTS: Record<string, string[]> = {
  direction: ['All', 'Outgoing', 'Incoming'],
  currency: ['DKK', 'EUR'],
};

export function candidates(victim: Victim, name: string): string[] {
  if (CONSTANTS[name]) return CONSTANTS[name] as string[];
  const kind = KIND_BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
  if (kind) return victim.ids[kind]?.length ? (victim.ids[kind] as string[]) : [`${victim.tenant}-none`];
  if (/sales.?company/i.test(name)) return [(victim.ids.erpCustomer?.[0] ?? 'ADE').slice(0, 3)];
  // Any other id: the victim's most telling ones.
  return [...(victim.ids.order ?? []), ...(victim.ids.user ?? []), victim.tenant];
}

/** Path values to try: the first few victim ids of every parameter, combined, capped. */
export function pathCombinations(operation: Operation, victim: Victim): Record<string, string>[] {
  let combinations: Record<string, string>[] = [{}];
  for (const name of pathParameters(operation)) {
    const values = candidates(victim, name).slice(0, SIZES.idsPerParameter);
    combinations = combinations.flatMap((combination) =>
      values.map((value) => ({ ...combination, [name]: value })),
    );
  }
  return combinations.slice(0, SIZES.idsPerParameter * 3);
}

/** A body aimed at the victim: the schema's required fields, ids and references set to the victim's. */
export function victimBody(schema: Schema | undefined, victim: Victim): unknown {
  const base = sampleOf(schema);
  const body: Record<string, unknown> =
    base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as object) } : {};
  const fill = (target: Record<string, unknown>, shape: Schema | undefined) => {
    for (const [name, property] of Object.entries(shape?.properties ?? {})) {
      const kind = KIND_BY_NAME.find(([pattern]) => pattern.test(name));
      if (kind && (property.type === 'string' || property.type === undefined))
        target[name] = candidates(victim, name)[0];
      if (/sales.?company/i.test(name)) target[name] = candidates(victim, name)[0];
      if (property.type === 'object' && target[name] && typeof target[name] === 'object') {
        fill(target[name] as Record<string, unknown>, property);
      }
    }
  };
  fill(body, schema);
  // The platform's bodies are open records: name the victim's objects directly.
  if (!schema?.properties) {
    Object.assign(body, {
      ID: victim.ids.order?.[0] ?? victim.tenant,
      Name: 'intruder',
      BuyerID: victim.tenant,
      UserID: victim.ids.user?.[0],
      AddressID: victim.ids.address?.[0],
      OrderID: victim.ids.order?.[0],
      xp: { Intruder: true },
    });
  }
  return body;
}

export interface Finding {
  request: string;
  detail: string;
}

export interface MatrixFigures {
  requests: number;
  leaks: Finding[];
  foreign2xx: number;
  serverErrors: Finding[];
  /** Answers per status code, to see what refused the intruders. */
  statuses: Record<number, number>;
}

/** How an intruder authenticates to an app (a platform Bearer token by default). */
export type Credentials = (actor: Actor) => Record<string, string>;

/**
 * Calls every operation as every intruder with the victim's ids in the path and body, and records 2xx answers
 * that carry the victim's data. `isOpenLeak` marks routes where any 2xx to an intruder is a leak (internal services).
 */
export async function runMatrix(options: {
  baseUrl: string;
  operations: Operation[];
  victim: Victim;
  intruders: Actor[];
  credentials?: Credentials;
  isOpenLeak?: (operation: Operation) => boolean;
  skip?: (operation: Operation, actor: Actor) => boolean;
  figures: MatrixFigures;
}): Promise<void> {
  const { baseUrl, victim, figures } = options;
  const credentials = options.credentials ?? ((actor: Actor) => bearer(actor.token));
  const jobs: { operation: Operation; actor: Actor; path: string }[] = [];
  for (const operation of options.operations) {
    for (const actor of options.intruders) {
      if (options.skip?.(operation, actor)) continue;
      for (const values of pathCombinations(operation, victim)) {
        jobs.push({ operation, actor, path: fillPath(operation.path, values) });
      }
    }
  }
  await pool(jobs, 4, async ({ operation, actor, path }) => {
    const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
    const exchange: Exchange = await send(operation.method, `${baseUrl}${path}`, {
      headers: credentials(actor),
      body: withBody ? victimBody(operation.body, victim) : undefined,
      contentType:
        operation.bodyType === 'application/x-www-form-urlencoded' ? 'application/json' : undefined,
    });
    figures.requests++;
    figures.statuses[exchange.status] = (figures.statuses[exchange.status] ?? 0) + 1;
    const request = `${operation.method} ${path} as ${actor.name} (victim ${victim.tenant}) → ${exchange.status}`;
    if (exchange.status >= 500 || exchange.status === 0) {
      figures.serverErrors.push({ request, detail: exchange.text.slice(0, 200) });
      return;
    }
    if (exchange.status < 200 || exchange.status >= 300) return;
    if (path.includes(victim.tenant) || victim.markers.some((marker) => path.includes(marker)))
      figures.foreign2xx++;
    const leaked = leakedMarkers(victim, exchange.sent, exchange.text);
    if (leaked.length)
      figures.leaks.push({ request, detail: `victim data in the answer: ${leaked.join(', ')}` });
    else if (options.isOpenLeak?.(operation)) {
      figures.leaks.push({
        request,
        detail: `internal route answered an intruder: ${exchange.text.slice(0, 120)}`,
      });
    }
  });
}

export const newFigures = (): MatrixFigures => ({
  requests: 0,
  leaks: [],
  foreign2xx: 0,
  serverErrors: [],
  statuses: {},
});
