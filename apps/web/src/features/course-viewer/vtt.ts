/** One caption of a WebVTT file: its times in seconds and its text (tags removed, lines joined). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const timing = /^((?:\d+:)?\d{2}:\d{2}\.\d{3})[ \t]+-->[ \t]+((?:\d+:)?\d{2}:\d{2}\.\d{3})(?:[ \t].*)?$/;

/** "01:02.500" or "1:01:02.500" in seconds. */
export function parseTimestamp(value: string): number {
  const parts = value.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': ' ',
  '&lrm;': '',
  '&rlm;': '',
};

/** A cue's payload as plain text: voice, class and timestamp tags dropped, entities decoded. */
function plainText(lines: string[]): string {
  return lines
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The cues of a WebVTT file, in file order, for the transcript (decision 0156). A plain reader of
 * the format's blocks (W3C WebVTT §4): the file must start with "WEBVTT"; NOTE, STYLE and REGION
 * blocks are skipped, a cue's optional identifier line and its settings are ignored, and a block
 * whose timing line is malformed is dropped, as a browser drops it. Null when it is not WebVTT.
 */
export function parseVtt(source: string): Cue[] | null {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text)) return null;
  const blocks = text.split(/\n{2,}/).slice(1);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line, i) => i > 0 || line.trim() !== '');
    if (lines.length === 0) continue;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(lines[0] as string)) continue;
    const at = lines.findIndex((line) => line.includes('-->'));
    // the timing is the first line, or the second after an identifier
    if (at < 0 || at > 1) continue;
    const match = timing.exec((lines[at] as string).trim());
    if (!match) continue;
    const start = parseTimestamp(match[1] as string);
    const end = parseTimestamp(match[2] as string);
    if (!(end > start)) continue;
    const cueText = plainText(lines.slice(at + 1));
    if (cueText) cues.push({ start, end, text: cueText });
  }
  return cues;
}

/** The index of the cue playing at `time` (the last one started, if several overlap); -1: none. */
export function cueIndexAt(cues: Cue[], time: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i] as Cue;
    if (cue.start > time) break;
    if (time < cue.end) found = i;
  }
  return found;
}

/** Lower case without accents, so "credito" finds "crédito". */
export const searchable = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The cues whose text holds every word of `query` (accents and case ignored); all of them for an empty query. */
export function searchCues(cues: Cue[], query: string): Cue[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return cues;
  return cues.filter((cue) => {
    const text = searchable(cue.text);
    return words.every((word) => text.includes(word));
  });
}

/** "0:05", "12:30", "1:02:03": a cue's start as the transcript shows it. */
export function formatCueTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
