import { http } from '../../../core/http.ts';

export interface DatasetEntry {
  id: string;
  name: string;
}

const cache = new Map<string, Promise<unknown[]>>();

/**
 * Countries, states and phone prefixes from the gateway's datasets (entries are `{id, name}` unless
 * the caller says otherwise); a failure logs a warning and gives [].
 */
export function loadDataset<T = DatasetEntry>(loadingContext: string, path: string): Promise<T[]> {
  const url = `${loadingContext}datasets/${path}`;
  let entry = cache.get(url) as Promise<T[]> | undefined;
  if (!entry) {
    entry = http<T[]>(url).catch((error: unknown) => {
      console.warn(`Actuate checkout: could not load ${url}`, error);
      cache.delete(url);
      return [];
    });
    cache.set(url, entry);
  }
  return entry;
}

export const countriesPath = (locale: string) => `countries/${locale}.json`;
export const statesPath = (country: string, locale: string) => `states/${country}/${locale}.json`;
