import { TextField, type TextFieldProps } from '../../ui/text-field';

/** The fields of the account screens and forms: an e-mail and a code from an e-mail. */

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'name'> & { label?: string; name?: string };

export function EmailField({ label = 'Correo electrónico', name = 'email', ...field }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      name={name}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...field}
    />
  );
}

/** The 6-digit code of a validation or recovery e-mail; spaces are dropped while typing. */
export function CodeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <TextField
      label={label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={12}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\s/g, ''))}
    />
  );
}
