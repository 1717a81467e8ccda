import {
  type AdminPlan,
  type AdminPlanPrice,
  type AdminPlans,
  type PlanPricePreview,
  priceChangeNoticeDays,
  type UpdatePlanPricesRequest,
  type UpdatePlanPricesResponse,
} from '@alcancia/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { frequencyLabels } from '../../../shared/checkout/plan-rules';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { Field } from '../../../ui/field-parts';
import { TextField } from '../../../ui/text-field';
import { adminErrorText } from '../admin-api';
import { formatDay, formatPesos, parsePesos } from '../admin-format';
import { ConfirmDialog } from '../confirm-dialog';
import { PricePreviewSummary } from './price-preview';

const plansKey = ['admin', 'plans'] as const;

const pesosText = (centavos: number) => formatPesos(centavos).replace(/^\$\s?/, '');

interface Draft {
  frequency: string;
  regular: string;
  discount: string;
  trialCount: string;
  trialUnit: 'days' | 'months';
}

const draftOf = (price: AdminPlanPrice): Draft => ({
  frequency: price.frequency,
  regular: pesosText(price.regularPrice),
  discount: price.discountPrice === null ? '' : pesosText(price.discountPrice),
  trialCount: price.freeTrial ? String(price.freeTrial.frequency) : '',
  trialUnit: price.freeTrial?.frequencyType ?? 'days',
});

/** /admin/precios (admin): each plan's prices per frequency and free trials. */
export default function PricesPage() {
  usePageTitle('Planes y precios');
  const plans = useQuery({
    queryKey: plansKey,
    queryFn: ({ signal }) => apiRequest<AdminPlans>('/admin/plans', { signal }),
    staleTime: 0,
  });
  if (plans.isPending) return <Spinner />;
  if (plans.isError) return <Banner tone="danger">{adminErrorText(plans.error)}</Banner>;
  return (
    <section className="admin-stack">
      <h1>Planes y precios</h1>
      <p className="admin-muted">
        Un precio nuevo vale al instante para las suscripciones nuevas. A quienes ya pagan el precio anterior
        les avisamos por correo y se lo cobramos desde {priceChangeNoticeDays} días después; quien tiene un
        cupón sigue con su precio.
      </p>
      {plans.data.items.map((plan) => (
        <PlanForm key={plan.id} plan={plan} />
      ))}
    </section>
  );
}

function PlanForm({ plan }: { plan: AdminPlan }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Draft[]>(() => plan.prices.map(draftOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // the list being confirmed and what the API says saving it does
  const [confirming, setConfirming] = useState<{
    payload: UpdatePlanPricesRequest;
    preview: PlanPricePreview;
  } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = `plan-${plan.id}`;

  function body(): UpdatePlanPricesRequest | null {
    const found: Record<string, string> = {};
    const prices = drafts.map((d) => {
      const regular = parsePesos(d.regular);
      const discount = d.discount.trim() ? parsePesos(d.discount) : null;
      if (regular === null) found[`${d.frequency}.regular`] = 'Ingresá un precio, por ejemplo 9.900,00.';
      if (d.discount.trim() && discount === null)
        found[`${d.frequency}.discount`] = 'Ingresá un precio, o dejalo vacío.';
      if (regular !== null && discount !== null && discount > regular)
        found[`${d.frequency}.discount`] = 'No puede superar al precio regular.';
      const trial = d.trialCount.trim() ? Number(d.trialCount) : null;
      if (trial !== null && (!Number.isInteger(trial) || trial < 1 || trial > 365))
        found[`${d.frequency}.trial`] = 'Un número de 1 a 365, o vacío.';
      return {
        frequency: d.frequency,
        regularPrice: regular ?? 0,
        discountPrice: discount,
        freeTrial: trial ? { frequency: trial, frequencyType: d.trialUnit } : null,
      };
    });
    setErrors(found);
    return Object.keys(found).length === 0 ? { prices } : null;
  }

  /** Asks the API what saving would do (old → new, from when, who is told), then asks her. */
  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setFailure(null);
    const payload = body();
    if (!payload || previewing) return;
    setPreviewing(true);
    try {
      const preview = await apiRequest<PlanPricePreview>(`/admin/plans/${plan.id}/price-preview`, {
        method: 'POST',
        body: payload,
      });
      setConfirming({ payload, preview });
    } catch (error) {
      setFailure(adminErrorText(error));
    } finally {
      setPreviewing(false);
    }
  }

  async function save() {
    if (!confirming) return;
    const { payload } = confirming;
    const answer = await apiRequest<UpdatePlanPricesResponse>(`/admin/plans/${plan.id}`, {
      method: 'PATCH',
      body: payload,
    });
    setNotice(answer.message);
    setDrafts(answer.plan.prices.map(draftOf));
    await queryClient.invalidateQueries({ queryKey: plansKey });
  }

  const update = (index: number, change: Partial<Draft>) =>
    setDrafts(drafts.map((d, i) => (i === index ? { ...d, ...change } : d)));

  // The confirmation is a sibling of the plan's form, never inside it: a form inside another
  // form made the confirmation save nothing (issue 29).
  return (
    <>
      <form className="admin-panel admin-stack" aria-labelledby={headingId} onSubmit={submit} noValidate>
        <h2 id={headingId}>
          {plan.name} <span className="admin-muted">· {plan.activeSubscribers} suscripciones activas</span>
        </h2>
        {plan.prices.map((price, index) => {
          const draft = drafts[index] as Draft;
          const label = (frequencyLabels as Record<string, string>)[price.frequency] ?? price.frequency;
          return (
            <fieldset key={price.frequency} className="admin-fieldset">
              <legend>{label}</legend>
              <div className="admin-form-grid">
                <TextField
                  label={`Precio regular (${label.toLowerCase()})`}
                  inputMode="decimal"
                  value={draft.regular}
                  error={errors[`${price.frequency}.regular`]}
                  onChange={(e) => update(index, { regular: e.target.value })}
                />
                <TextField
                  label={`Precio con descuento (${label.toLowerCase()})`}
                  hint="Vacío: sin descuento. Es lo que se cobra con tarjeta."
                  inputMode="decimal"
                  value={draft.discount}
                  error={errors[`${price.frequency}.discount`]}
                  onChange={(e) => update(index, { discount: e.target.value })}
                />
                <TextField
                  label={`Prueba gratis (${label.toLowerCase()})`}
                  hint="Vacío: sin prueba."
                  inputMode="numeric"
                  value={draft.trialCount}
                  error={errors[`${price.frequency}.trial`]}
                  onChange={(e) => update(index, { trialCount: e.target.value })}
                />
                <Field>
                  <label htmlFor={`${plan.id}-${price.frequency}-unit`}>Unidad de la prueba</label>
                  <select
                    id={`${plan.id}-${price.frequency}-unit`}
                    value={draft.trialUnit}
                    onChange={(e) => update(index, { trialUnit: e.target.value as Draft['trialUnit'] })}
                  >
                    <option value="days">días</option>
                    <option value="months">meses</option>
                  </select>
                </Field>
              </div>
              {price.scheduledChanges > 0 && price.nextChangeOn && (
                <p className="admin-muted">
                  Cambio programado para {price.scheduledChanges} suscripciones desde el{' '}
                  {formatDay(price.nextChangeOn)}.
                </p>
              )}
            </fieldset>
          );
        })}
        <div aria-live="polite">
          {notice && <Banner tone="success">{notice}</Banner>}
          {failure && <Banner tone="danger">{failure}</Banner>}
        </div>
        <div className="admin-actions">
          <Button type="submit" loading={previewing}>
            Guardar {plan.name}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={`¿Guardar los precios del ${plan.name}?`}
        confirmLabel="Guardar precios"
        canConfirm={(confirming?.preview.changes.length ?? 0) > 0}
        onConfirm={save}
        onClose={() => setConfirming(null)}
      >
        {confirming && <PricePreviewSummary preview={confirming.preview} />}
      </ConfirmDialog>
    </>
  );
}
