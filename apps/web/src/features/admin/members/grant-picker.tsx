import { Banner } from '../../../ui/banner';
import { Spinner } from '../../../ui/feedback';
import { SelectField } from '../../../ui/select-field';
import { adminErrorText } from '../admin-api';
import { grantChoices } from './grant-choices';
import { useGrantableProducts } from './members-api';

/** The catalogue's programs and packs she does not own yet, to pick one (asked when the dialog opens). */
export function GrantPicker({
  open,
  ownedIds,
  value,
  onChange,
}: {
  open: boolean;
  ownedIds: string[];
  value: string;
  onChange(productId: string): void;
}) {
  const products = useGrantableProducts(open);
  if (products.isPending) return <Spinner label="Cargando los programas y packs…" />;
  if (products.isError) return <Banner tone="danger">{adminErrorText(products.error)}</Banner>;
  const groups = grantChoices(products.data.items, ownedIds);
  if (groups.length === 0) return <p>Ya tiene todos los programas y packs del catálogo.</p>;
  return (
    <SelectField
      label="Programa o pack"
      name="productId"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Elegí uno…</option>
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
