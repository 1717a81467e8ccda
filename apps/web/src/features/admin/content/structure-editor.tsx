import type { AdminCourse, AdminModule, AdminSection, AdminUploadResult } from '@alcancia/contract/admin';
import { type DragEvent, type FormEvent, useRef, useState } from 'react';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Field, FieldLabel } from '../../../ui/field-parts';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { CaptionsControl } from './captions-control';
import { fieldError, type CourseRun as Run, type UploadHandle, uploadFile } from './content-api';
import { moved } from './structure-order';
import { uploadedVideoName } from './video-packaging';
import { VideoPackagingStatus } from './video-packaging-status';

const typeLabels: Record<AdminSection['type'], string> = {
  CLASS: 'Clase en video',
  DOWNLOADABLE_MATERIAL: 'Material descargable',
  EMPTY: 'Sección sin contenido',
};

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** What is being dragged: a module, or a section of a module. */
interface Dragged {
  kind: 'module' | 'section';
  id: string;
  moduleId?: string;
}

/** "Subir" and "Bajar" for the item at `index` of `count` (`what` names it for screen readers). */
function MoveButtons({
  what,
  index,
  count,
  busy,
  onMove,
}: {
  what: string;
  index: number;
  count: number;
  busy: boolean;
  onMove(to: number): void;
}) {
  return (
    <>
      <Button
        variant="secondary"
        size="compact"
        disabled={busy || index === 0}
        aria-label={`Subir ${what}`}
        onClick={() => onMove(index - 1)}
      >
        Subir
      </Button>
      <Button
        variant="secondary"
        size="compact"
        disabled={busy || index === count - 1}
        aria-label={`Bajar ${what}`}
        onClick={() => onMove(index + 1)}
      >
        Bajar
      </Button>
    </>
  );
}

/**
 * Modules and sections: add, rename, remove and reorder — with the "Subir"/"Bajar" buttons (the
 * keyboard) or by dragging a row onto another. Each order change sends the whole new order.
 */
export function StructureEditor({
  course,
  run,
  busy,
  error,
}: {
  course: AdminCourse;
  run: Run;
  busy: boolean;
  error: unknown;
}) {
  const [name, setName] = useState('');
  const dragged = useRef<Dragged | null>(null);
  const moduleIds = course.modules.map((m) => m.id);

  const orderModules = (ids: string[]) =>
    run(
      { method: 'PUT', path: '/modules/order', body: { moduleIds: ids } },
      'Orden de los módulos guardado.',
    );
  const orderSections = (module: AdminModule, ids: string[]) =>
    run(
      {
        method: 'PUT',
        path: `/modules/${encodeURIComponent(module.id)}/sections/order`,
        body: { sectionIds: ids },
      },
      'Orden de las secciones guardado.',
    );

  function addModule(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    run({ method: 'POST', path: '/modules', body: { name } }, 'Módulo agregado.');
    setName('');
  }

  /** A row that can be dragged (it becomes `dragged`) and dropped on (`drop`). */
  const draggableRow = (source: Dragged, drop: (event: DragEvent) => void) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      dragged.current = source;
    },
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: drop,
  });

  const onDrop = (event: DragEvent, kind: 'module' | 'section', targetId: string, module?: AdminModule) => {
    event.preventDefault();
    const source = dragged.current;
    dragged.current = null;
    if (!source || source.kind !== kind || source.id === targetId) return;
    if (kind === 'module') orderModules(moved(moduleIds, source.id, moduleIds.indexOf(targetId)));
    else if (module && source.moduleId === module.id) {
      const ids = module.sections.map((s) => s.id);
      orderSections(module, moved(ids, source.id, ids.indexOf(targetId)));
    }
  };

  return (
    <div className="admin-panel admin-stack">
      <h2>Módulos y secciones</h2>
      <p className="admin-muted">
        Reordená con los botones Subir y Bajar o arrastrando una fila. Quitar una sección no borra el progreso
        de las alumnas en las demás.
      </p>
      {course.modules.length === 0 && <p>Todavía no hay módulos.</p>}
      <ol className="content-modules">
        {course.modules.map((module, m) => (
          <li
            key={module.id}
            className="content-module"
            {...draggableRow({ kind: 'module', id: module.id }, (event) =>
              onDrop(event, 'module', module.id),
            )}
          >
            <ModuleHeader
              module={module}
              index={m}
              count={course.modules.length}
              busy={busy}
              run={run}
              onMove={(to) => orderModules(moved(moduleIds, module.id, to))}
            />
            <ol className="content-sections">
              {module.sections.map((section, s) => (
                <li
                  key={section.id}
                  className="content-section"
                  {...draggableRow({ kind: 'section', id: section.id, moduleId: module.id }, (event) => {
                    event.stopPropagation();
                    onDrop(event, 'section', section.id, module);
                  })}
                >
                  <span className="content-drag" aria-hidden="true">
                    ⠿
                  </span>
                  <span className="content-grow">
                    {section.name}{' '}
                    <span className="admin-muted">
                      · {typeLabels[section.type]}
                      {section.type === 'CLASS' && ` · ${minutes(section.duration)}`}
                    </span>
                    {section.type === 'CLASS' && uploadedVideoName(section.sectionUrl) && (
                      <>
                        {' '}
                        <VideoPackagingStatus
                          videoName={uploadedVideoName(section.sectionUrl) as string}
                          label={section.name}
                        />
                      </>
                    )}
                    {section.type === 'CLASS' && <CaptionsControl section={section} run={run} busy={busy} />}
                  </span>
                  <span className="admin-actions">
                    <MoveButtons
                      what={`la sección ${section.name}`}
                      index={s}
                      count={module.sections.length}
                      busy={busy}
                      onMove={(to) =>
                        orderSections(
                          module,
                          moved(
                            module.sections.map((x) => x.id),
                            section.id,
                            to,
                          ),
                        )
                      }
                    />
                    <Button
                      variant="secondary"
                      size="compact"
                      disabled={busy}
                      aria-label={`Quitar la sección ${section.name}`}
                      onClick={() => {
                        if (window.confirm(`¿Quitar la sección «${section.name}»?`)) {
                          run(
                            { method: 'DELETE', path: `/sections/${encodeURIComponent(section.id)}` },
                            'Sección quitada.',
                          );
                        }
                      }}
                    >
                      Quitar
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
            <NewSectionForm module={module} run={run} busy={busy} error={error} />
          </li>
        ))}
      </ol>
      <form className="admin-inline-form" onSubmit={addModule} aria-label="Agregar un módulo">
        <TextField
          label="Nombre del módulo nuevo"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={busy || !name.trim()}>
          Agregar módulo
        </Button>
      </form>
    </div>
  );
}

function ModuleHeader({
  module,
  index,
  count,
  busy,
  run,
  onMove,
}: {
  module: AdminModule;
  index: number;
  count: number;
  busy: boolean;
  run: Run;
  onMove(to: number): void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(module.name);
  const path = `/modules/${encodeURIComponent(module.id)}`;
  if (editing) {
    return (
      <form
        className="admin-inline-form"
        aria-label={`Renombrar el módulo ${module.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          run({ method: 'PATCH', path, body: { name } }, 'Módulo renombrado.');
          setEditing(false);
        }}
      >
        <TextField label="Nombre del módulo" value={name} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" disabled={busy}>
          Guardar
        </Button>
        <Button variant="secondary" onClick={() => setEditing(false)}>
          Cancelar
        </Button>
      </form>
    );
  }
  return (
    <div className="content-module-header">
      <span className="content-drag" aria-hidden="true">
        ⠿
      </span>
      <h3 className="content-grow">
        Módulo {index + 1}: {module.name}
      </h3>
      <span className="admin-actions">
        <MoveButtons
          what={`el módulo ${module.name}`}
          index={index}
          count={count}
          busy={busy}
          onMove={onMove}
        />
        <Button
          variant="secondary"
          size="compact"
          disabled={busy}
          aria-label={`Renombrar el módulo ${module.name}`}
          onClick={() => setEditing(true)}
        >
          Renombrar
        </Button>
        <Button
          variant="secondary"
          size="compact"
          disabled={busy}
          aria-label={`Quitar el módulo ${module.name}`}
          onClick={() => {
            if (window.confirm(`¿Quitar el módulo «${module.name}» con sus secciones?`)) {
              run({ method: 'DELETE', path }, 'Módulo quitado.');
            }
          }}
        >
          Quitar
        </Button>
      </span>
    </div>
  );
}

const accepts: Record<AdminSection['type'], string> = {
  CLASS: 'video/mp4,.mp4',
  DOWNLOADABLE_MATERIAL:
    'application/pdf,.pdf,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  EMPTY: '',
};

/** A new section at the end of a module; a class or material file is uploaded here (resumable). */
function NewSectionForm({
  module,
  run,
  busy,
  error,
}: {
  module: AdminModule;
  run: Run;
  busy: boolean;
  error: unknown;
}) {
  const [name, setName] = useState('');
  const [type, setType] = useState<AdminSection['type']>('CLASS');
  const [file, setFile] = useState<AdminUploadResult | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  const handle = useRef<UploadHandle | null>(null);
  const fileId = `archivo-${module.id}`;

  function choose(chosen: File | undefined) {
    setFile(null);
    setUploadError(null);
    if (!chosen) return;
    setProgress(0);
    setPaused(false);
    const upload = uploadFile(chosen, (sent, total) => setProgress(Math.floor((sent / total) * 100)));
    handle.current = upload;
    upload.done
      // the file's name is never written into the title: what she typed (or will type) stays
      .then((result) => setFile(result))
      .catch((failure: Error) => setUploadError(failure.message))
      .finally(() => {
        setProgress(null);
        handle.current = null;
      });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = { name, type };
    if (type !== 'EMPTY' && file) {
      Object.assign(body, {
        sectionUrl: file.sectionUrl,
        mimeType: file.mimeType,
        fileExtension: file.fileExtension,
        duration: type === 'CLASS' ? file.duration : 0,
      });
    }
    // cleared once saved: a refused section keeps what she typed
    run(
      { method: 'POST', path: `/modules/${encodeURIComponent(module.id)}/sections`, body },
      'Sección agregada.',
      () => {
        setName('');
        setFile(null);
      },
    );
  }

  const index = module.sections.length;
  // the server names a new section's problems by its place: modules[i].sections[j].field
  const e = (field: string) => fieldError(error, `modules[${module.order - 1}].sections[${index}].${field}`);
  return (
    <form
      className="content-new-section admin-stack"
      onSubmit={submit}
      aria-label={`Agregar una sección al módulo ${module.name}`}
    >
      <div className="admin-form-grid">
        <TextField
          label="Nombre de la sección"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={e('name')}
        />
        <SelectField
          label="Tipo de sección"
          value={type}
          onChange={(event) => {
            setType(event.target.value as AdminSection['type']);
            setFile(null);
          }}
        >
          {(Object.keys(typeLabels) as AdminSection['type'][]).map((t) => (
            <option key={t} value={t}>
              {typeLabels[t]}
            </option>
          ))}
        </SelectField>
        {type !== 'EMPTY' && (
          <Field>
            <FieldLabel htmlFor={fileId}>
              {type === 'CLASS' ? 'Video (MP4)' : 'Archivo (PDF o XLSX)'}
            </FieldLabel>
            <input
              id={fileId}
              type="file"
              accept={accepts[type]}
              disabled={progress !== null}
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </Field>
        )}
      </div>
      {progress !== null && (
        <div className="content-upload">
          <progress max={100} value={progress} aria-label={`Subiendo el archivo: ${progress}%`} />
          <span aria-live="polite">{paused ? `En pausa (${progress}%)` : `Subiendo… ${progress}%`}</span>
          <Button
            variant="secondary"
            size="compact"
            onClick={() => {
              if (paused) handle.current?.resume();
              else handle.current?.pause();
              setPaused(!paused);
            }}
          >
            {paused ? 'Seguir' : 'Pausar'}
          </Button>
        </div>
      )}
      {uploadError && <Banner tone="danger">{uploadError}</Banner>}
      {file && (
        <p role="status">
          Archivo listo: {file.name}
          {file.kind === 'video' && ` (${minutes(file.duration)})`}
        </p>
      )}
      {file?.kind === 'video' && uploadedVideoName(file.sectionUrl) && (
        <VideoPackagingStatus videoName={uploadedVideoName(file.sectionUrl) as string} label={file.name} />
      )}
      <div className="admin-actions">
        <Button
          type="submit"
          variant="secondary"
          disabled={busy || progress !== null || (type !== 'EMPTY' && !file)}
        >
          Agregar sección
        </Button>
      </div>
    </form>
  );
}
