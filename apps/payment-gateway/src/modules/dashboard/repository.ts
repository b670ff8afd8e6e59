import type { Executor } from '@actuate/service-kit';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { dashboardSessions, dashboardUsers } from './schema.ts';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(dashboardUsers).where(eq(dashboardUsers.email, email));
  return row;
}

export async function upsertUser(
  db: Executor,
  user: { email: string; merchantAccount: string; passwordHash: string },
) {
  await db
    .insert(dashboardUsers)
    .values(user)
    .onConflictDoUpdate({
      target: dashboardUsers.email,
      set: { merchantAccount: user.merchantAccount, passwordHash: user.passwordHash },
    });
}

export async function insertSession(db: Executor, session: { id: string; userId: string; expiresAt: Date }) {
  await db.insert(dashboardSessions).values(session);
}

/** The user of a live session: not revoked and not expired at `now`. */
export async function findLiveSession(db: Executor, id: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: dashboardSessions.id,
      expiresAt: dashboardSessions.expiresAt,
      userId: dashboardUsers.id,
      email: dashboardUsers.email,
      merchantAccount: dashboardUsers.merchantAccount,
    })
    .from(dashboardSessions)
    .innerJoin(dashboardUsers, eq(dashboardUsers.id, dashboardSessions.userId))
    .where(
      and(
        eq(dashboardSessions.id, id),
        isNull(dashboardSessions.revokedAt),
        gt(dashboardSessions.expiresAt, now),
      ),
    );
  return row;
}

export async function revokeSession(db: Executor, id: string, now: Date) {
  await db
    .update(dashboardSessions)
    .set({ revokedAt: now })
    .where(and(eq(dashboardSessions.id, id), isNull(dashboardSessions.revokedAt)));
}

/** Ends every session of a user (their password changed, or the demo password stopped being valid). */
export async function revokeSessionsOfUser(db: Executor, userId: string, now: Date) {
  await db
    .update(dashboardSessions)
    .set({ revokedAt: now })
    .where(and(eq(dashboardSessions.userId, userId), isNull(dashboardSessions.revokedAt)));
}
