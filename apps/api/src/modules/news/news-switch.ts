import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serviceControls } from '../../db/schema';
import { AppError } from '../../errors';

/** Novedades answers while its service control NEWS is on (off: the web shows the greeting). */
export async function requireNewsOn(db: Database): Promise<void> {
  const [row] = await db
    .select({ enabled: serviceControls.enabled })
    .from(serviceControls)
    .where(eq(serviceControls.name, 'NEWS'));
  if (!row?.enabled) throw AppError.notFound('Novedades no está disponible por ahora.');
}
