/**
 * The four workloads, written once per side with the same shape: three single-request workloads
 * for autocannon and the checkout as a sequence of five calls.
 */
import { searchFilter } from './catalogue.ts';
import type { RequestWorkload, Sequence } from './load.ts';
import { gql, gqlWithToken, vendureFacetValueIds } from './vendure-side.ts';

export interface Workloads {
  addToCart: RequestWorkload;
  search: RequestWorkload;
  detail: RequestWorkload;
  checkout: Sequence;
}

/** Open carts the add-to-cart workload spreads its lines over (as bench/platform/add-line-item.ts). */
const CARTS = 200;
/** A spread of sales items over the whole catalogue, 1..items. */
const item = (sequence: number, items: number) => 1 + ((sequence * 7919) % items);
const address = {
  FirstName: 'Anna',
  LastName: 'A',
  Street1: 'Hauptstr. 1',
  City: 'Berlin',
  State: 'BE',
  Zip: '10115',
};

type Api = (token: string, method: string, path: string, body?: unknown) => Promise<unknown>;

export async function actuateWorkloads(
  base: string,
  buyer: string,
  api: Api,
  items: number,
): Promise<Workloads> {
  const carts: string[] = [];
  for (let index = 0; index < CARTS; index++)
    carts.push(((await api(buyer, 'POST', '/v1/orders/Outgoing', {})) as { ID: string }).ID);
  const headers = { authorization: `Bearer ${buyer}`, 'content-type': 'application/json' };
  return {
    addToCart: {
      url: base,
      headers,
      request: (sequence) => ({
        method: 'POST',
        path: `/v1/orders/Outgoing/${carts[sequence % CARTS]}/lineitems`,
        body: JSON.stringify({ ProductID: `p${item(sequence, items)}`, Quantity: 1 + (sequence % 12) }),
      }),
    },
    search: {
      url: base,
      headers,
      request: (sequence) => {
        const { voltage, feedback } = searchFilter(sequence);
        return {
          method: 'GET',
          path: `/v1/me/products?xp.Facets.voltage=${voltage}&xp.Facets.feedback=${feedback}&pageSize=20`,
        };
      },
    },
    detail: {
      url: base,
      headers,
      request: (sequence) => ({ method: 'GET', path: `/v1/me/products/p${item(sequence, items)}` }),
    },
    checkout: async (_worker, iteration) => {
      const order = (await api(buyer, 'POST', '/v1/orders/Outgoing', {})) as { ID: string };
      const url = `/v1/orders/Outgoing/${order.ID}`;
      await api(buyer, 'POST', `${url}/lineitems`, { ProductID: `p${item(iteration, items)}`, Quantity: 2 });
      await api(buyer, 'PUT', `${url}/shipto`, { ...address, Country: 'DE' });
      await api(buyer, 'PUT', `${url}/billto`, { ...address, Country: 'DE' });
      const submitted = (await api(buyer, 'POST', `${url}/submit`)) as { Status: string };
      if (submitted.Status !== 'Open') throw new Error(`order ${order.ID} is ${submitted.Status}`);
    },
  };
}

const ADD_ITEM = `mutation ($id: ID!, $quantity: Int!) {
  addItemToOrder(productVariantId: $id, quantity: $quantity) {
    __typename ... on Order { id code totalQuantity totalWithTax } ... on ErrorResult { errorCode message }
  }
}`;
const SEARCH = `query ($input: SearchInput!) {
  search(input: $input) {
    totalItems
    items { productId productName slug productVariantId sku currencyCode facetValueIds
      priceWithTax { ... on SinglePrice { value } ... on PriceRange { min max } } }
    facetValues { count facetValue { id name facet { id name } } }
  }
}`;
const PRODUCT = `query ($slug: String!) {
  product(slug: $slug) {
    id name slug description
    variants { id name sku price priceWithTax currencyCode stockLevel }
    facetValues { id name facet { id name } }
  }
}`;
const SHIPPING_ADDRESS = `mutation ($input: CreateAddressInput!) {
  setOrderShippingAddress(input: $input) { __typename ... on ErrorResult { errorCode message } }
}`;
const SHIPPING_METHOD = `mutation ($id: [ID!]!) {
  setOrderShippingMethod(shippingMethodId: $id) { __typename ... on ErrorResult { errorCode message } }
}`;
const TRANSITION = `mutation {
  transitionOrderToState(state: "ArrangingPayment") { __typename ... on ErrorResult { errorCode message } }
}`;
const PAY = `mutation ($input: PaymentInput!) {
  addPaymentToOrder(input: $input) { __typename ... on Order { code state } ... on ErrorResult { errorCode message } }
}`;

const isOrder = (body: string) => body.includes('"__typename":"Order"');

export async function vendureWorkloads(base: string, items: number, connections: number): Promise<Workloads> {
  const shop = `${base}/shop-api`;
  // Variant ids follow import order: check the mapping before relying on it.
  for (const n of [1, items]) {
    const { product } = (await gql(shop, PRODUCT, { slug: `p${n}` })) as {
      product: { variants: { id: string }[] } | null;
    };
    if (product?.variants[0]?.id !== String(n)) throw new Error(`Vendure variant of p${n} is not ${n}`);
  }
  const facetIds = await vendureFacetValueIds(base);
  const carts: string[] = [];
  for (let index = 0; index < CARTS; index++) {
    const first = await gqlWithToken(shop, ADD_ITEM, { id: String(item(index, items)), quantity: 1 });
    if (!first.token) throw new Error('Vendure handed out no session token');
    carts.push(first.token);
  }
  // One signed-in customer per checkout worker: a customer has one active order at a time.
  const customers: string[] = [];
  for (let index = 0; index < connections; index++) {
    const emailAddress = `buyer${index}-${Date.now()}@acme.example`;
    await gql(
      shop,
      `mutation ($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { __typename } }`,
      { input: { emailAddress, firstName: 'Anna', lastName: 'A', password: 'actuate-demo' } },
    );
    const login = await gqlWithToken(
      shop,
      `mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }`,
      { u: emailAddress, p: 'actuate-demo' },
    );
    if (!login.token) throw new Error('Vendure login handed out no token');
    customers.push(login.token);
  }
  const shippingToken = customers[0] as string;
  await gql(shop, ADD_ITEM, { id: '1', quantity: 1 }, shippingToken);
  const methods = (await gql(shop, '{ eligibleShippingMethods { id } }', {}, shippingToken)) as {
    eligibleShippingMethods: { id: string }[];
  };
  const shippingMethodId = methods.eligibleShippingMethods[0]?.id;
  await gql(shop, 'mutation { removeAllOrderLines { __typename } }', {}, shippingToken);
  const post = (query: string, variables: Record<string, unknown>) => ({
    method: 'POST',
    path: '/shop-api',
    body: JSON.stringify({ query, variables }),
  });
  const step = async (token: string, query: string, variables: Record<string, unknown>, expect: string) => {
    const data = await gql(shop, query, variables, token);
    const answer = Object.values(data)[0] as { __typename: string; state?: string };
    if (answer.__typename !== expect) throw new Error(`Vendure answered ${JSON.stringify(answer)}`);
    return answer;
  };
  return {
    addToCart: {
      url: base,
      headers: { 'content-type': 'application/json' },
      request: (sequence) => ({
        ...post(ADD_ITEM, { id: String(item(sequence, items)), quantity: 1 + (sequence % 12) }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${carts[sequence % CARTS]}` },
      }),
      check: isOrder,
    },
    search: {
      url: base,
      headers: { 'content-type': 'application/json' },
      request: (sequence) => {
        const { voltage, feedback } = searchFilter(sequence);
        return post(SEARCH, {
          input: {
            facetValueFilters: [{ and: facetIds.voltage[voltage] }, { and: facetIds.feedback[feedback] }],
            take: 20,
            groupByProduct: true,
          },
        });
      },
      check: (body) => body.includes('"totalItems"') && !body.includes('"errors"'),
    },
    detail: {
      url: base,
      headers: { 'content-type': 'application/json' },
      request: (sequence) => post(PRODUCT, { slug: `p${item(sequence, items)}` }),
      check: (body) => body.includes('"variants"'),
    },
    checkout: async (worker, iteration) => {
      const token = customers[worker] as string;
      await step(token, ADD_ITEM, { id: String(item(iteration, items)), quantity: 2 }, 'Order');
      await step(
        token,
        SHIPPING_ADDRESS,
        {
          input: {
            fullName: 'Anna A',
            streetLine1: 'Hauptstr. 1',
            city: 'Berlin',
            postalCode: '10115',
            countryCode: 'DE',
          },
        },
        'Order',
      );
      await step(token, SHIPPING_METHOD, { id: [shippingMethodId] }, 'Order');
      await step(token, TRANSITION, {}, 'Order');
      const paid = await step(token, PAY, { input: { method: 'standard-payment', metadata: {} } }, 'Order');
      if (paid.state !== 'PaymentSettled') throw new Error(`Vendure order is ${paid.state}`);
    },
  };
}
