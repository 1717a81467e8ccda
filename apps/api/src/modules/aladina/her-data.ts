import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aladinaQuestions, classNotes } from '../../db/schema';
import type { Tx } from '../../db/transaction';

/**
 * What Aladina holds of hers (issue 42): her notes and the questions she asked (masked, as
 * stored, with her ratings). In her data export under `extras.aladina`; erased with her account.
 * Registered by the composition (app.ts) with account's `registerHerDataPart`.
 */
export const aladinaHerData = {
  key: 'aladina',
  async exportRows(db: Database, userId: string): Promise<unknown[]> {
    const notes = await db
      .select({
        courseId: classNotes.courseId,
        sectionId: classNotes.sectionId,
        atSeconds: classNotes.atSeconds,
        body: classNotes.body,
        createdAt: classNotes.createdAt,
        updatedAt: classNotes.updatedAt,
      })
      .from(classNotes)
      .where(eq(classNotes.userId, userId))
      .orderBy(asc(classNotes.createdAt));
    const questions = await db
      .select({
        question: aladinaQuestions.question,
        outcome: aladinaQuestions.outcome,
        rating: aladinaQuestions.rating,
        createdAt: aladinaQuestions.createdAt,
      })
      .from(aladinaQuestions)
      .where(eq(aladinaQuestions.userId, userId))
      .orderBy(asc(aladinaQuestions.createdAt));
    return [
      ...notes.map((n) => ({
        type: 'note',
        ...n,
        createdAt: n.createdAt.toISOString(),
        updatedAt: n.updatedAt.toISOString(),
      })),
      ...questions.map((q) => ({
        type: 'question',
        question: q.question,
        outcome: q.outcome,
        rating: q.rating === 1 ? 'up' : q.rating === -1 ? 'down' : null,
        createdAt: q.createdAt.toISOString(),
      })),
    ];
  },
  async erase(tx: Tx, userId: string): Promise<void> {
    await tx.delete(classNotes).where(eq(classNotes.userId, userId));
    await tx.delete(aladinaQuestions).where(eq(aladinaQuestions.userId, userId));
  },
};
