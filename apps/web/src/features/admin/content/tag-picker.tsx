import { tagCodeOf } from '@alcancia/contract/admin';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { FieldHint } from '../../../ui/field-hint';
import { Field, FieldBox, FieldError, FieldLabel, fieldInputClass } from '../../../ui/field-parts';
import { adminErrorText } from '../admin-api';
import { useContentTags, useCreateTag } from './content-api';

/**
 * The content's tags (issue 29, decision 0119): every tag of the catalogue as a checkbox, by its
 * name, and a new one named in words and added to the catalogue. The order is kept: the first
 * tag is the card's badge.
 */
export function TagPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange(tags: string[]): void;
  error?: string | null;
}) {
  const inputId = useId();
  const known = useContentTags().data?.items ?? [];
  const create = useCreateTag();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const labels = new Map(known.map((tag) => [tag.code, tag.label]));
  // a tag the content has but the list does not (yet) shows by its code
  const options = [
    ...known,
    ...value.filter((code) => !labels.has(code)).map((code) => ({ code, label: code })),
  ];
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value.filter((t) => t !== code), code] : value.filter((t) => t !== code));
  const add = () => {
    if (!tagCodeOf(draft)) return setProblem('Escribí la etiqueta nueva, por ejemplo «Ahorro en pesos».');
    setProblem(null);
    create.mutate(draft.trim(), {
      onSuccess: (tag) => {
        setDraft('');
        if (!value.includes(tag.code)) onChange([...value, tag.code]);
      },
      onError: (failure) => setProblem(adminErrorText(failure)),
    });
  };
  return (
    <fieldset className="content-tags" aria-describedby={`${inputId}-hint`}>
      <FieldLabel as="legend">Etiquetas</FieldLabel>
      <FieldHint id={`${inputId}-hint`}>La primera marcada se muestra como insignia en la tarjeta.</FieldHint>
      <div className="content-tag-list">
        {options.map((tag) => (
          <label key={tag.code} className="admin-check">
            <input
              type="checkbox"
              checked={value.includes(tag.code)}
              onChange={(event) => toggle(tag.code, event.target.checked)}
            />
            {tag.label}
          </label>
        ))}
      </div>
      <div className="admin-inline-form">
        <Field invalid={Boolean(problem)}>
          <FieldLabel htmlFor={inputId}>Etiqueta nueva</FieldLabel>
          <FieldBox>
            <input
              id={inputId}
              className={fieldInputClass()}
              value={draft}
              maxLength={60}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the tag; it does not save the whole form
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-error` : undefined}
            />
          </FieldBox>
          {problem && <FieldError id={`${inputId}-error`}>{problem}</FieldError>}
        </Field>
        <Button variant="secondary" onClick={add} disabled={create.isPending}>
          Agregar etiqueta
        </Button>
      </div>
      {error && <FieldError>{error}</FieldError>}
    </fieldset>
  );
}
