import { type RefObject, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** `?t=95` → 95: a whole second, zero or more; anything else → null. */
export function parseStartAt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  return Number(value);
}

/**
 * The moment the address asks the class to open at (`?t=` seconds: an Aladina citation, a note),
 * read by the player when the video's metadata arrives instead of the saved point (issue 42). A
 * new `t` while the class is open (another citation of the same class) moves the video there.
 */
export function useStartAt(video: RefObject<HTMLVideoElement | null>, onSeek: (seconds: number) => void) {
  const [params] = useSearchParams();
  const startAt = parseStartAt(params.get('t'));
  const ref = useRef(startAt);
  const first = useRef(true);
  const seek = useRef(onSeek);
  seek.current = onSeek;
  useEffect(() => {
    ref.current = startAt;
    if (first.current) {
      first.current = false;
      return;
    }
    const element = video.current;
    // before the metadata the loadedmetadata listener reads ref.current
    if (startAt !== null && element && element.readyState >= 1) seek.current(startAt);
  }, [startAt, video]);
  return ref;
}
