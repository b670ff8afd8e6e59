import { MAX_QUICK_ORDER_QUANTITY } from '@actuate/contracts';
import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';

/*
 * Writes lines into the buyer's cart on the platform with the buyer's own token, as the storefront's
 * cart does (`apps/storefront/src/backend/cart.ts`): the newest unsubmitted order, created when there
 * is none; a line of a product already in the cart (without specs) gets the quantity added. The
 * platform checks every write again (visibility, `Product.NotOrderable`, quantity rules).
 */

interface LineBody {
  ID: string;
  ProductID: string;
  Quantity: number;
  ShippingAddressID?: string | null;
  Specs?: unknown[] | null;
}

interface ErrorsBody {
  Errors?: { ErrorCode?: string }[];
}

const lines = (orderId: string) => `/v1/orders/Outgoing/${encodeURIComponent(orderId)}/lineitems`;

export class CartWriter {
  constructor(private readonly platform: PlatformClient) {}

  private refused(what: string, status: number): never {
    throw new UpstreamError('platform', `platform refused ${what} (${status})`, status);
  }

  /** The buyer's cart: their newest unsubmitted order, created on the first add. */
  async cartOf(token: string): Promise<string> {
    const found = await this.platform.sendAs<{ Items?: { ID: string }[] }>(
      token,
      'GET',
      '/v1/me/orders?Status=Unsubmitted&sortBy=!DateCreated&pageSize=1',
    );
    if (found.status !== 200) this.refused('the cart look-up', found.status);
    const existing = found.body.Items?.[0]?.ID;
    if (existing) return existing;
    const created = await this.platform.sendAs<{ ID: string }>(token, 'POST', '/v1/orders/Outgoing', {});
    if (created.status !== 201) this.refused('a new cart', created.status);
    return created.body.ID;
  }

  async linesOf(token: string, orderId: string): Promise<LineBody[]> {
    const all: LineBody[] = [];
    for (let page = 1; ; page++) {
      const answer = await this.platform.sendAs<{ Items?: LineBody[]; Meta?: { TotalPages?: number } }>(
        token,
        'GET',
        `${lines(orderId)}?pageSize=100&page=${page}`,
      );
      if (answer.status !== 200) this.refused('the cart lines', answer.status);
      const items = answer.body.Items ?? [];
      all.push(...items);
      if (items.length === 0 || page >= (answer.body.Meta?.TotalPages ?? 1)) return all;
    }
  }

  /**
   * Adds a quantity of a product to the cart; null when written, else the platform's ErrorCode.
   * `current` is the cart's lines, kept up to date by each add. A configured line (with `specs`) is
   * always a line of its own, as the platform keeps a line's specs apart.
   */
  async add(
    token: string,
    orderId: string,
    current: LineBody[],
    productId: string,
    quantity: number,
    specs: unknown[] = [],
  ): Promise<string | null> {
    const existing =
      specs.length > 0
        ? undefined
        : current.find((line) => line.ProductID === productId && (line.Specs?.length ?? 0) === 0);
    const answer = existing
      ? await this.platform.sendAs<LineBody & ErrorsBody>(
          token,
          'PATCH',
          `${lines(orderId)}/${encodeURIComponent(existing.ID)}`,
          { Quantity: Math.min(MAX_QUICK_ORDER_QUANTITY, existing.Quantity + quantity) },
        )
      : await this.platform.sendAs<LineBody & ErrorsBody>(token, 'POST', lines(orderId), {
          ProductID: productId,
          Quantity: quantity,
          ...(specs.length > 0 ? { Specs: specs } : {}),
          ...(current[0]?.ShippingAddressID ? { ShippingAddressID: current[0].ShippingAddressID } : {}),
        });
    if (answer.status >= 300) return answer.body.Errors?.[0]?.ErrorCode ?? `HTTP ${answer.status}`;
    if (existing) existing.Quantity = answer.body.Quantity;
    else current.push(answer.body);
    return null;
  }

  /**
   * Prices the cart once with the customer's prices (the checkout calculation: platform → middleware
   * → price service), with a fresh ship estimate when the chosen ship method no longer carries it. A
   * refusal leaves the platform's list prices: the checkout calculates again and shows it.
   */
  async price(token: string, orderId: string): Promise<void> {
    const order = `/v1/orders/Outgoing/${encodeURIComponent(orderId)}`;
    if ((await this.platform.sendAs(token, 'POST', `${order}/calculate`)).status < 300) return;
    if ((await this.platform.sendAs(token, 'POST', `${order}/estimateshipping`)).status < 300)
      await this.platform.sendAs(token, 'POST', `${order}/calculate`);
  }
}
