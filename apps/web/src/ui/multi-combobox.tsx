import './multi-combobox.css';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface ComboboxOption {
  value: string;
  /** what the person reads and searches */
  label: string;
  /** a second, quieter word about it ("Pack", "sin publicar"); searched too */
  detail?: string;
}

export interface MultiComboboxProps {
  label: string;
  options: readonly ComboboxOption[];
  /** the values chosen, in the order they were picked */
  value: readonly string[];
  onChange(value: string[]): void;
  /** help text under the field, read with it */
  hint?: ReactNode;
  /** the field's error, shown under it and announced */
  error?: string | null;
  /** what the chosen list says while nothing is chosen ("Ninguno: vale para todos") */
  emptyText?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/** Lower case, without accents: "Inversión" is found by "inversion". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** The options whose label, detail or value holds every word typed, in their order. */
export function matchingOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const text = folded(`${option.label} ${option.detail ?? ''} ${option.value}`);
    return words.every((word) => text.includes(word));
  });
}

/**
 * Picks several items from a long list by name (WAI-ARIA combobox with a multi-select listbox,
 * issue 40): she types part of a name, moves with ↑ ↓, and Enter (or a click) adds or removes the
 * highlighted one; Escape closes the list, then clears the text. What she picked is listed above
 * the box, each with its own «Quitar» button, in the order she picked it. A value the options do
 * not hold (an item since deleted) is listed by its id, so it can still be removed.
 */
export function MultiCombobox({
  label,
  options,
  value,
  onChange,
  hint,
  error,
  emptyText,
  placeholder = 'Escribí para buscar…',
  disabled = false,
  id,
}: MultiComboboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const listId = `${inputId}-opciones`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const statusId = `${inputId}-estado`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // the highlighted option; none (-1) until ↑ or ↓ is pressed, so typing never picks by itself
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  const matches = matchingOptions(options, query);
  const activeIndex = Math.min(active, matches.length - 1);
  const activeOption = open && activeIndex >= 0 ? matches[activeIndex] : undefined;
  const optionId = (index: number) => `${inputId}-opcion-${index}`;
  const labels = new Map(options.map((option) => [option.value, option.label]));
  const chosen = new Set(value);

  const toggle = (option: ComboboxOption) => {
    onChange(chosen.has(option.value) ? value.filter((v) => v !== option.value) : [...value, option.value]);
  };
  const remove = (item: string) => {
    onChange(value.filter((v) => v !== item));
    inputRef.current?.focus();
  };
  const show = (index: number) => {
    setOpen(true);
    setActive(index);
    // keep the highlighted option in view in a scrolled list
    requestAnimationFrame(() =>
      document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' }),
    );
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (last < 0) return setOpen(true);
      show(open ? Math.min(activeIndex + 1, last) : Math.max(activeIndex, 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (last < 0) return setOpen(true);
      show(open && activeIndex >= 0 ? Math.max(activeIndex - 1, 0) : last);
    } else if (event.key === 'Enter') {
      // Enter picks; it never submits the form around the field
      event.preventDefault();
      if (activeOption) toggle(activeOption);
      else setOpen(true);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      } else if (query) {
        event.preventDefault();
        setQuery('');
      }
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  const describedBy = [hint ? hintId : null, error ? errorId : null, statusId].filter(Boolean).join(' ');
  const status = !open
    ? ''
    : matches.length === 0
      ? 'Ninguna opción coincide.'
      : matches.length === 1
        ? '1 opción.'
        : `${matches.length} opciones.`;

  return (
    <div className={`field combobox${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      {value.length > 0 ? (
        <ul className="combobox-chosen" aria-label={`${label}: elegidos`}>
          {value.map((item) => {
            const name = labels.get(item) ?? item;
            return (
              <li key={item} className="combobox-chip">
                <span>{name}</span>
                <button
                  type="button"
                  className="combobox-remove"
                  aria-label={`Quitar ${name}`}
                  disabled={disabled}
                  onClick={() => remove(item)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        emptyText && <p className="combobox-none">{emptyText}</p>
      )}
      <div className="combobox-anchor">
        <div className="field-box">
          <input
            ref={inputRef}
            id={inputId}
            className="field-input"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={activeOption ? optionId(activeIndex) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            placeholder={placeholder}
            disabled={disabled}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
        </div>
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          aria-multiselectable="true"
          className="combobox-list"
          hidden={!open || matches.length === 0}
        >
          {matches.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the combobox pattern keeps the focus (and the keys) in the box; the option is pointed at with aria-activedescendant
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={chosen.has(option.value)}
              className={index === activeIndex ? 'combobox-option combobox-option-active' : 'combobox-option'}
              // a press keeps the focus in the box (no blur that would close the list first)
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setActive(index);
                toggle(option);
              }}
            >
              <span className="combobox-check" aria-hidden="true">
                {chosen.has(option.value) ? '✓' : ''}
              </span>
              <span>
                {option.label}
                {option.detail && <span className="combobox-detail"> · {option.detail}</span>}
              </span>
            </div>
          ))}
        </div>
      </div>
      <p id={statusId} className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
