import type { CurrentUser } from '@alcancia/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { findUserById, purchasesOf, toCurrentUser } from './users-repository';

/** The caller as GET /users (and the bootstrap answer) show her; undefined when she no longer exists. */
export async function loadCurrentUser(db: Database, userId: string): Promise<CurrentUser | undefined> {
  const user = await findUserById(db, userId);
  return user ? toCurrentUser(user, await purchasesOf(db, userId)) : undefined;
}

/** GET /users: the caller; a session of an account that no longer exists is refused. */
export async function getCurrentUser(db: Database, userId: string): Promise<CurrentUser> {
  const user = await loadCurrentUser(db, userId);
  if (!user) throw AppError.unauthorized();
  return user;
}
