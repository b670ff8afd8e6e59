import { conflict, type Database, type Executor, notFound, type RequestContext } from '@actuate/service-kit';
import type { CallbackService } from '../callbacks/service.ts';
import type { RegistrationView } from './models.ts';
import type { RegistrationRow } from './repository.ts';
import * as repository from './repository.ts';
import type { RegistrationStatus } from './schema.ts';
import type { CrmService } from './service.ts';

/** How long a join request waits for a decision before it expires (the web shop sends its own deadline). */
export const JOIN_REQUEST_TTL_DAYS = 14;
const DAY_MS = 86_400_000;
export const joinRequestDeadline = (now: Date) => new Date(now.getTime() + JOIN_REQUEST_TTL_DAYS * DAY_MS);

/**
 * Join requests: registrations into a company that has an ERP customer already wait (`AwaitingApproval`)
 * for the CRM operator here, or for the web shop on behalf of the company's administrator. Every
 * decision locks the registration row, so one wins and the other answers 409; a request past its
 * deadline expires on read. Declined or expired, the CRM contact it created goes again.
 */
export class JoinRequestService {
  constructor(
    private readonly crm: CrmService,
    private readonly db: Database,
    private readonly callbacks: CallbackService,
  ) {}

  /** Approve a join request: the ERP contact is created and `registration.completed` sent. Idempotent. */
  async approve(context: RequestContext, id: string): Promise<RegistrationView> {
    await this.db.transaction(async (tx) => {
      const registration = await this.lock(tx, context, id);
      if (registration.status === 'Complete') return;
      if (registration.status !== 'AwaitingApproval') throw closed(registration);
      await this.crm.completeIn(tx, context, registration);
      context.log.info({ registrationId: id }, 'join request approved');
    });
    return this.crm.getRegistration(context, id);
  }

  /** Decline a join request with the reason the registrant is shown (`registration.declined`). */
  async decline(context: RequestContext, id: string, reason: string): Promise<RegistrationView> {
    await this.db.transaction(async (tx) => {
      const registration = await this.lock(tx, context, id);
      if (registration.status === 'Declined') return;
      if (registration.status !== 'AwaitingApproval') throw closed(registration);
      await this.close(tx, context, registration, 'Declined', reason);
      await this.callbacks.publish(tx, {
        type: 'registration.declined',
        subject: `registration:${id}`,
        sequence: 1,
        occurredAt: context.now,
        data: await this.crm.getRegistration(context, id, tx),
      });
      context.log.info({ registrationId: id }, 'join request declined');
    });
    return this.crm.getRegistration(context, id);
  }

  /** Registrations, newest first (the operator's list of join requests: `status=AwaitingApproval`). */
  async listRegistrations(
    context: RequestContext,
    filter: { status?: RegistrationStatus | undefined; limit: number },
  ): Promise<RegistrationView[]> {
    await this.expireDue(context);
    const rows = await repository.listRegistrations(this.db, filter);
    return Promise.all(rows.map((row) => this.crm.getRegistration(context, row.id)));
  }

  /** Join requests past their deadline become Expired (on read, before any decision). */
  private async expireDue(context: RequestContext): Promise<void> {
    const due = await repository.dueJoinRequests(this.db, context.now);
    for (const { id } of due) {
      await this.db.transaction(async (tx) => {
        const registration = await repository.findRegistration(tx, id, true);
        if (registration?.status === 'AwaitingApproval') {
          await this.close(tx, context, registration, 'Expired', null);
        }
      });
    }
  }

  /** The registration locked, a due join request expired first; 404 when unknown. */
  async lock(tx: Executor, context: RequestContext, id: string) {
    const registration = await repository.findRegistration(tx, id, true);
    if (!registration) throw notFound('registration-not-found', `No registration ${id}.`);
    if (
      registration.status === 'AwaitingApproval' &&
      registration.expiresAt &&
      registration.expiresAt <= context.now
    ) {
      await this.close(tx, context, registration, 'Expired', null);
      return { ...registration, status: 'Expired' as const };
    }
    return registration;
  }

  /**
   * Ends a join request without access: the CRM contact it created (never in the ERP) goes again, so
   * nothing of the registrant stays with the company.
   */
  private async close(
    tx: Executor,
    context: RequestContext,
    registration: RegistrationRow,
    status: 'Declined' | 'Expired',
    reason: string | null,
  ) {
    await repository.updateRegistration(tx, registration.id, {
      status,
      declineReason: reason,
      closedAt: context.now,
    });
    if (registration.contactMatched === 'created') {
      await repository.deleteUnusedContact(tx, registration.contactCrmId);
    }
  }
}

/** A join request that was decided or expired already. */
const closed = (registration: RegistrationRow) =>
  registration.status === 'Pending'
    ? conflict('not-a-join-request', `Registration ${registration.id} is not a join request.`, {
        status: registration.status,
      })
    : conflict(
        `registration-${registration.status.toLowerCase()}`,
        `Registration ${registration.id} is ${registration.status}; it can no longer be approved or declined.`,
        { status: registration.status },
      );
