import { readItem, writeItem } from '../../lib/storage';

/** The speeds the viewer offers (issue 30). */
export const playbackRates = [0.75, 1, 1.25, 1.5, 2] as const;
export type PlaybackRate = (typeof playbackRates)[number];

const rateKey = 'alcancia.playbackRate';
const saveDataKey = 'alcancia.saveData';

/** The speed she chose last, on this device, for every class; 1× until she picks one. */
export function readPlaybackRate(): PlaybackRate {
  const stored = Number(readItem(rateKey));
  return playbackRates.find((rate) => rate === stored) ?? 1;
}

export function writePlaybackRate(rate: PlaybackRate): void {
  writeItem(rateKey, String(rate));
}

/** "Ahorrar datos": play the lightest rendition, remembered on this device. */
export function readSaveData(): boolean {
  return readItem(saveDataKey) === '1';
}

export function writeSaveData(on: boolean): void {
  writeItem(saveDataKey, on ? '1' : '0');
}

/** "1,25×": the speed as the control reads it (Spanish decimal comma). */
export const rateLabel = (rate: number) => `${String(rate).replace('.', ',')}×`;
