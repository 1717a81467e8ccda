/**
 * The Argentina-only notice (spec §5 'Importante'), shown where it matters and never as a blocking
 * dialog (decision 77): on the identification step before a purchase, as a note above the form.
 * The register page shows its own note under the country only when another country is chosen.
 */
export const countryNoticeText =
  'Por ahora, las compras desde la web están disponibles solo para Argentina. Si vivís en otro país, podés crear tu cuenta igual y usar la app.';

export function CountryNotice() {
  return (
    <aside className="country-notice" aria-label="Importante">
      <p>
        <strong>Importante:</strong> {countryNoticeText}
      </p>
    </aside>
  );
}
