import { useCallback, useEffect, useState } from 'react';
import { readCredentials } from '../../lib/session';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/feedback';
import { spokenDuration } from './format-duration';
import { listKept, pruneKept, removeKept } from './kept-classes';
import { formatBytes, type KeptClass } from './offline-keeping';
import { OfflinePlayer } from './offline-player';

/**
 * /guardadas — Mis clases guardadas (issue 44, decision 0360): the classes kept on this device,
 * with their size, to play offline or delete. Online, the ones she may no longer play go first
 * (decision 0362).
 */
export default function KeptClassesPage() {
  const userId = readCredentials()?.userId ?? null;
  const [kept, setKept] = useState<KeptClass[] | null>(null);
  const [playing, setPlaying] = useState<KeptClass | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(
    () =>
      listKept()
        .then((list) => setKept(list.filter((k) => k.userId === userId)))
        .catch(() => setKept([])),
    [userId],
  );

  useEffect(() => {
    void load();
    if (!userId || !navigator.onLine) return;
    void pruneKept(userId)
      .then((removed) => {
        const gone = removed.filter((k) => k.userId === userId).length;
        if (gone > 0)
          setNotice(
            gone === 1
              ? 'Borramos 1 clase guardada que ya no está en tu plan.'
              : `Borramos ${gone} clases guardadas que ya no están en tu plan.`,
          );
        return load();
      })
      .catch(() => undefined);
  }, [load, userId]);

  const total = (kept ?? []).reduce((sum, k) => sum + k.bytes, 0);
  return (
    <section aria-labelledby="kept-title">
      <h1 id="kept-title">Mis clases guardadas</h1>
      <p>
        Escuchalas sin conexión: el audio, la transcripción y los materiales están en este teléfono.
        {kept && kept.length > 0 ? ` Ocupan ${formatBytes(total)}.` : ''}
      </p>
      {notice && (
        <Banner tone="info">
          <p>{notice}</p>
        </Banner>
      )}
      {playing && userId && (
        <OfflinePlayer key={`${playing.courseId}/${playing.sectionId}`} kept={playing} userId={userId} />
      )}
      {kept === null ? (
        <Spinner label="Buscando tus clases guardadas…" />
      ) : kept.length === 0 ? (
        <Banner
          tone="info"
          live="none"
          action={
            <ButtonLink to="/academy" variant="secondary" size="small">
              Ir a la academia
            </ButtonLink>
          }
        >
          <p>
            Todavía no guardaste clases. En cada clase, tocá «Guardar sin conexión» y escuchala en el
            colectivo.
          </p>
        </Banner>
      ) : (
        <ul className="kept-list" aria-label="Clases guardadas">
          {kept.map((k) => (
            <Card as="li" key={`${k.courseId}/${k.sectionId}`} kicker={k.courseName} title={k.sectionName}>
              <p className="cv-keep-text">
                {spokenDuration(k.duration)} · {formatBytes(k.bytes)}
                {k.materials.length > 0
                  ? ` · ${k.materials.length === 1 ? '1 material' : `${k.materials.length} materiales`}`
                  : ''}
              </p>
              <div className="kept-item-actions">
                <Button
                  size="small"
                  aria-label={`Escuchar ${k.sectionName}`}
                  onClick={() => {
                    setPlaying(k);
                    window.scrollTo({ top: 0 });
                  }}
                >
                  Escuchar
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Borrar ${k.sectionName} del teléfono`}
                  onClick={async () => {
                    await removeKept(k.courseId, k.sectionId);
                    if (playing?.sectionId === k.sectionId && playing.courseId === k.courseId)
                      setPlaying(null);
                    await load();
                  }}
                >
                  Borrar
                </Button>
              </div>
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}
