import { randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  certificates,
  courseModules,
  courseProgress,
  courseSections,
  sectionProgress,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';

export type IssuedCertificate = typeof certificates.$inferSelect;

/** Crockford base32: no I, L, O or U, so a code read aloud or typed is not misread. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 12 random symbols (60 bits), grouped for reading: `7K3M-9QX2-H4TD`. */
export function newCertificateId(): string {
  const symbols = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
}

const notAvailable = () =>
  new AppError(
    'CERTIFICATE_NOT_AVAILABLE',
    409,
    'Tu certificado estará disponible cuando termines el curso. Completá todas las clases y volvé a intentarlo.',
  );

async function findIssued(db: Database, userId: string, courseId: string) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  return row;
}

/**
 * When the work was done, or null while it is not. The spec keeps two readings of "offered" and
 * both are honoured, but never without the work (decision 49):
 * - the course is finished (every non-EMPTY section complete): its finished_at;
 * - the last section of the last module is not a class (a closing material, a placeholder): every
 *   CLASS section complete is enough, dated when the last of them was completed.
 * Never the day of download.
 */
async function completionDate(db: Database, userId: string, courseId: string): Promise<string | null> {
  const [progress] = await db
    .select({ finishedAt: courseProgress.finishedAt })
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
  if (progress?.finishedAt) return argentinaDate(progress.finishedAt);

  const [last] = await db
    .select({ type: courseSections.type })
    .from(courseSections)
    .innerJoin(courseModules, eq(courseModules.id, courseSections.moduleId))
    .where(eq(courseModules.courseId, courseId))
    .orderBy(desc(courseModules.order), desc(courseSections.order))
    .limit(1);
  if (!last || last.type === 'CLASS') return null;

  const [classes] = await db
    .select({
      total: sql<number>`count(*)::int`,
      done: sql<number>`count(${sectionProgress.sectionId})::int`,
      lastDone: sql<string | null>`max(${sectionProgress.completedAt})`,
    })
    .from(courseSections)
    .innerJoin(courseModules, eq(courseModules.id, courseSections.moduleId))
    .leftJoin(
      sectionProgress,
      and(
        eq(sectionProgress.sectionId, courseSections.id),
        eq(sectionProgress.userId, userId),
        sql`${sectionProgress.completeFraction} >= 1`,
      ),
    )
    .where(and(eq(courseModules.courseId, courseId), eq(courseSections.type, 'CLASS')));
  if (!classes || classes.total === 0 || classes.done < classes.total || !classes.lastDone) return null;
  return argentinaDate(new Date(classes.lastDone));
}

/**
 * The caller's certificate for a course she may access: the one already issued, or a new one when
 * the course offers it. Names and date are frozen at first issue so the image never changes.
 */
export async function issueCertificate(
  db: Database,
  userId: string,
  course: { id: string; name: string },
): Promise<IssuedCertificate> {
  const issued = await findIssued(db, userId, course.id);
  if (issued) return issued;

  const completedOn = await completionDate(db, userId, course.id);
  if (!completedOn) throw notAvailable();
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthorized();

  // Two tabs may ask at once: the unique (user, course) index keeps one, and both read it back.
  for (let attempt = 0; attempt < 3; attempt++) {
    await db
      .insert(certificates)
      .values({
        id: newCertificateId(),
        userId,
        courseId: course.id,
        learnerName: user.name.trim(),
        courseName: course.name.trim(),
        completedOn,
      })
      .onConflictDoNothing();
    const row = await findIssued(db, userId, course.id);
    if (row) return row;
  }
  throw new Error('No se pudo emitir el certificado');
}
