import type { ReactNode } from 'react';

/*
 * One of the field parts (field-parts.tsx), in a file of its own: the academy's search hint needs
 * only this one, and the first load of /academy carries what its modules import.
 */

/** Help under the field (`info`: a note that stands out); give it an id the control names in aria-describedby. */
export function FieldHint({
  id,
  info = false,
  children,
}: {
  id?: string;
  info?: boolean;
  children: ReactNode;
}) {
  return (
    <p id={id} className={info ? 'field-hint field-hint-info' : 'field-hint'}>
      {children}
    </p>
  );
}
