import type { Executor } from '@actuate/service-kit';
import type { AccessChangeStep } from '../users/access.ts';
import type { UsersService } from '../users/service.ts';
import { type AssignmentParty, assignmentPartiesOf, groupHoldsProfiles } from './profile-repository.ts';
import { buyerSubject, MARKETPLACE_SUBJECT, type TokenRevocations } from './revocations.ts';

/**
 * Access tokens carry the roles of their session's start, so a change that takes roles away (or the
 * user's right to sign in) ends the sessions of the users it affects, in the change's transaction:
 * their old tokens are refused from the next request on and they sign in again with what they now
 * hold. Roles added take effect at the next sign-in or token refresh (a refresh recomputes them).
 */
export class RoleChanges {
  constructor(
    private readonly revocations: TokenRevocations,
    private readonly users: UsersService,
  ) {}

  /** Users deactivated, deleted or given a new password; members leaving a group that gives roles. */
  readonly userAccessStep: AccessChangeStep = {
    apply: async (tx, change, at) => {
      if (change.kind === 'user') return this.revocations.revoke(change.userId, at, tx);
      if (change.userIds.length === 0) return;
      if (await groupHoldsProfiles(tx, change.buyerId, change.groupId))
        await this.revocations.revokeAll(change.userIds, at, tx);
    },
  };

  /** A profile assignment removed: whoever it reached loses its roles. */
  async assignmentRemoved(tx: Executor, party: AssignmentParty, at: Date): Promise<void> {
    await this.revocations.revokeAll(await this.subjectsOf(tx, party), at, tx);
  }

  /** A profile that loses roles (or is deleted): everyone it is assigned to. Read before deleting it. */
  async profileNarrowed(tx: Executor, profileId: string, at: Date): Promise<void> {
    const subjects: string[] = [];
    for (const party of await assignmentPartiesOf(tx, profileId))
      subjects.push(...(await this.subjectsOf(tx, party)));
    await this.revocations.revokeAll(subjects, at, tx);
  }

  /** Whom an assignment reaches: a user, a group's members, a company, or every marketplace user. */
  private async subjectsOf(tx: Executor, party: AssignmentParty): Promise<string[]> {
    if (party.userId) return [party.userId];
    if (party.userGroupId && party.buyerId)
      return this.users.memberIdsOf(party.buyerId, party.userGroupId, tx);
    if (party.buyerId) return [buyerSubject(party.buyerId)];
    return [MARKETPLACE_SUBJECT];
  }
}
