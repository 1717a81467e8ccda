import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminCourse } from '@alcancia/contract/admin';
import { type S3StandIn, startS3StandIn } from '@alcancia/sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { courses } from '../../../db/schema';
import { coverKeyOf, removeUnusedCover } from './cover-cleanup';
import { coverNotStored } from './update-course';

// Decision 0185: a replaced cover leaves the storage once it commits, unless another content shows it.

/** A 1×1 PNG; `variant` adds bytes after its end, so each variant is another image (another name). */
const png = (variant: string) =>
  Buffer.concat([
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
    Buffer.from(variant),
  ]);

function replacementSuite(name: string, t: TestApp, has: (key: string) => boolean) {
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const newCourse = async (headers: Record<string, string>, id: string) => {
    const created = await send('POST', '/api/admin/courses', headers, {
      id,
      kind: 'COURSE',
      name: `Curso ${id}`,
    });
    expect(created.statusCode, created.body).toBe(201);
  };
  const upload = async (headers: Record<string, string>, id: string, image: Buffer) => {
    const put = await send('PUT', `/api/admin/courses/${id}/cover`, headers, {
      image: image.toString('base64'),
    });
    expect(put.statusCode, put.body).toBe(200);
    const address = (put.json() as AdminCourse).thumbnail as string;
    expect(address).toMatch(/^\/media\/portadas\/[0-9a-f]{32}\.png$/);
    return { address, key: coverKeyOf(address) as string };
  };

  it(`${name}: replacing a cover deletes the old file at once; the new one is stored and served`, async () => {
    const editor = await operatorSession(t.app, 'editor');
    await newCourse(editor.headers, `${name}-cambiada`);
    const first = await upload(editor.headers, `${name}-cambiada`, png(`${name}-primera`));
    expect(has(first.key)).toBe(true);
    const second = await upload(editor.headers, `${name}-cambiada`, png(`${name}-segunda`));
    expect(second.key).not.toBe(first.key);
    expect(has(second.key)).toBe(true);
    expect(has(first.key)).toBe(false);
    expect((await send('GET', first.address, {})).statusCode).toBe(404);
    expect((await send('GET', second.address, {})).statusCode).toBe(200);

    // the same image again changes nothing and removes nothing
    const again = await upload(editor.headers, `${name}-cambiada`, png(`${name}-segunda`));
    expect(again.key).toBe(second.key);
    expect(has(second.key)).toBe(true);
  });

  it(`${name}: a cover two contents show stays until the last one replaces it`, async () => {
    const editor = await operatorSession(t.app, 'editor');
    await newCourse(editor.headers, `${name}-compartida-a`);
    await newCourse(editor.headers, `${name}-compartida-b`);
    const shared = await upload(editor.headers, `${name}-compartida-a`, png(`${name}-compartida`));
    expect((await upload(editor.headers, `${name}-compartida-b`, png(`${name}-compartida`))).key).toBe(
      shared.key,
    );

    await upload(editor.headers, `${name}-compartida-a`, png(`${name}-propia-a`));
    // b still shows it
    expect(has(shared.key)).toBe(true);
    expect((await send('GET', shared.address, {})).statusCode).toBe(200);

    await upload(editor.headers, `${name}-compartida-b`, png(`${name}-propia-b`));
    expect(has(shared.key)).toBe(false);
  });

  it(`${name}: a cover that is an address of another kind (the content file's, a catalogue image) is never deleted`, async () => {
    const editor = await operatorSession(t.app, 'editor');
    await newCourse(editor.headers, `${name}-de-archivo`);
    await t.app.db
      .update(courses)
      .set({ thumbnail: '/covers/curso-presupuesto-960.abcdef12.webp' })
      .where(eq(courses.id, `${name}-de-archivo`));
    const uploaded = await upload(editor.headers, `${name}-de-archivo`, png(`${name}-sobre-archivo`));
    expect(has(uploaded.key)).toBe(true);
    expect(await removeUnusedCover(t.app, '/covers/curso-presupuesto-960.abcdef12.webp')).toBe(false);
    expect(await removeUnusedCover(t.app, '/media/portadas/../subidas/videos/x.mp4')).toBe(false);
    expect(coverKeyOf('/media/portadas/../subidas/videos/x.mp4')).toBeNull();
  });

  it(`${name}: PATCH replacing or clearing a stored cover deletes the old file once no content shows it; a demo image is never deleted`, async () => {
    const editor = await operatorSession(t.app, 'editor');
    const patch = async (id: string, fields: object) => {
      const answer = await send('PATCH', `/api/admin/courses/${id}`, editor.headers, fields);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as AdminCourse;
    };
    const removed: string[] = [];
    const remove = t.app.fileStorage.remove;
    t.app.fileStorage.remove = async (key) => {
      removed.push(key);
      return remove.call(t.app.fileStorage, key);
    };
    try {
      // her own cover replaced by a catalogue image through the edit form: the stored file goes
      await newCourse(editor.headers, `${name}-editada`);
      const own = await upload(editor.headers, `${name}-editada`, png(`${name}-editada`));
      expect((await patch(`${name}-editada`, { thumbnail: '/media/images/portada.jpg' })).thumbnail).toBe(
        '/media/images/portada.jpg',
      );
      expect(has(own.key)).toBe(false);
      expect((await send('GET', own.address, {})).statusCode).toBe(404);
      // the demo image it now shows is replaced in turn: it is not ours, nothing is deleted
      removed.length = 0;
      await patch(`${name}-editada`, { thumbnail: '/media/thumbnails/prog-abierto.svg' });
      await patch(`${name}-editada`, { thumbnail: null });
      expect(removed).toEqual([]);

      // a stored cover shown by another content (as its cover or its alternative) stays
      await newCourse(editor.headers, `${name}-duena`);
      await newCourse(editor.headers, `${name}-prestada`);
      const lent = await upload(editor.headers, `${name}-duena`, png(`${name}-prestada`));
      expect(
        (await patch(`${name}-prestada`, { thumbnailAlternative: lent.address })).thumbnailAlternative,
      ).toBe(lent.address);
      await patch(`${name}-duena`, { thumbnail: null });
      expect(has(lent.key)).toBe(true);
      expect((await send('GET', lent.address, {})).statusCode).toBe(200);
      // the last one to show it clears it: gone
      await patch(`${name}-prestada`, { thumbnailAlternative: null, name: `Curso ${name} sin alternativa` });
      expect(has(lent.key)).toBe(false);
      expect(removed).toEqual([lent.key]);

      // pointing at a stored cover that is no longer there is refused, in Spanish, and changes nothing
      const gone = await send('PATCH', `/api/admin/courses/${name}-duena`, editor.headers, {
        thumbnail: lent.address,
      });
      expect(gone.statusCode).toBe(400);
      expect(gone.json()).toMatchObject({ internalCode: 'INVALID_DATA', message: coverNotStored });
      expect((await send('GET', `/api/admin/courses/${name}-duena`, editor.headers)).json()).toMatchObject({
        thumbnail: null,
      });
    } finally {
      t.app.fileStorage.remove = remove;
    }
  });

  it(`${name}: a storage that fails to delete the old cover does not undo the new one`, async () => {
    const editor = await operatorSession(t.app, 'editor');
    await newCourse(editor.headers, `${name}-tozuda`);
    const first = await upload(editor.headers, `${name}-tozuda`, png(`${name}-tozuda-1`));
    const remove = t.app.fileStorage.remove;
    t.app.fileStorage.remove = async () => {
      throw new Error('the storage is down');
    };
    try {
      const second = await upload(editor.headers, `${name}-tozuda`, png(`${name}-tozuda-2`));
      expect(has(second.key)).toBe(true);
    } finally {
      t.app.fileStorage.remove = remove;
    }
    // left behind, and removed by a later call once the storage answers
    expect(has(first.key)).toBe(true);
    expect(await removeUnusedCover(t.app, first.address)).toBe(true);
    expect(has(first.key)).toBe(false);
  });
}

describe('replaced covers leave the storage, local files', { timeout: 60_000 }, () => {
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-portadas-'));
  afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
  const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false', FILES_DIR: filesDir }));
  replacementSuite('local', t, (key) => existsSync(path.join(filesDir, key)));
});

describe('replaced covers leave the storage, S3 bucket (sandbox stand-in)', { timeout: 60_000 }, () => {
  let s3: S3StandIn;
  const t = testAppForFile<TestApp>(async () => {
    s3 = await startS3StandIn();
    return createTestApp({
      RATE_LIMIT_ENABLED: 'false',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await s3?.close();
  });
  replacementSuite('s3', t, (key) => s3.store.keys(s3.bucket).includes(key));
});
