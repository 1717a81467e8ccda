/** One caption of a WebVTT file: its times in seconds and its text (tags removed, lines joined). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const timing = /^((?:\d+:)?\d{2}:\d{2}\.\d{3})[ \t]+-->[ \t]+((?:\d+:)?\d{2}:\d{2}\.\d{3})(?:[ \t].*)?$/;

const seconds = (value: string) =>
  value
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ' };

/**
 * The cues of a WebVTT file in file order, read as the course viewer's transcript reads them
 * (apps/web course-viewer/vtt.ts): NOTE/STYLE/REGION blocks skipped, an identifier line allowed,
 * a block with a malformed timing dropped. Empty when the text is not WebVTT.
 */
export function parseVtt(source: string): Cue[] {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text)) return [];
  const cues: Cue[] = [];
  for (const block of text.split(/\n{2,}/).slice(1)) {
    const lines = block.split('\n').filter((line, i) => i > 0 || line.trim() !== '');
    if (lines.length === 0 || /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(lines[0] as string)) continue;
    const at = lines.findIndex((line) => line.includes('-->'));
    if (at < 0 || at > 1) continue;
    const match = timing.exec((lines[at] as string).trim());
    if (!match) continue;
    const start = seconds(match[1] as string);
    const end = seconds(match[2] as string);
    if (!(end > start)) continue;
    const cueText = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(?:amp|lt|gt|nbsp);/g, (entity) => entities[entity] ?? entity)
      .replace(/\s+/g, ' ')
      .trim();
    if (cueText) cues.push({ start, end, text: cueText });
  }
  return cues;
}
