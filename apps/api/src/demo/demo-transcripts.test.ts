import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import demoCatalog from '../../content/demo-catalog.json' with { type: 'json' };
import { bearer, newSession } from '../../test/accounts';
import { createTestApp, testAppForFile } from '../../test/helpers';
import { courseSections } from '../db/schema';
import { mediaDir } from '../modules/files/serve-media';
import { demoTranscriptsDir, loadTranscripts, readTranscripts } from './demo-transcripts';
import { seedDemoData } from './seed';

// Issue 42: the demo classes carry real Spanish transcripts (decision 0330), shipped as
// content/transcripts/<section id>.vtt and loaded by the demo seed as their captions.

interface Cue {
  start: number;
  end: number;
  text: string;
}

const seconds = (stamp: string) => stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/** A strict reader: "WEBVTT", then blocks of one timing line and at least one line of text. */
function strictCues(source: string): Cue[] {
  const text = source.replace(/\r\n?/g, '\n');
  expect(text.startsWith('WEBVTT\n\n'), 'starts with the WEBVTT header').toBe(true);
  const blocks = text
    .trim()
    .split(/\n{2,}/)
    .slice(1);
  return blocks.map((block) => {
    const [timing = '', ...lines] = block.split('\n');
    const match = /^(\d{2}:\d{2}:\d{2}\.\d{3}) --> (\d{2}:\d{2}:\d{2}\.\d{3})$/.exec(timing);
    expect(match, `a timing line: ${timing}`).not.toBeNull();
    expect(lines.length, `text under ${timing}`).toBeGreaterThan(0);
    expect(lines.join(' ')).not.toMatch(/-->|<|>/);
    return { start: seconds(match?.[1] ?? ''), end: seconds(match?.[2] ?? ''), text: lines.join(' ') };
  });
}

const words = (cues: Cue[]) => cues.flatMap((c) => c.text.split(/\s+/).filter(Boolean)).length;

/** An MP4's length in seconds, from its movie header box (mvhd, version 0 or 1). */
function mp4Seconds(file: Buffer): number {
  const at = file.indexOf('mvhd');
  const version = file[at + 4];
  const scaleAt = at + (version === 1 ? 24 : 16);
  const timescale = file.readUInt32BE(scaleAt);
  const duration = version === 1 ? Number(file.readBigUInt64BE(scaleAt + 4)) : file.readUInt32BE(scaleAt + 4);
  return duration / timescale;
}

interface CatalogueSection {
  id: string;
  type: string;
  duration?: number;
  sectionUrl?: string;
}
const classes = new Map(
  demoCatalog.courses.flatMap((course) =>
    (course.modules ?? []).flatMap((module) =>
      (module.sections as CatalogueSection[]).map((section) => [section.id, section] as const),
    ),
  ),
);
const files = readdirSync(demoTranscriptsDir).filter((name) => name.endsWith('.vtt'));
/**
 * The transcribed classes' demo videos (decision 0330): 5 minutes, and 3 minutes for the classes of
 * salir-de-deudas, whose browser test jumps to the end of each class and expects that jump to save
 * the class as complete, which a class longer than the player's 180-s save window would not.
 */
const videos = new Map<string, { file: string; seconds: number }>(
  ['clase-larga', 'clase-media'].map((name) => {
    const file = path.join(mediaDir, `videos/${name}.mp4`);
    return [`/media/videos/${name}.mp4`, { file, seconds: mp4Seconds(readFileSync(file)) }] as const;
  }),
);

describe('the demo transcripts (files)', () => {
  it('cover at least 40 classes, each a CLASS of the demo catalogue on a transcribed-class video', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    expect(readdirSync(demoTranscriptsDir).filter((name) => !name.endsWith('.vtt'))).toEqual([]);
    for (const name of files) {
      const section = classes.get(name.replace(/\.vtt$/, ''));
      expect(section?.type, name).toBe('CLASS');
      expect(videos.has(section?.sectionUrl ?? ''), name).toBe(true);
      if (name.startsWith('salir-de-deudas-'))
        expect(section?.sectionUrl).toBe('/media/videos/clase-media.mp4');
    }
  });

  it('each parses as WebVTT with ≥ 400 words in cues of 5–12 s, in order, inside its class', () => {
    for (const name of files) {
      const cues = strictCues(readFileSync(path.join(demoTranscriptsDir, name), 'utf8'));
      expect(words(cues), name).toBeGreaterThanOrEqual(400);
      let previousEnd = 0;
      for (const cue of cues) {
        expect(cue.start, `${name} ${cue.start}`).toBeGreaterThanOrEqual(previousEnd);
        expect(cue.end - cue.start, `${name} ${cue.start}`).toBeGreaterThanOrEqual(5);
        expect(cue.end - cue.start, `${name} ${cue.start}`).toBeLessThanOrEqual(12);
        previousEnd = cue.end;
      }
      // the catalogue's duration is the video's, and every cue can be reached in it
      const section = classes.get(name.replace(/\.vtt$/, ''));
      const length = videos.get(section?.sectionUrl ?? '')?.seconds ?? 0;
      expect(section?.duration, name).toBe(Math.round(length));
      expect(previousEnd, name).toBeLessThanOrEqual(length);
    }
  });

  it('no two transcripts share a cue: a question is answered by one class', () => {
    const seen = new Map<string, string>();
    for (const name of files) {
      for (const cue of strictCues(readFileSync(path.join(demoTranscriptsDir, name), 'utf8'))) {
        if (cue.text.split(/\s+/).length < 8) continue;
        expect(seen.get(cue.text), `${name}: «${cue.text}»`).toBeUndefined();
        seen.set(cue.text, name);
      }
    }
  });

  it('the long demo video lasts ≥ 4 minutes in ≤ 1.5 MB; the 3-minute one stays inside the save window', () => {
    const long = videos.get('/media/videos/clase-larga.mp4');
    expect(long?.seconds).toBeGreaterThanOrEqual(240);
    expect(statSync(long?.file ?? '').size).toBeLessThanOrEqual(1.5 * 1024 * 1024);
    const short = videos.get('/media/videos/clase-media.mp4');
    expect(short?.seconds).toBeLessThanOrEqual(180);
    expect(statSync(short?.file ?? '').size).toBeLessThanOrEqual(1024 * 1024);
  });
});

const t = testAppForFile(
  () => createTestApp({ RATE_LIMIT_ENABLED: 'false' }),
  async (app) => {
    await seedDemoData(app.db);
  },
);

describe('the demo transcripts (loaded by the demo seed)', { timeout: 120_000 }, () => {
  it('are every transcribed class’s captions, stored as an upload is; loading them again writes nothing', async () => {
    const transcripts = readTranscripts();
    expect(transcripts).toHaveLength(files.length);
    const rows = await t.app.db
      .select({ id: courseSections.id, vtt: courseSections.captionsVtt, hash: courseSections.captionsHash })
      .from(courseSections)
      .where(
        inArray(
          courseSections.id,
          transcripts.map((x) => x.sectionId),
        ),
      );
    expect(rows).toHaveLength(transcripts.length);
    for (const row of rows) {
      const vtt = readFileSync(path.join(demoTranscriptsDir, `${row.id}.vtt`), 'utf8');
      expect(row.vtt, row.id).toBe(vtt);
      expect(row.hash, row.id).toBe(createHash('sha256').update(vtt).digest('hex').slice(0, 16));
    }
    const again = await t.app.db.transaction((tx) => loadTranscripts(tx, transcripts));
    expect(again).toEqual({ written: 0, unchanged: transcripts.length });
  });

  it('the course answer points a transcribed class at them, signed, and serves the file', async () => {
    const learner = bearer((await newSession(t.app)).credentials);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/academy/inversiones-desde-cero',
      headers: learner,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sections = (
      res.json() as { modules: { sections: { id: string; captions_url: string | null }[] }[] }
    ).modules.flatMap((m) => m.sections);
    const transcribed = sections.find((s) => s.id === 'inversiones-desde-cero-m1-s3');
    expect(transcribed?.captions_url).toMatch(
      /^\/media\/s\/\d+\.[A-Za-z0-9_-]{43}\/subidas\/videos\/subtitulos\/inversiones-desde-cero-m1-s3\.[0-9a-f]{16}\.vtt$/,
    );
    const served = await t.app.inject({ method: 'GET', url: transcribed?.captions_url as string });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(
      readFileSync(path.join(demoTranscriptsDir, 'inversiones-desde-cero-m1-s3.vtt'), 'utf8'),
    );
    // a class left on its short demo video keeps the captions shipped beside it
    expect(sections.find((s) => s.id === 'inversiones-desde-cero-m1-s2')?.captions_url).toMatch(
      /\/videos\/clase-inversion\.vtt$/,
    );
  });

  it('a transcript for a section that is no class stops the load, and nothing of it stays', async () => {
    const material = {
      sectionId: 'primeros-pasos-finanzas-m1-s3',
      vtt: 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nHola.\n',
    };
    const stranger = { sectionId: 'no-existe-s1', vtt: material.vtt };
    for (const wrong of [material, stranger]) {
      await expect(
        t.app.db.transaction((tx) => loadTranscripts(tx, [...readTranscripts().slice(0, 1), wrong])),
      ).rejects.toThrow(/no class with that id/);
    }
    const [row] = await t.app.db
      .select({ hash: courseSections.captionsHash })
      .from(courseSections)
      .where(inArray(courseSections.id, [material.sectionId]));
    expect(row?.hash).toBeNull();
  });
});
