import { http } from '../../../core/http.ts';

export interface DatasetEntry {
  id: string;
  name: string;
}

const cache = new Map<string, Promise<DatasetEntry[]>>();

/** Countries and states from the gateway's datasets; a failure logs a warning and gives []. */
export function loadDataset(loadingContext: string, path: string): Promise<DatasetEntry[]> {
  const url = `${loadingContext}datasets/${path}`;
  let entry = cache.get(url);
  if (!entry) {
    entry = http<DatasetEntry[]>(url).catch((error: unknown) => {
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
