import type { Database, Executor } from '@actuate/service-kit';
import type { PlatformContext } from '../../../shared/context.ts';
import { invalidRequest, notFoundError } from '../../../shared/errors.ts';
import type { ListOptions } from '../../../shared/list/list-query.ts';
import { pageInMemory } from '../list-page.ts';
import type { AssignmentKind, AssignmentValues, Reference } from './kind.ts';
import * as repository from './repository.ts';

/** Looks up what an assignment names; each throws the resource's NotFound when it is missing. */
export type ReferenceLookups = Record<
  Reference,
  (context: PlatformContext, id: string, values: AssignmentValues) => Promise<unknown>
>;

/** Runs an assignment write in a transaction that moves the catalogue's generation. */
export type CatalogWrite = <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;

/** Save, delete and list of one assignment kind, with the semantics its descriptor declares. */
export class AssignmentStore {
  constructor(
    private readonly db: Database,
    readonly kind: AssignmentKind,
    private readonly lookups: ReferenceLookups,
    private readonly write: CatalogWrite,
  ) {}

  /** Creates the assignment or replaces its settings; `values` holds the body and the path's scope. */
  async save(context: PlatformContext, values: AssignmentValues): Promise<void> {
    await this.checkReferences(context, this.kind.saveReferences, values);
    const stored = Object.fromEntries(
      Object.entries(this.kind.fields).map(([name, field]) => [
        name,
        values[name] ?? field.whenAbsent ?? null,
      ]),
    );
    await this.write((tx) => repository.saveAssignment(tx, this.kind, stored));
  }

  async delete(_context: PlatformContext, key: AssignmentValues): Promise<void> {
    for (const [name, message] of Object.entries(this.kind.refusedOnDelete ?? {})) {
      if (key[name]) throw invalidRequest(message);
    }
    // The generation moves too: each instance caches what the assignments let a buyer see.
    const deleted = await this.write((tx) => repository.deleteAssignment(tx, this.kind, key));
    if (!deleted) {
      // An absent party (the company's own assignment) leaves no segment.
      const id = this.kind.notFoundId
        .filter((name) => key[name] || this.kind.fields[name]?.role !== 'party')
        .map((name) => key[name])
        .join('/');
      throw notFoundError(this.kind.objectType, id);
    }
  }

  async list(
    context: PlatformContext,
    filter: AssignmentValues,
    options: ListOptions,
    level?: 'Group' | 'Company',
  ) {
    await this.checkReferences(context, this.kind.listReferences ?? [], filter);
    const rows = await repository.listAssignments(this.db, this.kind, filter, level);
    const echoed = Object.entries(this.kind.fields).filter(([, field]) => field.role !== 'scope');
    return pageInMemory(
      options,
      rows.map((row) => Object.fromEntries(echoed.map(([name]) => [name, row[name]]))),
    );
  }

  private async checkReferences(
    context: PlatformContext,
    references: [string, Reference][],
    values: AssignmentValues,
  ) {
    for (const [name, reference] of references) {
      const id = values[name];
      if (typeof id === 'string' && id !== '') await this.lookups[reference](context, id, values);
    }
  }
}
