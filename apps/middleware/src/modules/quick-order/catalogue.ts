import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { QuantitySchedule } from './rules.ts';

/**
 * The catalogue as a quick order needs it, asked of the platform in batches: what the buyer sees
 * (`/v1/me/products` with the buyer's token: their catalog assignments, with the price schedule
 * that applies to them), and which item numbers exist at all (the integration's admin read). Only
 * well-formed item numbers reach a filter, so no filter syntax of the buyer's ever does.
 */
export interface SeenProduct {
  id: string;
  name: string | null;
  xp: Record<string, unknown> | null;
  schedule: QuantitySchedule | null;
}

interface ProductBody {
  ID: string;
  Name?: string | null;
  xp?: Record<string, unknown> | null;
  PriceSchedule?: QuantitySchedule | null;
}

/** IDs one `ID=a|b|…` filter holds (the platform's limit on a filter's terms). */
const IDS_PER_FILTER = 100;

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};

const isSalesItem = (product: ProductBody) => product.xp?.Kind === 'SalesItem';

export class QuickOrderCatalogue {
  constructor(private readonly platform: PlatformClient) {}

  /** The sales items among `ids` that the buyer sees, by ID. */
  async seenBy(buyerToken: string, ids: string[]): Promise<Map<string, SeenProduct>> {
    const seen = new Map<string, SeenProduct>();
    for (const part of chunks(ids, IDS_PER_FILTER)) {
      const query = new URLSearchParams({ ID: part.join('|'), pageSize: String(IDS_PER_FILTER) });
      const answer = await this.platform.sendAs<{ Items?: ProductBody[] }>(
        buyerToken,
        'GET',
        `/v1/me/products?${query}`,
      );
      if (answer.status !== 200)
        throw new UpstreamError('platform', `platform refused the buyer's products (${answer.status})`);
      for (const product of answer.body.Items ?? []) {
        if (!isSalesItem(product)) continue;
        seen.set(product.ID, {
          id: product.ID,
          name: product.Name ?? null,
          xp: product.xp ?? null,
          schedule: product.PriceSchedule ?? null,
        });
      }
    }
    return seen;
  }

  /** The sales items among `ids` that exist on the platform, whoever sees them. */
  async existing(ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(ids, IDS_PER_FILTER)) {
      const query = new URLSearchParams({ ID: part.join('|'), pageSize: String(IDS_PER_FILTER) });
      const body = await this.platform.expect<{ Items?: ProductBody[] }>('GET', `/v1/products?${query}`);
      for (const product of body.Items ?? []) if (isSalesItem(product)) found.add(product.ID);
    }
    return found;
  }
}
