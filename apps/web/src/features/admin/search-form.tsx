import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

/**
 * The search box over a back-office list: a search field and "Buscar" (enabled from `minLength`
 * characters); `onSearch` gets what was typed, trimmed. `children` go after the button.
 */
export function SearchForm({
  label,
  name,
  value,
  onChange,
  onSearch,
  minLength = 0,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  onSearch(text: string): void;
  minLength?: number;
  children?: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(value.trim());
  }
  return (
    <form className="admin-inline-form" onSubmit={submit}>
      <TextField
        label={label}
        name={name}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <Button type="submit" disabled={value.trim().length < minLength}>
        Buscar
      </Button>
      {children}
    </form>
  );
}
