import {
  type PlanPricePreview,
  type PlanPricePreviewItem,
  priceChangeNoticeDays,
} from '@alcancia/contract/admin';
import { frequencyLabels } from '../../../shared/checkout/plan-rules';
import { formatDay, formatPesos } from '../admin-format';

const frequencyLabel = (frequency: string) =>
  (frequencyLabels as Record<string, string>)[frequency] ?? frequency;

const subscribers = (count: number) => (count === 1 ? '1 suscriptora' : `${count} suscriptoras`);

/** "$ 9.900,00 → $ 10.900,00"; a missing discount reads "sin descuento". */
const fromTo = (from: number | null, to: number | null) =>
  `${from === null ? 'sin descuento' : formatPesos(from)} → ${to === null ? 'sin descuento' : formatPesos(to)}`;

function ChangeLine({ change }: { change: PlanPricePreviewItem }) {
  const { regularPrice, discountPrice, charged } = change;
  const parts: string[] = [];
  if (charged.from !== charged.to) parts.push(`se cobra ${fromTo(charged.from, charged.to)}`);
  if (regularPrice.from !== regularPrice.to)
    parts.push(`precio regular ${fromTo(regularPrice.from, regularPrice.to)}`);
  if (discountPrice.from !== discountPrice.to)
    parts.push(`precio con descuento ${fromTo(discountPrice.from, discountPrice.to)}`);
  if (change.trialChanged) parts.push('cambia la prueba gratis');
  let told: string;
  if (charged.from === charged.to) told = 'Lo que se cobra no cambia: nadie recibe aviso.';
  else if (change.notices === 0) told = 'Nadie paga hoy este precio: nadie recibe aviso.';
  else
    told = `${subscribers(change.notices)} ${change.notices === 1 ? 'recibe' : 'reciben'} el aviso por correo.`;
  const withdrawn =
    change.withdrawals > 0
      ? ` A ${subscribers(change.withdrawals)} con un cambio programado ${change.withdrawals === 1 ? 'le' : 'les'} avisamos que su precio no cambia.`
      : '';
  return (
    <li>
      <strong>{frequencyLabel(change.frequency)}</strong>: {parts.join('; ')}. {told}
      {withdrawn}
    </li>
  );
}

/**
 * What saving a price list does, read from the API before the operator confirms: old → new price
 * per frequency, from when those who already pay are charged the new one, and how many get the
 * notice.
 */
export function PricePreviewSummary({ preview }: { preview: PlanPricePreview }) {
  if (preview.changes.length === 0) return <p>No hay cambios para guardar.</p>;
  const charges = preview.changes.some((c) => c.charged.from !== c.charged.to);
  return (
    <div className="admin-stack">
      <ul>
        {preview.changes.map((change) => (
          <ChangeLine key={change.frequency} change={change} />
        ))}
      </ul>
      {charges && (
        <p>
          Las suscripciones nuevas toman el precio al instante. A quienes ya pagan se les cobra desde el{' '}
          <strong>{formatDay(preview.effectiveOn)}</strong> ({priceChangeNoticeDays} días desde hoy).
        </p>
      )}
      <p>
        <strong>
          {preview.notices === 0
            ? 'Nadie recibe aviso de precio nuevo.'
            : `En total, ${subscribers(preview.notices)} ${preview.notices === 1 ? 'recibe' : 'reciben'} el aviso.`}
        </strong>
      </p>
    </div>
  );
}
