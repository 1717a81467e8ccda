import {
  type CountryCode,
  type CurrentUser,
  type KnowledgeLevel,
  knowledgeLevels,
  type LearningGoal,
  learningGoals,
} from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userPurchases, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
type Executor = Pick<Database, 'select'>;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return rows[0];
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** product type → ids, e.g. { programs: ['p1'] } */
export async function purchasesOf(db: Executor, userId: string): Promise<Record<string, string[]>> {
  const rows = await db
    .select({ productType: userPurchases.productType, productId: userPurchases.productId })
    .from(userPurchases)
    .where(eq(userPurchases.userId, userId));
  const purchases: Record<string, string[]> = {};
  for (const row of rows) {
    const ids = purchases[row.productType] ?? [];
    ids.push(row.productId);
    purchases[row.productType] = ids;
  }
  return purchases;
}

export function toCurrentUser(user: UserRow, purchases: Record<string, string[]>): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    subscriptionEndDate: user.subscriptionEndDate,
    countryCode: (user.countryCode as CountryCode | null) ?? null,
    telephone: user.telephone,
    purchases,
    learningGoals: user.learningGoals.filter(isLearningGoal),
    knowledgeLevel: isKnowledgeLevel(user.knowledgeLevel) ? user.knowledgeLevel : null,
    interestsPending: user.interestsPending,
  };
}

const isLearningGoal = (code: string): code is LearningGoal =>
  (learningGoals as readonly string[]).includes(code);
const isKnowledgeLevel = (code: string | null): code is KnowledgeLevel =>
  (knowledgeLevels as readonly (string | null)[]).includes(code);
