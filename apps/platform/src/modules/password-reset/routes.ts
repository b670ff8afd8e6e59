import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
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
}
