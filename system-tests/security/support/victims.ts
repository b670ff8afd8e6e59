import { type Actor, demoUser, type Tenant } from './actors.ts';
import { bearer, parseJson, send } from './http.ts';

/** What the suite knows of a victim tenant: its real ids per kind, the strings that betray its data, and where to read it back. */
export interface Victim {
  tenant: Tenant;
  /** Real ids by kind (buyer, user, address, order, …), harvested as the owners. */
  ids: Record<string, string[]>;
  /** Strings only the victim's data holds (e-mails, ERP ids, streets, generated ids). */
  markers: string[];
  /** Reads that make up the snapshot: [label, actor, url]. */
  reads: [string, Actor, string][];
}

const owned = (items: unknown, key = 'ID'): string[] =>
  ((items as { Items?: Record<string, unknown>[] } | undefined)?.Items ?? []).map((item) =>
    String(item[key]),
  );

async function get(actor: Actor, url: string): Promise<unknown> {
  const exchange = await send('GET', url, { headers: bearer(actor.token) });
  return exchange.status === 200 ? parseJson(exchange.text) : undefined;
}

async function create(actor: Actor, url: string, body: unknown): Promise<string | undefined> {
  const exchange = await send('POST', url, { headers: bearer(actor.token), body });
  const json = parseJson(exchange.text) as { ID?: string } | undefined;
  // A second harvest on the same stack finds the resource there already.
  if (exchange.status === 409) return (body as { ID?: string }).ID;
  return exchange.status < 300 ? json?.ID : undefined;
}

/**
 * Creates what a tenant would have after some use (a personal address and card, an order with a line and a
 * payment, a subscription with an item, a user group, a cost center) and collects every id the owners see.
 */
export async function harvestVictim(
  platform: string,
  tenant: Tenant,
  owners: { shopper: Actor; admin: Actor },
): Promise<Victim> {
  const { shopper, admin } = owners;
  const tag = `sec-${tenant}`;
  const buyer = `${platform}/v1/buyers/${tenant}`;
  const country = tenant === 'acme-dk' ? 'DK' : 'DE';
  const product = owned(await get(shopper, `${platform}/v1/me/products?xp.Kind=SalesItem&pageSize=1`))[0];
  const ids: Record<string, string[]> = { buyer: [tenant], product: product ? [product] : [] };
  const add = (kind: string, values: (string | undefined)[]) => {
    ids[kind] = [...new Set([...(ids[kind] ?? []), ...values.filter((value): value is string => !!value)])];
  };

  add('address', [
    await create(shopper, `${platform}/v1/me/addresses`, {
      ID: `${tag}-home`,
      AddressName: `${tag} private`,
      Street1: `${tag} Hidden Lane 7`,
      City: 'Victimtown',
      Zip: '12345',
      Country: country,
      Shipping: true,
      Billing: true,
    }),
  ]);
  add('creditcard', [
    await create(shopper, `${platform}/v1/me/creditcards`, {
      ID: `${tag}-card`,
      Token: `${tag}-card-token`,
      CardType: 'Visa',
      CardholderName: `${tag} Holder`,
      PartialAccountNumber: '4242',
      ExpirationDate: '2030-12-31T00:00:00.000Z',
    }),
  ]);
  const order = await create(shopper, `${platform}/v1/orders/Outgoing`, {
    ID: `${tag}-order`,
    Comments: `${tag} secret order`,
  });
  add('order', [order]);
  if (order && product) {
    const orderUrl = `${platform}/v1/orders/Outgoing/${order}`;
    add('lineitem', [
      await create(shopper, `${orderUrl}/lineitems`, { ID: `${tag}-line`, ProductID: product, Quantity: 1 }),
    ]);
    const payment = await create(shopper, `${orderUrl}/payments`, {
      ID: `${tag}-pay`,
      Type: 'PurchaseOrder',
      xp: { PurchaseOrderReference: `${tag}-po-ref` },
    });
    add('payment', [payment]);
  }
  const subscription = await create(shopper, `${platform}/v1/me/subscriptions`, {
    ID: `${tag}-sub`,
    Frequency: 1,
    Interval: 'Months',
    NextOrderDate: '2031-01-01T00:00:00.000Z',
    Active: false,
    xp: { Note: `${tag} subscription` },
  });
  add('subscription', [subscription]);
  if (subscription && product) {
    add('subscriptionitem', [
      await create(shopper, `${platform}/v1/me/subscriptions/${subscription}/items`, {
        ID: `${tag}-subitem`,
        ProductID: product,
        Quantity: 2,
      }),
    ]);
  }
  add('usergroup', [
    await create(admin, `${buyer}/usergroups`, { ID: `${tag}-group`, Name: `${tag} group` }),
  ]);
  add('costcenter', [
    await create(admin, `${buyer}/costcenters`, { ID: `${tag}-cc`, Name: `${tag} cost center` }),
  ]);

  // Whatever the owners see of their company.
  add('user', owned(await get(admin, `${buyer}/users?pageSize=100`)));
  add('address', owned(await get(admin, `${buyer}/addresses?pageSize=100`)));
  add('usergroup', owned(await get(admin, `${buyer}/usergroups?pageSize=100`)));
  add('costcenter', owned(await get(admin, `${buyer}/costcenters?pageSize=100`)));
  add('spendingaccount', owned(await get(admin, `${buyer}/spendingaccounts?pageSize=100`)));
  add('creditcard', owned(await get(admin, `${buyer}/creditcards?pageSize=100`)));
  add('approvalrule', owned(await get(admin, `${buyer}/approvalrules?pageSize=100`)));
  add('order', owned(await get(admin, `${platform}/v1/orders/All?pageSize=100`)));
  add('address', owned(await get(shopper, `${platform}/v1/me/addresses?pageSize=100`)));
  add('creditcard', owned(await get(shopper, `${platform}/v1/me/creditcards?pageSize=100`)));

  const shopperUser = demoUser(shopper.username as string);
  const adminUser = demoUser(admin.username as string);
  const buyerRecord = (await get(admin, buyer)) as { xp?: Record<string, unknown> } | undefined;
  add('erpCustomer', [String(buyerRecord?.xp?.ErpId ?? '')]);
  add('erpContact', [shopperUser.erpId ?? undefined, adminUser.erpId ?? undefined]);
  add('crm', [String(buyerRecord?.xp?.CrmId ?? ''), shopperUser.crmId ?? undefined]);

  const markers = [
    ...[shopperUser, adminUser].flatMap((user) => [
      user.email,
      user.phone,
      user.erpId,
      user.crmId,
      user.azureObjectId,
    ]),
    String(buyerRecord?.xp?.VatNumber ?? ''),
    `${tag}-home`,
    `${tag} Hidden Lane`,
    `${tag}-card-token`,
    `${tag}-order`,
    `${tag} secret order`,
    `${tag}-line`,
    `${tag}-po-ref`,
    `${tag}-sub`,
    `${tag}-group`,
    `${tag} cost center`,
    ...(ids.erpCustomer ?? []),
  ].filter((marker): marker is string => typeof marker === 'string' && marker.length >= 6);

  const reads: [string, Actor, string][] = [
    ['buyer', admin, buyer],
    ...[
      'users',
      'addresses',
      'usergroups',
      'costcenters',
      'spendingaccounts',
      'creditcards',
      'approvalrules',
    ].map((list): [string, Actor, string] => [list, admin, `${buyer}/${list}?pageSize=100`]),
    ...[
      'addresses/assignments',
      'usergroups/assignments',
      'spendingaccounts/assignments',
      'creditcards/assignments',
    ].map((list): [string, Actor, string] => [list, admin, `${buyer}/${list}?pageSize=100`]),
    ['orders', admin, `${platform}/v1/orders/All?pageSize=100`],
    ['me', shopper, `${platform}/v1/me`],
    ['me/addresses', shopper, `${platform}/v1/me/addresses?pageSize=100`],
    ['me/creditcards', shopper, `${platform}/v1/me/creditcards?pageSize=100`],
    ['me/subscriptions', shopper, `${platform}/v1/me/subscriptions?pageSize=100`],
    ['me/spendingaccounts', shopper, `${platform}/v1/me/spendingaccounts?pageSize=100`],
    ...(order
      ? ['', '/lineitems', '/payments', '/promotions'].map((part): [string, Actor, string] => [
          `order${part}`,
          shopper,
          `${platform}/v1/orders/Outgoing/${order}${part}`,
        ])
      : []),
    ...(subscription
      ? [
          ['subscription items', shopper, `${platform}/v1/me/subscriptions/${subscription}/items`] as [
            string,
            Actor,
            string,
          ],
        ]
      : []),
  ];
  return { tenant, ids, markers: [...new Set(markers)], reads };
}

/** Fields that change by reading (activity times) are left out of the comparison. */
const VOLATILE = new Set(['LastActive', 'DateLastActive', 'LastLogin', 'DateLastLogin']);

function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !VOLATILE.has(key))
        .map(([key, inner]) => [key, normalise(inner)]),
    );
  }
  return value;
}

export type Snapshot = Map<string, string>;

/** Reads every resource of the victim as its owners; status and normalised body per read. */
export async function snapshot(victim: Victim): Promise<Snapshot> {
  const result: Snapshot = new Map();
  for (const [label, actor, url] of victim.reads) {
    const exchange = await send('GET', url, { headers: bearer(actor.token) });
    result.set(
      label,
      `${exchange.status} ${JSON.stringify(normalise(parseJson(exchange.text) ?? exchange.text))}`,
    );
  }
  return result;
}

/** Labels whose reads differ, with a short excerpt of both. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const differences: string[] = [];
  for (const [label, value] of before) {
    const now = after.get(label);
    if (now !== value)
      differences.push(`${label}: before ${value.slice(0, 200)} … after ${String(now).slice(0, 200)}`);
  }
  return differences;
}

/** Victim markers in a 2xx answer that the request did not itself send. */
export function leakedMarkers(victim: Victim, sent: string, text: string): string[] {
  const decodedSent = safeDecode(sent);
  return victim.markers.filter(
    (marker) => text.includes(marker) && !decodedSent.includes(marker) && !sent.includes(marker),
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
