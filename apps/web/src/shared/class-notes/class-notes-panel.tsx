import { type ClassNote, classNoteMaxLength, formatMoment } from '@alcancia/contract/aladina';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Field, FieldBox, FieldError, FieldLabel, fieldInputClass } from '../../ui/field-parts';
import { useNoteChanges, useNotes } from './notes-api';
import './class-notes.css';

const failure = (error: unknown) =>
  error instanceof ApiError ? error.message : 'No pudimos guardar la nota. Intentá nuevamente.';

/**
 * Her private notes inside a class (issue 42): one at the video's current moment, and the course's
 * notes below — a note of this class takes the player to its moment, one of another class opens
 * that class there; each can be edited and deleted.
 */
export function ClassNotesPanel({
  courseId,
  sectionId,
  currentTime,
  onSeek,
}: {
  courseId: string;
  sectionId: string;
  currentTime: number;
  onSeek(seconds: number): void;
}) {
  const notes = useNotes({ courseId });
  const { create } = useNoteChanges();
  const [body, setBody] = useState('');
  const [at, setAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const headingId = useId();
  const moment = Math.floor(at ?? currentTime);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) {
      setError('Escribí tu nota.');
      return;
    }
    setError(null);
    try {
      await create.mutateAsync({ courseId, sectionId, atSeconds: moment, body });
      setBody('');
      setAt(null);
    } catch (caught) {
      setError(failure(caught));
    }
  }

  return (
    <section className="class-notes" aria-labelledby={headingId}>
      <h2 id={headingId} className="class-notes-title">
        Mis notas
      </h2>
      <form className="class-notes-form" onSubmit={save} noValidate>
        <Field invalid={error !== null}>
          <FieldLabel htmlFor={fieldId}>Nota en el minuto {formatMoment(moment)}</FieldLabel>
          <FieldBox>
            <textarea
              id={fieldId}
              className={fieldInputClass('class-notes-input')}
              rows={2}
              maxLength={classNoteMaxLength}
              value={body}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              // the moment is the one she was at when she started writing
              onFocus={() => setAt((current) => current ?? currentTime)}
              onChange={(event) => setBody(event.target.value)}
            />
          </FieldBox>
          {error && <FieldError id={errorId}>{error}</FieldError>}
        </Field>
        <Button type="submit" size="small" loading={create.isPending}>
          Guardar nota
        </Button>
      </form>
      {notes.data && notes.data.length > 0 && (
        <ol className="class-notes-list" aria-label="Notas de este curso">
          {notes.data.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              jump={note.sectionId === sectionId ? () => onSeek(note.atSeconds) : null}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** One note: its moment (a jump), its words, edit and delete. Used in the viewer and in Mi cuenta. */
export function NoteItem({ note, jump }: { note: ClassNote; jump: (() => void) | null }) {
  const { update, remove } = useNoteChanges();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.body);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const moment = formatMoment(note.atSeconds);

  async function saveEdit(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) {
      setError('Escribí tu nota.');
      return;
    }
    try {
      await update.mutateAsync({ id: note.id, body: draft });
      setEditing(false);
      setError(null);
    } catch (caught) {
      setError(failure(caught));
    }
  }

  return (
    <li className="class-notes-item">
      <p className="class-notes-where">
        {jump ? (
          <Button variant="link" onClick={jump} aria-label={`Ir al minuto ${moment} de ${note.sectionName}`}>
            {moment}
          </Button>
        ) : (
          <Link to={note.href} aria-label={`Abrir ${note.sectionName} en el minuto ${moment}`}>
            {moment}
          </Link>
        )}{' '}
        · {note.sectionName}
      </p>
      {editing ? (
        <form onSubmit={saveEdit} noValidate className="class-notes-form">
          <Field invalid={error !== null}>
            <FieldLabel htmlFor={fieldId}>Editar la nota del minuto {moment}</FieldLabel>
            <FieldBox>
              <textarea
                id={fieldId}
                className={fieldInputClass('class-notes-input')}
                rows={2}
                maxLength={classNoteMaxLength}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            </FieldBox>
            {error && <FieldError>{error}</FieldError>}
          </Field>
          <div className="class-notes-actions">
            <Button type="submit" size="small" loading={update.isPending}>
              Guardar cambios
            </Button>
            <Button variant="ghost" size="small" onClick={() => setEditing(false)}>
              Cancelar
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="class-notes-body">{note.body}</p>
          <div className="class-notes-actions">
            <Button
              variant="ghost"
              size="small"
              onClick={() => setEditing(true)}
              aria-label={`Editar la nota del minuto ${moment}`}
            >
              Editar
            </Button>
            <Button
              variant="ghost"
              size="small"
              loading={remove.isPending}
              onClick={() => remove.mutate(note.id)}
              aria-label={`Borrar la nota del minuto ${moment}`}
            >
              Borrar
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
