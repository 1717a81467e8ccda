import { describe, expect, it } from 'vitest';
import { captionsFileProblem } from './captions-control';

describe('captions file check', () => {
  it('takes WebVTT up to 500 KB, names the problem in Spanish otherwise', () => {
    expect(captionsFileProblem('WEBVTT\n\n00:00.000 --> 00:01.000\nHola\n', 40)).toBeNull();
    expect(captionsFileProblem('\uFEFFWEBVTT - Clase 1\r\n', 20)).toBeNull();
    expect(captionsFileProblem('1\n00:00:01,000 --> 00:00:02,000\nHola\n', 30)).toBe(
      'El archivo no es WebVTT: tiene que empezar con «WEBVTT».',
    );
    expect(captionsFileProblem('WEBVTT\n', 600 * 1024)).toBe('El archivo de subtítulos supera los 500 KB.');
  });
});
