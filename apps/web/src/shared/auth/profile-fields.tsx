import { type CountryCode, countries } from '@alcancia/contract/rules';
import { type ReactNode, useId } from 'react';
import { FieldHint } from '../../ui/field-hint';
import { Field, FieldBox, FieldLabel, fieldInputClass } from '../../ui/field-parts';
import { TextField } from '../../ui/text-field';
import { callingCodeOf, sanitizePhoneInput } from './form-rules';

/** The country select and the phone with its calling code: the register forms and the onboarding dialog. */

export function CountrySelect({
  value,
  onChange,
  invalid = false,
  placeholder,
  note,
}: {
  value: CountryCode | '';
  onChange(value: CountryCode | ''): void;
  invalid?: boolean;
  /** an empty first option ('Elegí tu país') */
  placeholder?: string;
  /** a note under the select, read with it */
  note?: string | null;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <Field invalid={invalid}>
      <FieldLabel htmlFor={id}>País</FieldLabel>
      <FieldBox select>
        <select
          id={id}
          name="country"
          className={fieldInputClass()}
          autoComplete="country"
          value={value}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => onChange(event.target.value as CountryCode | '')}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </FieldBox>
      {note && (
        <FieldHint id={noteId} info>
          {note}
        </FieldHint>
      )}
    </Field>
  );
}

/** The help under the phone: how to write it for the chosen country. */
export function phoneHint(country: CountryCode | ''): string {
  const callingCode = callingCodeOf(country);
  if (country === 'AR') {
    return 'Código de país +54. Escribí el código de área y el número, sin 0 ni 15. Ej.: 11 2345 6789.';
  }
  return callingCode
    ? `Código de país +${callingCode}. Escribí tu número, solo con números.`
    : 'Incluí el código de tu país. Ej.: 44 20 7946 0958.';
}

/** The phone, after the country's calling code; only what a phone may hold can be typed. */
export function PhoneField({
  country,
  value,
  onChange,
  onBlur,
  error,
  hint,
}: {
  country: CountryCode | '';
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string | null;
  hint: ReactNode;
}) {
  const callingCode = callingCodeOf(country);
  return (
    <TextField
      label="Teléfono"
      type="tel"
      name="phone"
      autoComplete="tel-national"
      inputMode="tel"
      value={value}
      onChange={(event) => onChange(sanitizePhoneInput(event.target.value))}
      onBlur={onBlur}
      error={error}
      prefix={
        callingCode ? (
          <span className="field-prefix" aria-hidden="true">
            +{callingCode}
          </span>
        ) : null
      }
      hint={hint}
    />
  );
}
