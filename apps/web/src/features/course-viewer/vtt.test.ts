import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cueIndexAt, formatCueTime, parseTimestamp, parseVtt, searchCues } from './vtt';

const demo = (name: string) =>
  readFileSync(path.resolve(__dirname, '../../../../api/media/videos', name), 'utf8');

describe('parseVtt', () => {
  it('reads cues with identifiers, settings, tags, entities, several lines and CRLF', () => {
    const cues = parseVtt(
      '\uFEFFWEBVTT - Clase\r\n\r\nNOTE revisado por el equipo\r\n\r\nSTYLE\r\n::cue { color: lime }\r\n\r\n' +
        'uno\r\n00:00:01.000 --> 00:00:04.500 align:start\r\n<v Ana>Hola, <b>chicas</b></v>\r\nbienvenidas &amp; gracias\r\n\r\n' +
        '01:05.250 --> 01:07.000\r\nSin horas\r\n\r\n' +
        '1:00:00.000 --> 1:00:02.000\r\nUna hora\r\n',
    );
    expect(cues).toEqual([
      { start: 1, end: 4.5, text: 'Hola, chicas bienvenidas & gracias' },
      { start: 65.25, end: 67, text: 'Sin horas' },
      { start: 3600, end: 3602, text: 'Una hora' },
    ]);
  });

  it('drops malformed or empty cues, as a browser does', () => {
    const cues = parseVtt(
      'WEBVTT\n\n00:01.000 -> 00:02.000\nflecha mal\n\n00:03.000 --> 00:02.000\nal revés\n\n' +
        '00:04.000 --> 00:05.000\n\n00:06.000 --> 00:07.000\nbien\n',
    );
    expect(cues).toEqual([{ start: 6, end: 7, text: 'bien' }]);
  });

  it('refuses what is not WebVTT (an SRT, a text, an empty file)', () => {
    expect(parseVtt('1\n00:00:01,000 --> 00:00:02,000\nHola\n')).toBeNull();
    expect(parseVtt('WEBVTTX\n')).toBeNull();
    expect(parseVtt('')).toBeNull();
    expect(parseVtt('WEBVTT')).toEqual([]);
  });

  it('reads every shipped demo caption file, covering its video to the end', () => {
    const lengths: Record<string, number> = {
      'bienvenida.vtt': 20,
      'clase-ahorro.vtt': 30,
      'clase-inversion.vtt': 30,
      'hls/clase-tarjeta/subtitulos.vtt': 30,
    };
    for (const [name, seconds] of Object.entries(lengths)) {
      const cues = parseVtt(demo(name));
      expect(cues?.length, name).toBeGreaterThan(3);
      expect(cues?.[0]?.start, name).toBe(0);
      expect(cues?.at(-1)?.end, name).toBe(seconds);
    }
  });
});

describe('transcript helpers', () => {
  const cues = [
    { start: 0, end: 5, text: 'Tarjeta de crédito' },
    { start: 5, end: 10, text: 'Fecha de cierre' },
    { start: 12, end: 15, text: 'Costo financiero total' },
  ];

  it('finds the cue playing at a time, none in a gap', () => {
    expect(cueIndexAt(cues, 0)).toBe(0);
    expect(cueIndexAt(cues, 5)).toBe(1);
    expect(cueIndexAt(cues, 11)).toBe(-1);
    expect(cueIndexAt(cues, 14.9)).toBe(2);
    expect(cueIndexAt(cues, 20)).toBe(-1);
  });

  it('searches without accents or case, every word', () => {
    expect(searchCues(cues, 'CREDITO')).toEqual([cues[0]]);
    expect(searchCues(cues, 'costo total')).toEqual([cues[2]]);
    expect(searchCues(cues, 'de')).toEqual([cues[0], cues[1]]);
    expect(searchCues(cues, '  ')).toEqual(cues);
    expect(searchCues(cues, 'dólar')).toEqual([]);
  });

  it('formats and parses times', () => {
    expect(parseTimestamp('00:01:02.500')).toBe(62.5);
    expect(formatCueTime(5.9)).toBe('0:05');
    expect(formatCueTime(750)).toBe('12:30');
    expect(formatCueTime(3723)).toBe('1:02:03');
  });
});
