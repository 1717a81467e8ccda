import type { CreatePromoCodesResponse, PromoCodeType } from '@alcancia/contract/admin';
import { countries } from '@alcancia/contract/rules';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { MultiCombobox } from '../../../ui/multi-combobox';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { adminErrorText } from '../admin-api';
import { DayField } from '../day-field';
import {
  type PromoCodeDraft as Draft,
  emptyPromoCodeDraft as empty,
  frequencyLabels,
  isSubscriptionType,
  promoCodeDraftProblems,
  promoCodeRequestOf,
} from './promo-code-draft';
import { createPromoCodes, typeLabels, usePromoCodeChoices } from './promo-codes-api';

/** The draft's fields typed as text. */
type TextKey = {
  [K in keyof Draft]: Draft[K] extends string ? (K extends 'mode' | 'type' ? never : K) : never;
}[keyof Draft];

/** A fieldset of checkboxes: the values checked are `checked`; a click toggles one. */
function CheckGroup({
  legend,
  options,
  checked,
  onToggle,
}: {
  legend: string;
  options: readonly (readonly [string, string])[];
  checked: string[];
  onToggle(value: string): void;
}) {
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      <div className="admin-checks">
        {options.map(([value, label]) => (
          <label key={value} className="admin-check">
            <input type="checkbox" checked={checked.includes(value)} onChange={() => onToggle(value)} />{' '}
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * New codes: one with a chosen name or a batch of N unique ones with the same rules (limits by
 * plan, frequency, programs, country, dates and uses). The API checks everything again.
 */
export function CreatePromoCodesForm({ onCreated }: { onCreated(result: CreatePromoCodesResponse): void }) {
  const [d, setD] = useState<Draft>(empty);
  const choices = usePromoCodeChoices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setD((current) => ({ ...current, [key]: value }));
  const toggle = (key: 'frequencies' | 'countries', value: string) =>
    set(key, d[key].includes(value) ? d[key].filter((v) => v !== value) : [...d[key], value]);
  const fieldError = (path: string) => fieldErrors[path] ?? null;
  /**
   * One of the draft's text fields: its value, its error (under `errorPath`, the field's own name
   * unless told; null: none shown) and its changes; a numeric one keeps only digits.
   */
  const textField = (
    key: TextKey,
    label: string,
    options: { numeric?: boolean; wide?: boolean; errorPath?: string | null } = {},
  ) => {
    const errorPath = options.errorPath === undefined ? key : options.errorPath;
    return (
      <TextField
        {...(options.wide ? { className: 'admin-form-wide' } : {})}
        label={label}
        name={key}
        {...(options.numeric ? { inputMode: 'numeric' as const } : {})}
        value={d[key]}
        {...(errorPath !== null ? { error: fieldError(errorPath) } : {})}
        onChange={(e) => set(key, options.numeric ? e.target.value.replace(/\D/g, '') : e.target.value)}
      />
    );
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = promoCodeDraftProblems(d);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) {
      setError('Revisá los campos marcados.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await createPromoCodes(promoCodeRequestOf(d));
      setD(empty);
      onCreated(result);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields) {
        setFieldErrors(
          Object.fromEntries(failure.fields.map((f) => [f.path.split('.')[0] ?? f.path, f.message])),
        );
      }
      setError(adminErrorText(failure));
    } finally {
      setBusy(false);
    }
  }

  const isSubscription = isSubscriptionType(d.type);
  return (
    <form className="admin-panel admin-stack" onSubmit={submit} noValidate aria-busy={busy}>
      <h2>Crear códigos</h2>
      {choices.isError && (
        <Banner tone="warning">
          No pudimos traer los planes, programas y packs: {adminErrorText(choices.error)}
        </Banner>
      )}
      <fieldset className="admin-fieldset">
        <legend>Cuántos</legend>
        <div className="admin-checks">
          <label className="admin-check">
            <input type="radio" name="mode" checked={d.mode === 'one'} onChange={() => set('mode', 'one')} />{' '}
            Un código
          </label>
          <label className="admin-check">
            <input
              type="radio"
              name="mode"
              checked={d.mode === 'batch'}
              onChange={() => set('mode', 'batch')}
            />{' '}
            Un lote de códigos únicos
          </label>
        </div>
      </fieldset>
      <div className="admin-form-grid">
        {d.mode === 'one' ? (
          textField('code', 'Código')
        ) : (
          <>
            {textField('count', 'Cantidad de códigos', { numeric: true, errorPath: 'batch' })}
            {textField('prefix', 'Prefijo (opcional)')}
          </>
        )}
        <SelectField
          label="Qué da"
          name="type"
          value={d.type}
          onChange={(e) => set('type', e.target.value as PromoCodeType)}
        >
          {Object.entries(typeLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        {textField('description', 'Descripción (para el equipo)', { wide: true })}
        {d.type === 'FREE_PERIOD' && (
          <>
            {textField('freeMonths', 'Meses gratis', { numeric: true })}
            {textField('freeDays', 'Días gratis', { numeric: true })}
            <SelectField
              label="Plan"
              name="planId"
              value={d.planId}
              error={fieldError('planId')}
              onChange={(e) => set('planId', e.target.value)}
            >
              <option value="">El más liviano</option>
              {choices.data?.plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </SelectField>
          </>
        )}
        {(d.type === 'DISCOUNT_COUPON' || d.type === 'PROGRAM_DISCOUNT') &&
          textField('discountPercent', 'Descuento (%)', { numeric: true })}
        {d.type === 'DISCOUNT_COUPON' && (
          <div className="admin-form-wide">
            <MultiCombobox
              label="Planes"
              options={(choices.data?.plans ?? []).map((plan) => ({ value: plan.id, label: plan.name }))}
              value={d.planIds}
              onChange={(planIds) => set('planIds', planIds)}
              emptyText="Ninguno elegido: vale para todos los planes."
              error={fieldError('planIds')}
              disabled={choices.isPending}
            />
          </div>
        )}
        {!isSubscription && (
          <div className="admin-form-wide">
            <MultiCombobox
              label="Programas o packs"
              options={(choices.data?.products ?? []).map((product) => ({
                value: product.id,
                label: product.name,
                detail: `${product.kind === 'PACK' ? 'Pack' : 'Programa'}${product.published ? '' : ', sin publicar'}`,
              }))}
              value={d.programIds}
              onChange={(programIds) => set('programIds', programIds)}
              emptyText="Ninguno elegido: vale para todos los programas y packs."
              error={fieldError('programIds')}
              disabled={choices.isPending}
            />
          </div>
        )}
        <DayField
          label="Desde"
          name="validFrom"
          value={d.validFrom}
          error={fieldError('validFrom')}
          onChange={(value) => set('validFrom', value)}
        />
        <DayField
          label="Hasta"
          name="validUntil"
          value={d.validUntil}
          error={fieldError('validUntil')}
          onChange={(value) => set('validUntil', value)}
        />
        {textField('maxUses', 'Usos en total (vacío: sin límite)', { numeric: true })}
      </div>
      {d.type === 'DISCOUNT_COUPON' && (
        <CheckGroup
          legend="Frecuencias (ninguna marcada: todas)"
          options={frequencyLabels}
          checked={d.frequencies}
          onToggle={(value) => toggle('frequencies', value)}
        />
      )}
      <CheckGroup
        legend="Países (ninguno marcado: todos)"
        options={countries.map((country) => [country.code, country.name])}
        checked={d.countries}
        onToggle={(value) => toggle('countries', value)}
      />
      <label className="admin-check">
        <input type="checkbox" checked={d.paused} onChange={(e) => set('paused', e.target.checked)} /> Crear
        pausado (no se puede usar hasta reanudarlo)
      </label>
      {error && <Banner tone="danger">{error}</Banner>}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Creando…' : d.mode === 'one' ? 'Crear el código' : `Crear ${d.count || 0} códigos`}
        </Button>
      </div>
    </form>
  );
}
