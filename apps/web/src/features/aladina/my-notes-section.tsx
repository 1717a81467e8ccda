import { useId, useState } from 'react';
import { usePageTitle } from '../../lib/use-page-title';
import { NoteItem } from '../../shared/class-notes/class-notes-panel';
import { useNotes } from '../../shared/class-notes/notes-api';
import { Banner } from '../../ui/banner';
import { Spinner } from '../../ui/feedback';
import { Field, FieldBox, FieldLabel, fieldInputClass } from '../../ui/field-parts';

/**
 * Mi cuenta › Mis notas (issue 42): every note she kept inside the classes, newest first, found by
 * their words (accents folded); each opens its class at its moment, and can be edited or deleted.
 */
export default function MyNotesSection() {
  usePageTitle('Mis notas');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const notes = useNotes(query.trim() ? { q: query.trim() } : {});
  return (
    <section aria-labelledby="my-notes-title">
      <h2 id="my-notes-title">Mis notas</h2>
      <p>Las notas que guardaste en las clases. Solo vos las ves.</p>
      <Field>
        <FieldLabel htmlFor={searchId}>Buscar en mis notas</FieldLabel>
        <FieldBox>
          <input
            id={searchId}
            type="search"
            className={fieldInputClass()}
            value={query}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
          />
        </FieldBox>
      </Field>
      {notes.isPending && <Spinner label="Cargando tus notas…" />}
      {notes.isError && (
        <Banner tone="danger">
          <p>No pudimos cargar tus notas. Intentá nuevamente.</p>
        </Banner>
      )}
      {notes.data?.length === 0 && (
        <p role="status">
          {query.trim() ? 'Ninguna nota coincide con tu búsqueda.' : 'Todavía no guardaste notas.'}
        </p>
      )}
      {notes.data && notes.data.length > 0 && (
        <ol className="class-notes-list" aria-label="Mis notas">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} jump={null} />
          ))}
        </ol>
      )}
    </section>
  );
}
