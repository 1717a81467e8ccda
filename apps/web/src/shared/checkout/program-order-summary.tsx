import type { InstallmentOption, ProgramPreview } from '@alcancia/contract';
import { useId } from 'react';
import { formatMoney } from '../../lib/format';
import { financingTerms, formatRate } from './financing';
import { PriceWithoutNationalTaxes } from './national-taxes';

/**
 * The program checkout's order summary: the program, its regular price and discount (its own or a
 * promo code's, as a rounded percent), the price, and the total with the chosen installments. In
 * cuotas it tells the cash price, each cuota, the financing cost, TNA, CFTEA (highlighted) and the
 * total financed, the figures the mail, the receipt and Mi cuenta repeat (decision 0103); "sin
 * interés" only when she pays nothing over the cash price. Prices in es-AR pesos.
 */
export function ProgramOrderSummary({
  preview,
  installment,
}: {
  preview: ProgramPreview;
  /** the chosen option, when there is one */
  installment: InstallmentOption | null;
}) {
  const titleId = useId();
  const discount = preview.regularPrice > preview.price ? preview.regularPrice - preview.price : 0;
  const total = installment ? installment.totalAmount : preview.price;
  // in cuotas: the cash price, each cuota, the total financed, TNA and CFTEA (issue 28)
  const financed =
    installment && installment.installments > 1 ? financingTerms(installment, preview.price) : null;
  return (
    <section className="checkout-card order-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-card-title">
        Resumen de tu compra
      </h2>
      <dl className="summary-list">
        <div>
          <dt>{preview.type === 'PACK' ? 'Pack' : 'Programa'}</dt>
          <dd>{preview.name}</dd>
        </div>
        {preview.modulesAmount > 0 && (
          <div>
            <dt>Contenido</dt>
            <dd>
              {preview.modulesAmount} {preview.modulesAmount === 1 ? 'módulo' : 'módulos'} ·{' '}
              {preview.classesAmount} {preview.classesAmount === 1 ? 'clase' : 'clases'}
            </dd>
          </div>
        )}
        {discount > 0 && (
          <>
            <div>
              <dt>Precio regular</dt>
              <dd>{formatMoney(preview.regularPrice)}</dd>
            </div>
            <div className="summary-discount">
              <dt>
                {preview.promoCodeApplied ? `Descuento con ${preview.promoCodeApplied}` : 'Descuento'}
                {preview.discountApplied > 0 && ` (${preview.discountApplied}%)`}
              </dt>
              <dd>− {formatMoney(discount)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{financed ? 'Precio de contado' : 'Precio'}</dt>
          <dd>
            {formatMoney(preview.price)}
            <PriceWithoutNationalTaxes centavos={preview.price} />
          </dd>
        </div>
        {financed && (
          <>
            <div>
              <dt>Cuotas</dt>
              <dd>
                {financed.installments} × {formatMoney(financed.installmentAmount)}
                {financed.interestFree ? ' sin interés' : ''}
              </dd>
            </div>
            {!financed.interestFree && (
              <div>
                <dt>Costo de financiación</dt>
                <dd>{formatMoney(financed.totalFinanced - financed.cashPrice)}</dd>
              </div>
            )}
            <div>
              <dt>
                <abbr title="Tasa nominal anual">TNA</abbr>
              </dt>
              <dd>{formatRate(financed.tna)}</dd>
            </div>
            <div className="summary-cft">
              <dt>
                <abbr title="Costo financiero total efectivo anual">CFTEA</abbr>
              </dt>
              <dd>{formatRate(financed.cftea)}</dd>
            </div>
          </>
        )}
      </dl>
      <p className="summary-total">
        <span>{financed ? 'Total financiado' : 'Total'}</span>
        <strong>{formatMoney(total)}</strong>
      </p>
      {financed && <PriceWithoutNationalTaxes centavos={total} />}
      <p className="summary-note">Es un pago único, sin renovaciones: el programa queda en tu cuenta.</p>
    </section>
  );
}
