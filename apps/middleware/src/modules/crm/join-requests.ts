/**
 * Join requests: a registration into a company the platform has already. A VAT number is public, so a
 * match grants nothing by itself: the user waits inactive (no token, no profile) until a buyer
 * administrator of that company approves in the storefront, or the CRM operator in the back office.
 * A decline (with a reason the registrant is shown) or the deadline removes the platform user again.
 * Every decision runs under a lock on the registration row and is confirmed by the back office, which
 * arbitrates between this way and the operator's: one decision wins, the other answers 409.
 */
import {
  conflict,
  type Database,
  type Executor,
  type HttpError,
  notFound,
  type RequestContext,
  type Transaction,
} from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BackofficeClient, BackofficeRegistration } from '../../clients/backoffice-client.ts';
import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { CrmIntake } from './crm-intake.ts';
import type { PlatformAccounts } from './platform-accounts.ts';
import { type RegistrationEvents, type RegistrationView, registrationView } from './registration-model.ts';
import {
  awaitingJoinRequests,
  dueJoinRequests,
  findRegistration,
  findRegistrationForUpdate,
  type RegistrationRow,
  updateRegistration,
} from './repository.ts';

/** How long a join request waits for a decision before it expires (and its user is removed). */
export const JOIN_REQUEST_TTL_DAYS = 14;
const DAY_MS = 86_400_000;
export const joinRequestDeadline = (now: Date) => new Date(now.getTime() + JOIN_REQUEST_TTL_DAYS * DAY_MS);

/** A buyer user with one of these roles administers the company's users, so decides its join requests. */
const ADMIN_ROLES = ['BuyerUserAdmin', 'FullAccess'];
/** Who decided in the back office (`decidedBy`). */
const CRM_OPERATOR = 'crm';

/** The caller, as the platform token says: never from the request. */
export interface BuyerAdmin {
  userId: string;
  buyerId: string;
}

export interface JoinRequestView {
  ID: string;
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string | null;
  /** The company name as the registrant typed it. */
  CompanyName: string;
  DateCreated: string;
  ExpiresAt: string;
}

interface Outcome {
  row: RegistrationRow;
  /** Set when the decision asked for could not be taken (answered after the transaction commits). */
  refused?: HttpError;
}

function joinRequestView(row: RegistrationRow): JoinRequestView {
  const request = row.request as { firstName?: string; lastName?: string; phone?: string };
  return {
    ID: row.id,
    FirstName: request.firstName ?? '',
    LastName: request.lastName ?? '',
    Email: row.email,
    Phone: request.phone ?? null,
    CompanyName: row.companyName,
    DateCreated: row.createdAt.toISOString(),
    ExpiresAt: (row.expiresAt ?? row.createdAt).toISOString(),
  };
}

/** Why a decision on this join request is too late. */
function decided(row: RegistrationRow): HttpError {
  switch (row.state) {
    case 'Complete':
      return conflict('join-request-approved', 'The join request was approved already.');
    case 'Declined':
      return conflict('join-request-declined', 'The join request was declined already.');
    case 'Expired':
      return conflict('join-request-expired', 'The join request expired without a decision.');
    default:
      return conflict('join-request-closed', `The join request is ${row.state}.`, { status: row.state });
  }
}

export class JoinRequestService {
  constructor(
    private readonly db: Database,
    private readonly platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
    private readonly accounts: PlatformAccounts,
    private readonly intake: CrmIntake,
    private readonly events: RegistrationEvents,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The buyer administrator behind a platform token; the company and roles come from the platform. */
  async adminOfToken(token: string): Promise<BuyerAdmin | 'unauthorized' | 'forbidden'> {
    const me = await this.platform.getMe(token);
    if (!me) return 'unauthorized';
    const buyerId = me.Buyer?.ID;
    const roles = me.AvailableRoles ?? [];
    if (!buyerId || me.Active === false || !roles.some((role) => ADMIN_ROLES.includes(role))) {
      return 'forbidden';
    }
    return { userId: me.ID, buyerId };
  }

  /** The company's join requests waiting for a decision (the due ones expire first). */
  async list(context: RequestContext, admin: BuyerAdmin): Promise<JoinRequestView[]> {
    for (const id of await dueJoinRequests(this.db, admin.buyerId, context.now)) {
      await this.expire(context, id);
    }
    return (await awaitingJoinRequests(this.db, admin.buyerId)).map(joinRequestView);
  }

  /** Approve: the user becomes an active shopper of the company, exactly once (idempotent). */
  async approve(context: RequestContext, admin: BuyerAdmin, id: string): Promise<RegistrationView> {
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const row = await this.lockOwn(tx, context, admin, id);
      if (row.state === 'Complete') return { row };
      if (row.state !== 'AwaitingApproval') return { row, refused: decided(row) };
      return this.approveLocked(tx, row, admin.userId);
    });
    if (outcome.refused) throw outcome.refused;
    context.log.info({ registrationId: id, buyerId: admin.buyerId }, 'join request approved');
    return registrationView(outcome.row);
  }

  /** Decline with the reason the registrant is shown: the platform user is removed. */
  async decline(
    context: RequestContext,
    admin: BuyerAdmin,
    id: string,
    reason: string,
  ): Promise<RegistrationView> {
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const row = await this.lockOwn(tx, context, admin, id);
      if (row.state === 'Declined') return { row };
      if (row.state !== 'AwaitingApproval') return { row, refused: decided(row) };
      if (row.backofficeRegistrationId) {
        const response = await this.backoffice.declineRegistration(row.backofficeRegistrationId, reason);
        if (!response.ok && response.error.status === 409) {
          // Decided in the CRM meanwhile: that decision stands.
          const current = await this.applyDecision(tx, row, await this.backofficeRegistration(row));
          return { row: current, refused: decided(current) };
        }
        if (!response.ok) {
          throw new UpstreamError('backoffice', `back office answered ${response.error.status} declining`);
        }
      }
      return { row: await this.close(tx, row, 'Declined', reason, admin.userId) };
    });
    if (outcome.refused) throw outcome.refused;
    context.log.info({ registrationId: id, buyerId: admin.buyerId }, 'join request declined');
    return registrationView(outcome.row);
  }

  /** A join request past its deadline: Expired, its user removed. Answers the row as it is then. */
  async expire(context: RequestContext, id: string): Promise<RegistrationRow> {
    return this.db.transaction(async (tx) => {
      const row = await findRegistrationForUpdate(tx, id);
      if (!row) throw notFound('registration-not-found', `No registration ${id}.`);
      if (row.state !== 'AwaitingApproval' || !row.expiresAt || row.expiresAt > context.now) return row;
      return this.close(tx, row, 'Expired', null, null);
    });
  }

  /**
   * The registration job of a join request (and the back office's callbacks): registers it in the CRM
   * once, then takes over a decision the CRM operator made.
   */
  async handleJob(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await findRegistrationForUpdate(tx, id);
      if (row?.state !== 'AwaitingApproval') return;
      if (row.expiresAt && row.expiresAt <= new Date()) {
        await this.close(tx, row, 'Expired', null, null);
        return;
      }
      const registration = row.backofficeRegistrationId
        ? await this.backofficeRegistration(row)
        : await this.intake.register(tx, row);
      if (registration) await this.applyDecision(tx, row, registration);
    });
  }

  /**
   * A registration of a new company whose VAT number the CRM knows with an ERP customer: it waits as a
   * join request too (only the CRM operator can approve it: the new company has no administrator).
   */
  async awaitApproval(row: RegistrationRow, registration: BackofficeRegistration): Promise<void> {
    await this.platform.expect(
      'PATCH',
      `/v1/buyers/${encodeURIComponent(row.buyerId)}/users/${encodeURIComponent(row.userId)}`,
      { Active: false },
    );
    await updateRegistration(this.db, row.id, {
      state: 'AwaitingApproval',
      expiresAt: registration.expiresAt ? new Date(registration.expiresAt) : joinRequestDeadline(new Date()),
    });
    this.log.info({ registrationId: row.id }, 'registration waits for the CRM operator');
  }

  // --- under the row lock ------------------------------------------------------------------------

  /** The join request locked, if it is one of the admin's company (else 404); a due one expires. */
  private async lockOwn(tx: Transaction, context: RequestContext, admin: BuyerAdmin, id: string) {
    const row = await findRegistrationForUpdate(tx, id);
    if (!row || row.buyerId !== admin.buyerId || !row.expiresAt) {
      throw notFound('join-request-not-found', `Your company has no join request ${id}.`);
    }
    if (row.state === 'AwaitingApproval' && row.expiresAt <= context.now) {
      return this.close(tx, row, 'Expired', null, null);
    }
    return row;
  }

  private async approveLocked(tx: Transaction, row: RegistrationRow, decidedBy: string): Promise<Outcome> {
    let backofficeId = row.backofficeRegistrationId;
    if (!backofficeId) {
      const intake = await this.intake.register(tx, row);
      const current = (await findRegistration(tx, row.id)) as RegistrationRow;
      if (!intake) return { row: current, refused: decided(current) };
      backofficeId = intake.id;
    }
    const response = await this.backoffice.approveRegistration(backofficeId);
    if (!response.ok && response.error.status === 409) {
      const current = await this.applyDecision(
        tx,
        row,
        await this.backofficeRegistration({ ...row, backofficeRegistrationId: backofficeId }),
      );
      return { row: current, refused: decided(current) };
    }
    if (!response.ok) {
      throw new UpstreamError('backoffice', `back office answered ${response.error.status} approving`);
    }
    await this.accounts.completeOnPlatform(tx, row, response.value, decidedBy);
    return { row: (await findRegistration(tx, row.id)) as RegistrationRow };
  }

  /** Takes over what the back office decided (the operator's approval, decline or the deadline). */
  private async applyDecision(
    tx: Transaction,
    row: RegistrationRow,
    registration: BackofficeRegistration,
  ): Promise<RegistrationRow> {
    switch (registration.status) {
      case 'Complete':
        await this.accounts.completeOnPlatform(tx, row, registration, CRM_OPERATOR);
        return (await findRegistration(tx, row.id)) as RegistrationRow;
      case 'Declined':
        return this.close(tx, row, 'Declined', registration.declineReason ?? null, CRM_OPERATOR);
      case 'Expired':
        return this.close(tx, row, 'Expired', null, null);
      default:
        return row;
    }
  }

  /** Ends a join request without access: the platform user goes (it never had a token). */
  private async close(
    executor: Executor,
    row: RegistrationRow,
    state: 'Declined' | 'Expired',
    reason: string | null,
    decidedBy: string | null,
  ): Promise<RegistrationRow> {
    const removed = await this.platform.send(
      'DELETE',
      `/v1/buyers/${encodeURIComponent(row.buyerId)}/users/${encodeURIComponent(row.userId)}`,
    );
    if (removed.status >= 300 && removed.status !== 404) {
      throw new UpstreamError('platform', `platform answered ${removed.status} removing the user`);
    }
    await updateRegistration(executor, row.id, { state, declineReason: reason, decidedBy });
    await this.events.emit(executor, row.id, 'declined');
    this.log.info({ registrationId: row.id, state }, 'join request closed');
    return { ...row, state, declineReason: reason, decidedBy };
  }

  private async backofficeRegistration(row: RegistrationRow): Promise<BackofficeRegistration> {
    const response = await this.backoffice.getRegistration(row.backofficeRegistrationId ?? '');
    if (!response.ok) {
      throw new UpstreamError(
        'backoffice',
        `back office answered ${response.error.status} for a registration`,
      );
    }
    return response.value;
  }
}
