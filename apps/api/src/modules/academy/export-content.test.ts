import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demoCatalog from '../../../content/demo-catalog.json' with { type: 'json' };
import { createTestDatabase } from '../../../test/helpers';
import type { DbHandle } from '../../db/client';
import { parseContentFile } from './content-file';
import { exportContent } from './export-content';
import { type ImportResult, importContent } from './import-content';

const today = new Date('2026-03-01T12:00:00Z');

const changes = (result: ImportResult) =>
  Object.values(result).reduce((n, t) => n + t.inserted + t.updated + t.deleted, 0);

describe('content:export', () => {
  let first: DbHandle;
  let second: DbHandle;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  // three imports of the demo catalogue on PGlite: slow on a busy machine
  it('round-trips: import → export → import gives the same catalogue', { timeout: 120_000 }, async () => {
    await importContent(first.db, structuredClone(demoCatalog), { today });
    const exported = await exportContent(first.db);
    // a valid content file, as content:import reads it (JSON on disk)
    const document = JSON.parse(JSON.stringify(exported));
    expect(() => parseContentFile(document)).not.toThrow();
    expect(exported.courses.length).toBe(demoCatalog.courses.length);
    // covers travel with their sizes
    const covers = (list: { id: string; cover?: unknown }[]) =>
      Object.fromEntries(list.map((c) => [c.id, c.cover ?? null]));
    expect(covers(exported.courses)).toEqual(covers(demoCatalog.courses));
    expect(Object.values(covers(exported.courses)).every(Boolean)).toBe(true);
    // so do who teaches and what she will learn (the course page, decision 83)
    const teaching = (list: { id: string; teacher?: unknown; outcomes?: unknown }[]) =>
      Object.fromEntries(list.map((c) => [c.id, [c.teacher ?? null, c.outcomes ?? []]]));
    expect(teaching(exported.courses)).toEqual(teaching(demoCatalog.courses));
    expect(exported.courses.find((c) => c.id === 'presupuesto-mensual')?.teacher?.name).toBe(
      'Lucía Fernández',
    );

    // the same file into the same catalogue changes nothing
    expect(changes(await importContent(first.db, document, { today }))).toBe(0);
    // into an empty one it makes the same catalogue
    await importContent(second.db, structuredClone(document), { today });
    expect(await exportContent(second.db)).toEqual(exported);
  });
});
