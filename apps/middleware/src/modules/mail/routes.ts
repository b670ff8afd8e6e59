import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { requireAdminKey } from '../../shared/admin-key.ts';
import { problems } from '../../shared/responses.ts';
import type { PasswordResetMails } from './password-reset.ts';

export const FORGOTTEN_PASSWORD_PATH = '/messages/forgotten-password';
export const NEW_USER_INVITATION_PATH = '/messages/new-user-invitation';

/** OrderCloud's message sender payload (MessageSenderForgottenPasswordPayload), as far as it is read. */
const passwordPayload = <T extends 'ForgottenPassword' | 'NewUserInvitation'>(type: T) =>
  z.looseObject({
    MessageType: z.literal(type),
    Recipient: z.looseObject({
      ID: z.string().max(256).optional(),
      FirstName: z.string().max(512).nullish(),
      LastName: z.string().max(512).nullish(),
      Email: z.string().max(512).nullish(),
      Locale: z.looseObject({ Language: z.string().max(32).nullish() }).nullish(),
      xp: z.record(z.string(), z.unknown()).nullish(),
    }),
    EventBody: z.looseObject({
      Username: z.string().max(512).nullish(),
      PasswordRenewalUrl: z.string().max(2048).nullish(),
      PasswordRenewalVerificationCode: z.string().min(16).max(256),
      ExpiresInMinutes: z.number().int().min(1).max(10_080).optional(),
    }),
  });
const ForgottenPasswordPayload = passwordPayload('ForgottenPassword');
const NewUserInvitationPayload = passwordPayload('NewUserInvitation');

const ForgottenPasswordAnswer = z.object({ outcome: z.enum(['sent', 'duplicate', 'no-address']) });

/** The platform's ForgottenPassword message (register inside the `X-oc-hash` scope). */
export function mailRoutes(app: ServiceApp, resets: PasswordResetMails): void {
  app.post(
    FORGOTTEN_PASSWORD_PATH,
    {
      schema: {
        tags: ['mail'],
        summary: 'ForgottenPassword message: mail the password reset link',
        description:
          'OrderCloud message sender payload signed with `X-oc-hash`. Mails the reset link (the code appended to the storefront’s reset page) in the recipient’s language, once per code; `502` when the mail server did not take it (the platform retries).',
        body: ForgottenPasswordPayload,
        response: { 200: ForgottenPasswordAnswer, ...problems(400, 401, 502) },
      },
    },
    (request) => resets.send(request.body),
  );
  app.post(
    NEW_USER_INVITATION_PATH,
    {
      schema: {
        tags: ['mail'],
        summary: 'NewUserInvitation message: mail the invitation with its set-password link',
        description:
          'OrderCloud message sender payload signed with `X-oc-hash`, sent by the platform when a buyer administrator (BuyerUserAdmin) invites a user. Mails the link to the storefront’s set-password page in the invitee’s language, once per code; `502` when the mail server did not take it (the platform retries).',
        body: NewUserInvitationPayload,
        response: { 200: ForgottenPasswordAnswer, ...problems(400, 401, 502) },
      },
    },
    (request) => resets.send(request.body),
  );
}

/** Operator (`x-api-key`): look for due subscription reminders now (the schedule does it every few minutes). */
export function mailAdminRoutes(
  app: ServiceApp,
  runReminders: () => Promise<{ due: number }>,
  adminKey: string,
): void {
  app.post(
    '/mail/subscription-reminders/run',
    {
      preHandler: requireAdminKey(adminKey),
      schema: {
        tags: ['mail'],
        summary: 'Operator: enqueue the reminder mails of the subscriptions due for one now',
        description:
          'A subscription is due when its NotificationDate (NextOrderDate minus the integration’s NotificationDays) has come and its NextOrderDate is still ahead. Each gets one reminder per order date, however often this runs.',
        response: { 200: z.object({ due: z.int() }), ...problems(401, 502) },
      },
    },
    () => runReminders(),
  );
}
