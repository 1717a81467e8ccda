import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { certificates } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * GET /certificates/{id} — anonymous verification of a certificate id (an employer checking a
 * printed certificate). Ids are 60 random bits, so they cannot be enumerated.
 */
export async function lookupCertificate(db: Database, id: string) {
  const [row] = await db
    .select({
      id: certificates.id,
      learnerName: certificates.learnerName,
      courseName: certificates.courseName,
      completedOn: certificates.completedOn,
    })
    .from(certificates)
    .where(eq(certificates.id, id));
  if (!row) throw AppError.notFound('No encontramos un certificado con ese código.');
  return row;
}
