import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * Every embedded database of the API (the app's, the tests' templates and copies, the command-line
 * tools'): PGlite with the contrib extensions the migrations create, `unaccent` and `pg_trgm`
 * (Aladina's retrieval, decision 0320). PGlite ships them but loads only those it is given; a
 * database created with them cannot be opened without them.
 */
export function newPglite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  return new PGlite({
    ...options,
    ...(dataDir ? { dataDir } : {}),
    extensions: { ...options.extensions, pg_trgm, unaccent },
  });
}
