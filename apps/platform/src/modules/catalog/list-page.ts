import { invalidRequest } from '../../shared/errors.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';

/** One page of a list held in memory (assignment lists and a buyer's catalogs and specs are small). */
export function pageInMemory<T>(options: ListOptions, items: T[]): ListPage<T> {
  if (options.filters.length > 0) throw invalidRequest('This list takes no filters.');
  const start = (options.page - 1) * options.pageSize;
  const slice = items.slice(start, start + options.pageSize);
  return { Meta: listMeta(options, items.length, slice.length), Items: slice };
}
