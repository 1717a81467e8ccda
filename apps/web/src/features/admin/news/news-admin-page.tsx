import type { AdminNewsPost, AdminNewsPostInput } from '@alcancia/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { FieldHint } from '../../../ui/field-hint';
import { Field, FieldBox, FieldError, FieldLabel, fieldInputClass } from '../../../ui/field-parts';
import { TextField } from '../../../ui/text-field';
import { adminErrorText } from '../admin-api';
import { formatDateTime } from '../admin-format';
import { AdminTable } from '../admin-table';
import {
  createNewsPost,
  newsPostsKey,
  publishNewsPost,
  updateNewsPost,
  useNewsPosts,
} from './news-admin-api';

const empty: Required<AdminNewsPostInput> = {
  title: '',
  coverUrl: '',
  coverAlt: '',
  body: '',
  linkCourseId: null,
  linkSectionId: null,
};

const draftOf = (post: AdminNewsPost): Required<AdminNewsPostInput> => ({
  title: post.title,
  coverUrl: post.coverUrl ?? '',
  coverAlt: post.coverAlt,
  body: post.body,
  linkCourseId: post.linkCourseId,
  linkSectionId: post.linkSectionId,
});

/**
 * /admin/novedades (content: editors and admins; issue 44): the academy's posts for Novedades. Write,
 * change, publish and take back; the text takes a small format (no HTML: the API refuses it).
 */
export default function NewsAdminPage() {
  usePageTitle('Novedades de la academia');
  const posts = useNewsPosts();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminNewsPost | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function togglePublished(post: AdminNewsPost) {
    setFailure(null);
    try {
      const published = post.publishedAt === null;
      await publishNewsPost(post.id, published);
      setNotice(published ? `Publicaste «${post.title}».` : `Sacaste «${post.title}» de Novedades.`);
      await queryClient.invalidateQueries({ queryKey: newsPostsKey });
    } catch (error) {
      setFailure(adminErrorText(error));
    }
  }

  if (posts.isPending) return <Spinner />;
  if (posts.isError) return <Banner tone="danger">{adminErrorText(posts.error)}</Banner>;
  return (
    <section className="admin-stack">
      <h1>Novedades de la academia</h1>
      <div aria-live="polite">
        {notice && <Banner tone="success">{notice}</Banner>}
        {failure && <Banner tone="danger">{failure}</Banner>}
      </div>
      {editing ? (
        <PostForm
          post={editing === 'new' ? null : editing}
          onDone={async (saved) => {
            setEditing(null);
            if (saved) {
              setNotice(`Guardaste «${saved.title}».`);
              await queryClient.invalidateQueries({ queryKey: newsPostsKey });
            }
          }}
        />
      ) : (
        <div>
          <Button variant="primary" onClick={() => setEditing('new')}>
            Escribir una novedad
          </Button>
        </div>
      )}
      {posts.data.items.length === 0 ? (
        <p>
          Todavía no hay novedades. Escribí la primera: las alumnas la ven en Novedades cuando la publicás.
        </p>
      ) : (
        <AdminTable caption="Novedades" columns={['Título', 'Estado', 'Actualizada', '']}>
          {posts.data.items.map((post) => (
            <tr key={post.id}>
              <td>{post.title}</td>
              <td>{post.publishedAt ? `Publicada el ${formatDateTime(post.publishedAt)}` : 'Borrador'}</td>
              <td>{formatDateTime(post.updatedAt)}</td>
              <td className="admin-actions">
                <Button size="small" variant="secondary" onClick={() => setEditing(post)}>
                  Editar<span className="visually-hidden"> «{post.title}»</span>
                </Button>
                <Button
                  size="small"
                  variant={post.publishedAt ? 'ghost' : 'primary'}
                  onClick={() => togglePublished(post)}
                >
                  {post.publishedAt ? 'Despublicar' : 'Publicar'}
                  <span className="visually-hidden"> «{post.title}»</span>
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

function PostForm({
  post,
  onDone,
}: {
  post: AdminNewsPost | null;
  onDone: (saved: AdminNewsPost | null) => void;
}) {
  const [draft, setDraft] = useState(post ? draftOf(post) : empty);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const bodyId = useId();
  const set = (field: keyof AdminNewsPostInput) => (value: string) =>
    setDraft((d) => ({
      ...d,
      [field]: field === 'linkCourseId' || field === 'linkSectionId' ? value.trim() || null : value,
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      onDone(post ? await updateNewsPost(post.id, draft) : await createNewsPost(draft));
    } catch (failure) {
      setError(adminErrorText(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="admin-stack"
      onSubmit={submit}
      noValidate
      aria-label={post ? 'Editar la novedad' : 'Nueva novedad'}
    >
      <h2>{post ? 'Editar la novedad' : 'Nueva novedad'}</h2>
      <TextField label="Título" value={draft.title} onChange={(e) => set('title')(e.target.value)} required />
      <TextField
        label="Portada (dirección de la imagen)"
        hint="Una ruta de Alcancía (/covers/…) o una dirección https://. Opcional."
        value={draft.coverUrl}
        onChange={(e) => set('coverUrl')(e.target.value)}
      />
      <TextField
        label="Descripción de la portada"
        hint="Qué muestra la imagen, para quien no la ve."
        value={draft.coverAlt}
        onChange={(e) => set('coverAlt')(e.target.value)}
      />
      <Field invalid={Boolean(error)}>
        <FieldLabel htmlFor={bodyId}>Texto</FieldLabel>
        <FieldBox>
          <textarea
            id={bodyId}
            className={fieldInputClass()}
            rows={8}
            value={draft.body}
            onChange={(e) => set('body')(e.target.value)}
            aria-describedby={`${bodyId}-hint${error ? ` ${bodyId}-error` : ''}`}
            aria-invalid={error ? true : undefined}
          />
        </FieldBox>
        <FieldHint id={`${bodyId}-hint`}>
          Formato: **negrita**, *cursiva*, "## " para un subtítulo, "- " para una lista y [texto](https://…)
          para un enlace. No admite HTML.
        </FieldHint>
        {error && <FieldError id={`${bodyId}-error`}>{error}</FieldError>}
      </Field>
      <TextField
        label="Enlace a un curso o programa (su identificador)"
        hint="Opcional, por ejemplo presupuesto-mensual."
        value={draft.linkCourseId ?? ''}
        onChange={(e) => set('linkCourseId')(e.target.value)}
      />
      <TextField
        label="Clase de ese curso (su identificador)"
        hint="Opcional: el botón abre esa clase."
        value={draft.linkSectionId ?? ''}
        onChange={(e) => set('linkSectionId')(e.target.value)}
      />
      <div className="admin-actions">
        <Button type="submit" variant="primary" disabled={saving}>
          Guardar
        </Button>
        <Button type="button" variant="secondary" onClick={() => onDone(null)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
