/** A program or pack of the catalogue, as GET /api/admin/grantable-products lists it. */
export interface GrantableProduct {
  id: string;
  name: string;
  kind: 'PROGRAM' | 'PACK';
  published: boolean;
}

export interface GrantChoiceGroup {
  label: string;
  options: { value: string; label: string }[];
}

const groupLabels: Record<GrantableProduct['kind'], string> = { PROGRAM: 'Programas', PACK: 'Packs' };

/**
 * The grant picker's options: programs, then packs, without what she already owns; an unpublished
 * one says so (it can be given, she sees it once it is published). Empty groups are left out.
 */
export function grantChoices(products: GrantableProduct[], ownedIds: Iterable<string>): GrantChoiceGroup[] {
  const owned = new Set(ownedIds);
  return (['PROGRAM', 'PACK'] as const)
    .map((kind) => ({
      label: groupLabels[kind],
      options: products
        .filter((product) => product.kind === kind && !owned.has(product.id))
        .map((product) => ({
          value: product.id,
          label: product.published ? product.name : `${product.name} (sin publicar)`,
        })),
    }))
    .filter((group) => group.options.length > 0);
}
