/**
 * Profile changes made in the shop reach the CRM, where contacts are kept: the platform's post-hook of
 * `/v1/me` (the storefront's writes) queues a job that reads the user as it is now and sends its name,
 * phone and language to the CRM contact (`xp.CrmId`). Idempotent: the job sends the current values.
 */
import type { Database, Jobs, RequestContext, ServiceApp } from '@actuate/service-kit';
import { baseContext } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { BackofficeClient } from '../../clients/backoffice-client.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import { problems } from '../../shared/responses.ts';

export const CONTACT_SYNC_QUEUE = 'contact-sync';
export const PROFILE_CHANGED_PATH = '/webhooks/profile-changed';

export interface ContactSyncJob {
  buyerId: string;
  userId: string;
}

export type ContactSyncOutcome = 'Synced' | 'NoCrmContact' | 'UnknownUser';

interface PlatformUser {
  FirstName?: string | null;
  LastName?: string | null;
  Phone?: string | null;
  xp?: { CrmId?: unknown; PreferredLanguage?: unknown } | null;
}

const LANGUAGES = new Set(['en', 'da', 'de']);

export class ContactSync {
  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The post-hook: the user behind the token (the platform's own, signed) gets a sync job. */
  async profileChanged(_context: RequestContext, userToken: string) {
    const me = await this.platform.getMe(userToken);
    if (!me?.Buyer?.ID) return { outcome: 'ignored' as const, reason: 'the user is unknown' };
    const job: ContactSyncJob = { buyerId: me.Buyer.ID, userId: me.ID };
    await this.jobs().enqueue(this.db, CONTACT_SYNC_QUEUE, job);
    return { outcome: 'accepted' as const, userId: me.ID };
  }

  async syncContact(job: ContactSyncJob): Promise<ContactSyncOutcome> {
    const user = await this.platform.send<PlatformUser>(
      'GET',
      `/v1/buyers/${encodeURIComponent(job.buyerId)}/users/${encodeURIComponent(job.userId)}`,
    );
    if (user.status === 404) return 'UnknownUser';
    if (user.status !== 200) throw new Error(`platform user ${job.userId}: ${user.status}`);
    const crmId = user.body.xp?.CrmId;
    if (typeof crmId !== 'string') return 'NoCrmContact';
    const language = user.body.xp?.PreferredLanguage;
    const patch = {
      ...(user.body.FirstName ? { firstName: user.body.FirstName } : {}),
      ...(user.body.LastName ? { lastName: user.body.LastName } : {}),
      phone: user.body.Phone?.trim() || null,
      language: typeof language === 'string' && LANGUAGES.has(language) ? language : null,
    };
    const sent = await this.backoffice.updateCrmContact(crmId, patch);
    if (!sent.ok && sent.error.status === 404) return 'NoCrmContact';
    if (!sent.ok) throw new Error(`CRM contact ${crmId}: ${sent.error.detail}`);
    this.log.info({ userId: job.userId, crmId }, 'profile sent to the CRM');
    return 'Synced';
  }
}

const ProfileChangedPayload = z.looseObject({
  Route: z.literal('v1/me'),
  Verb: z.enum(['PUT', 'PATCH']),
  UserToken: z.string().min(1).max(8192),
});

const ProfileChangedAnswer = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('accepted'), userId: z.string() }),
  z.object({ outcome: z.literal('ignored'), reason: z.string() }),
]);

/** The profile post-hook (register inside the `X-oc-hash` scope). */
export function contactSyncRoutes(app: ServiceApp, sync: ContactSync): void {
  app.post(
    PROFILE_CHANGED_PATH,
    {
      schema: {
        tags: ['crm'],
        summary: 'Post-hook of profile changes in the shop: send name, phone and language to the CRM',
        description:
          'OrderCloud webhook payload signed with `X-oc-hash`. Acknowledged at once; a job reads the user and updates its CRM contact.',
        body: ProfileChangedPayload,
        response: { 200: ProfileChangedAnswer, ...problems(400, 401) },
      },
    },
    (request) => sync.profileChanged(baseContext(request), request.body.UserToken),
  );
}
