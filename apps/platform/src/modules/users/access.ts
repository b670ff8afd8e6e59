import type { Executor } from '@actuate/service-kit';

/**
 * A user write that makes what the user's tokens say out of date: the auth module ends the sessions
 * it affects, in the write's transaction, so the change holds from the user's next request on.
 */
export type AccessChange =
  | { kind: 'user'; userId: string; reason: 'deactivated' | 'password-changed' | 'deleted' }
  /** Members who left a group (removed, or the group deleted): the roles it gave them may be gone. */
  | { kind: 'left-group'; buyerId: string; groupId: string; userIds: string[] };

export interface AccessChangeStep {
  apply(tx: Executor, change: AccessChange, at: Date): Promise<void>;
}

/** What other modules do when a write changes a user's access, run inside that write's transaction. */
export class AccessChanges {
  private readonly steps: AccessChangeStep[] = [];

  /** Registers what a module does when a write changes a user's access (the auth module ends sessions). */
  register(step: AccessChangeStep): void {
    this.steps.push(step);
  }

  async apply(tx: Executor, change: AccessChange, at: Date): Promise<void> {
    for (const step of this.steps) await step.apply(tx, change, at);
  }
}
