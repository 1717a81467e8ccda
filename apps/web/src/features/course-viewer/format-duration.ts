/** Spec §2: durations read "{m}m {s}s" (minutes are not folded into hours: "75m 0s"). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** Spoken form for screen readers: "3 minutos 5 segundos". */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const parts = [];
  if (m > 0) parts.push(`${m} ${m === 1 ? 'minuto' : 'minutos'}`);
  if (s > 0 || m === 0) parts.push(`${s} ${s === 1 ? 'segundo' : 'segundos'}`);
  return parts.join(' ');
}

/** "1 clase", "3 clases". */
export function classCount(count: number): string {
  return `${count} ${count === 1 ? 'clase' : 'clases'}`;
}

/**
 * What a module holds, as the learner counts it: its classes (CLASS sections), then its
 * materials when it has any ("3 clases · 1 material"). EMPTY placeholders are neither, and a
 * material is not a class (the course card's count is the same one).
 */
export function moduleContents(sections: readonly { type: string }[]): string {
  const classes = sections.filter((s) => s.type === 'CLASS').length;
  const materials = sections.filter((s) => s.type === 'DOWNLOADABLE_MATERIAL').length;
  const parts = [classCount(classes)];
  if (materials > 0) parts.push(`${materials} ${materials === 1 ? 'material' : 'materiales'}`);
  return parts.join(' · ');
}
