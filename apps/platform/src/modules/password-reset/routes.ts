import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { requireRoles } from '../auth/guard.ts';
import type { PasswordResetService } from './service.ts';

const ResetRequestBody = z
  .object({
    ClientID: z.string().min(1).max(256),
    Email: z.string().max(512).nullish(),
    Username: z.string().max(256).nullish(),
    URL: z.string().max(2048).nullish(),
  })
  .refine((body) => Boolean(body.Email?.trim() || body.Username?.trim()), {
    message: 'Email or Username is required.',
    path: ['Email'],
  });

const ResetBody = z.object({
  ClientID: z.string().min(1).max(256),
  Username: z.string().min(1).max(256),
  Password: z.string().min(1).max(1024),
});

const InvitationBody = z.object({
  ClientID: z.string().min(1).max(256),
  URL: z.string().max(2048).nullish(),
});
const UserParams = z.object({ buyerID: z.string().max(256), userID: z.string().max(256) });

const CodeParams = z.object({ verificationCode: z.string().min(16).max(256) });

/** Anonymous, like OrderCloud's: per-address limits keep guessing and mail-bombing slow. */
export function passwordResetRoutes(
  app: ServiceApp,
  service: PasswordResetService,
  settings: { requestsPerMinute: number },
): void {
  const limit = { rateLimit: { max: settings.requestsPerMinute, timeWindow: '1 minute' } };
  app.post(
    '/v1/password/reset',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (ForgottenPassword): 204 whether or not a user matches',
        body: ResetRequestBody,
      },
    },
    async (request, reply) => {
      await service.request(request.body, new Date());
      return reply.status(204).send();
    },
  );
  app.put(
    '/v1/password/reset/:verificationCode',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the single-use verification code; ends the user’s sessions',
        params: CodeParams,
        body: ResetBody,
      },
    },
    async (request, reply) => {
      await service.reset(request.params.verificationCode, request.body, new Date());
      return reply.status(204).send();
    },
  );
  app.post(
    '/v1/buyers/:buyerID/users/:userID/invitation',
    {
      ...requireRoles('BuyerUserAdmin'),
      schema: {
        tags: ['users'],
        summary:
          'Invite a user without a password (NewUserInvitation): a single-use set-password link, valid 7 days',
        description:
          'Our extension. Roles: BuyerUserAdmin (a buyer user only for their own company). The user must be active, without a password and with an e-mail address (409 `User.NotInvitable`); the middleware mails the link (the URL on the storefront’s origin, else its reset page) and `PUT /v1/password/reset/{code}` sets the password.',
        params: UserParams,
        body: InvitationBody,
      },
    },
    async (request, reply) => {
      await service.invite(request.params.buyerID, request.params.userID, request.body, new Date());
      return reply.status(204).send();
    },
  );
}
