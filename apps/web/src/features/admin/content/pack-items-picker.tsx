import { MultiCombobox } from '../../../ui/multi-combobox';
import { kindLabels, useCourses } from './content-api';

/**
 * A pack's contents, picked by name from the catalogue's courses and programs (issue 40), in the
 * order the pack lists them.
 */
export function PackItemsPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange(items: string[]): void;
  error: string | null;
}) {
  const catalogue = useCourses({});
  const options = (catalogue.data?.items ?? [])
    .filter((item) => item.kind === 'COURSE' || item.kind === 'PROGRAM')
    .map((item) => ({
      value: item.id,
      label: item.name,
      detail: item.published ? kindLabels[item.kind] : `${kindLabels[item.kind]}, sin publicar`,
    }));
  return (
    <div className="admin-form-wide">
      <MultiCombobox
        label="Contenidos del pack"
        options={options}
        value={value}
        onChange={onChange}
        emptyText="Todavía no agrupa ningún contenido."
        hint="Buscá cursos y programas por su nombre; el pack los muestra en el orden en que los elegís."
        error={error}
        disabled={catalogue.isPending}
      />
    </div>
  );
}
