import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { maxCaptionsBytes } from '@alcancia/contract/admin';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { apiRoot } from '../db/paths';
import { courseSections } from '../db/schema';
import { announceContentChange } from '../modules/academy/content-cache';
import { captionsHashOf, isWebVtt } from '../modules/admin/content/section-captions';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The demo classes' Spanish transcripts (decision 0330): `content/transcripts/<section id>.vtt`, one
 * WebVTT file per CLASS section of the demo catalogue.
 */
export const demoTranscriptsDir = path.join(apiRoot, 'content/transcripts');

export interface Transcript {
  sectionId: string;
  vtt: string;
}

const fileName = /^([a-z0-9][a-z0-9-]{0,119})\.vtt$/;

/** Every transcript of `dir`, by section id; [] when the folder is not shipped (a bare image). */
export function readTranscripts(dir: string = demoTranscriptsDir): Transcript[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.vtt'))
    .sort()
    .map((name) => {
      const match = fileName.exec(name);
      if (!match) throw new Error(`${name}: the name of a transcript is the id of its class`);
      const vtt = readFileSync(path.join(dir, name), 'utf8');
      if (!isWebVtt(vtt)) throw new Error(`${name}: not WebVTT (it must start with "WEBVTT")`);
      if (Buffer.byteLength(vtt) > maxCaptionsBytes) throw new Error(`${name}: above 500 KB`);
      return { sectionId: match[1] as string, vtt };
    });
}

export interface TranscriptTally {
  written: number;
  unchanged: number;
}

/**
 * Stores each transcript as its class's captions, exactly as a back-office upload does (decision
 * 0157: `captions_vtt` and the first 16 hex digits of its SHA-256 in `captions_hash`), so the viewer
 * shows it as captions and transcript. A class whose captions are already these is not written. A
 * transcript whose section is missing or is no class stops everything (the caller's transaction).
 */
export async function loadTranscripts(tx: Tx, transcripts: Transcript[]): Promise<TranscriptTally> {
  const tally: TranscriptTally = { written: 0, unchanged: 0 };
  if (transcripts.length === 0) return tally;
  const sections = await tx
    .select({ id: courseSections.id, type: courseSections.type, captionsHash: courseSections.captionsHash })
    .from(courseSections)
    .where(
      inArray(
        courseSections.id,
        transcripts.map((t) => t.sectionId),
      ),
    );
  const byId = new Map(sections.map((s) => [s.id, s]));
  for (const { sectionId, vtt } of transcripts) {
    const section = byId.get(sectionId);
    if (section?.type !== 'CLASS') {
      throw new Error(`transcript ${sectionId}.vtt: the catalogue has no class with that id`);
    }
    const hash = captionsHashOf(vtt);
    if (section.captionsHash === hash) {
      tally.unchanged++;
      continue;
    }
    await tx
      .update(courseSections)
      .set({ captionsVtt: vtt, captionsHash: hash })
      .where(eq(courseSections.id, sectionId));
    tally.written++;
  }
  if (tally.written > 0) await announceContentChange(tx);
  return tally;
}
