import type { CreatePromoCodesResponse, PromoCodeType } from '@alcancia/contract/admin';
import { countries } from '@alcancia/contract/rules';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../ui/feedback';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { adminErrorText } from '../admin-api';
import {
  type PromoCodeDraft as Draft,
  emptyPromoCodeDraft as empty,
  frequencyLabels,
  isSubscriptionType,
  promoCodeDraftProblems,
  promoCodeRequestOf,
} from './promo-code-draft';
import { createPromoCodes, typeLabels } from './promo-codes-api';

/**
 * New codes: one with a chosen name or a batch of N unique ones with the same rules (limits by
 * plan, frequency, programs, country, dates and uses). The API checks everything again.
 */
export function CreatePromoCodesForm({ onCreated }: { onCreated(result: CreatePromoCodesResponse): void }) {
  const [d, setD] = useState<Draft>(empty);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setD((current) => ({ ...current, [key]: value }));
  const toggle = (key: 'frequencies' | 'countries', value: string) =>
    set(key, d[key].includes(value) ? d[key].filter((v) => v !== value) : [...d[key], value]);
  const fieldError = (path: string) => fieldErrors[path] ?? null;

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
          <TextField
            label="Código"
            name="code"
            value={d.code}
            error={fieldError('code')}
            onChange={(e) => set('code', e.target.value)}
          />
        ) : (
          <>
            <TextField
              label="Cantidad de códigos"
              name="count"
              inputMode="numeric"
              value={d.count}
              error={fieldError('batch')}
              onChange={(e) => set('count', e.target.value.replace(/\D/g, ''))}
            />
            <TextField
              label="Prefijo (opcional)"
              name="prefix"
              value={d.prefix}
              error={fieldError('prefix')}
              onChange={(e) => set('prefix', e.target.value)}
            />
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
        <TextField
          className="admin-form-wide"
          label="Descripción (para el equipo)"
          name="description"
          value={d.description}
          error={fieldError('description')}
          onChange={(e) => set('description', e.target.value)}
        />
        {d.type === 'FREE_PERIOD' && (
          <>
            <TextField
              label="Meses gratis"
              name="freeMonths"
              inputMode="numeric"
              value={d.freeMonths}
              error={fieldError('freeMonths')}
              onChange={(e) => set('freeMonths', e.target.value.replace(/\D/g, ''))}
            />
            <TextField
              label="Días gratis"
              name="freeDays"
              inputMode="numeric"
              value={d.freeDays}
              error={fieldError('freeDays')}
              onChange={(e) => set('freeDays', e.target.value.replace(/\D/g, ''))}
            />
            <TextField
              label="Plan (id; vacío: el más liviano)"
              name="planId"
              value={d.planId}
              error={fieldError('planId')}
              onChange={(e) => set('planId', e.target.value)}
            />
          </>
        )}
        {(d.type === 'DISCOUNT_COUPON' || d.type === 'PROGRAM_DISCOUNT') && (
          <TextField
            label="Descuento (%)"
            name="discountPercent"
            inputMode="numeric"
            value={d.discountPercent}
            error={fieldError('discountPercent')}
            onChange={(e) => set('discountPercent', e.target.value.replace(/\D/g, ''))}
          />
        )}
        {d.type === 'DISCOUNT_COUPON' && (
          <TextField
            label="Planes (ids separados por comas; vacío: todos)"
            name="planIds"
            value={d.planIds}
            error={fieldError('planIds')}
            onChange={(e) => set('planIds', e.target.value)}
          />
        )}
        {!isSubscription && (
          <TextField
            className="admin-form-wide"
            label="Programas o packs (ids separados por comas; vacío: todos)"
            name="programIds"
            value={d.programIds}
            error={fieldError('programIds')}
            onChange={(e) => set('programIds', e.target.value)}
          />
        )}
        <TextField
          label="Desde"
          name="validFrom"
          type="date"
          value={d.validFrom}
          onChange={(e) => set('validFrom', e.target.value)}
        />
        <TextField
          label="Hasta"
          name="validUntil"
          type="date"
          value={d.validUntil}
          error={fieldError('validUntil')}
          onChange={(e) => set('validUntil', e.target.value)}
        />
        <TextField
          label="Usos en total (vacío: sin límite)"
          name="maxUses"
          inputMode="numeric"
          value={d.maxUses}
          error={fieldError('maxUses')}
          onChange={(e) => set('maxUses', e.target.value.replace(/\D/g, ''))}
        />
      </div>
      {d.type === 'DISCOUNT_COUPON' && (
        <fieldset className="admin-fieldset">
          <legend>Frecuencias (ninguna marcada: todas)</legend>
          <div className="admin-checks">
            {frequencyLabels.map(([value, label]) => (
              <label key={value} className="admin-check">
                <input
                  type="checkbox"
                  checked={d.frequencies.includes(value)}
                  onChange={() => toggle('frequencies', value)}
                />{' '}
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="admin-fieldset">
        <legend>Países (ninguno marcado: todos)</legend>
        <div className="admin-checks">
          {countries.map((country) => (
            <label key={country.code} className="admin-check">
              <input
                type="checkbox"
                checked={d.countries.includes(country.code)}
                onChange={() => toggle('countries', country.code)}
              />{' '}
              {country.name}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="admin-check">
        <input type="checkbox" checked={d.paused} onChange={(e) => set('paused', e.target.checked)} /> Crear
        pausado (no se puede usar hasta reanudarlo)
      </label>
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Creando…' : d.mode === 'one' ? 'Crear el código' : `Crear ${d.count || 0} códigos`}
        </button>
      </div>
    </form>
  );
}
