import { useEffect, useState } from 'react';
import { TextField } from '../../ui/text-field';
import { formatDay, parseDay } from './admin-format';

/**
 * A calendar day typed as es-AR writes it, dd/mm/aaaa (a browser's date input shows the
 * browser's own order, often mm/dd/yyyy). `value` and `onChange` carry "2026-12-27", or "" when
 * empty; while what is typed is not a day the field says so and `onChange` gets what was typed, so
 * the form's own check refuses it.
 */
export function DayField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  onChange(next: string): void;
  error?: string | null;
  hint?: string;
}) {
  const [text, setText] = useState(() => (value ? formatDay(value) : ''));
  // a value set from outside (a reset, a loaded record) is shown as a day
  useEffect(() => {
    setText((typed) => {
      const typedDay = typed.trim() ? parseDay(typed) : '';
      return typedDay === value || (typedDay === null && typed === value)
        ? typed
        : value
          ? formatDay(value)
          : '';
    });
  }, [value]);
  const invalid = text.trim() !== '' && parseDay(text) === null;
  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      value={text}
      hint={hint ?? 'dd/mm/aaaa'}
      error={invalid ? 'Escribí la fecha como dd/mm/aaaa, por ejemplo 27/12/2026.' : error}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        onChange(typed.trim() === '' ? '' : (parseDay(typed) ?? typed));
      }}
    />
  );
}
