import type { CurrentUser } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { track } from '../../lib/analytics';
import { accountKeys } from '../../shared/account/account-queries';
import { CountrySelect, PhoneField, phoneHint } from '../../shared/auth/profile-fields';
import { PrivacyNotice } from '../../shared/legal/privacy-notice';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { updateProfile } from './account-api';
import {
  accountErrorText,
  type ProfileField,
  type ProfileValues,
  profileChanges,
  profileErrors,
  profileValuesOf,
} from './account-rules';

/** Name, country and phone, with the components and rules of registration. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [initial, setInitial] = useState<ProfileValues>(() => profileValuesOf(user));
  const [values, setValues] = useState<ProfileValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const errors = profileErrors(values);
  const changes = profileChanges(initial, values);
  const visibleError = (field: ProfileField) => (touched[field] ? errors[field] : undefined);

  function change(field: ProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setOutcome(null);
  }
  const touch = (field: ProfileField) => () => setTouched((current) => ({ ...current, [field]: true }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ name: true, country: true, phone: true });
    if (!changes || saving) return;
    setSaving(true);
    setOutcome(null);
    try {
      const updated = await updateProfile(changes);
      queryClient.setQueryData(accountKeys.currentUser, updated);
      const saved = profileValuesOf(updated);
      setInitial(saved);
      setValues(saved);
      setTouched({});
      track('account_profile_saved', { fields: Object.keys(changes).join(',') });
      setOutcome({ tone: 'success', text: 'Listo, guardamos tus datos.' });
    } catch (failure) {
      setOutcome({
        tone: 'danger',
        text: accountErrorText(failure, 'No pudimos guardar tus datos. Intentá nuevamente en unos minutos.'),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="form account-form" onSubmit={submit} noValidate aria-busy={saving}>
      <TextField
        label="Nombre"
        name="name"
        autoComplete="given-name"
        value={values.name}
        maxLength={100}
        onChange={(event) => change('name', event.target.value)}
        onBlur={touch('name')}
        error={visibleError('name')}
      />
      <CountrySelect
        value={values.country}
        onChange={(country) => change('country', country)}
        invalid={Boolean(visibleError('country'))}
        placeholder={values.country ? undefined : 'Elegí tu país'}
        note="Si ya usaste tu país en una compra o un código promocional, no se puede cambiar desde acá."
      />
      <PhoneField
        country={values.country}
        value={values.phone}
        onChange={(phone) => change('phone', phone)}
        onBlur={touch('phone')}
        error={visibleError('phone')}
        hint={phoneHint(values.country)}
      />
      {outcome && <Banner tone={outcome.tone}>{outcome.text}</Banner>}
      <div className="account-actions">
        <Button type="submit" disabled={!changes || saving} aria-busy={saving || undefined}>
          {saving ? 'Guardando…' : 'Guardar cambios'}
        </Button>
        {changes && !saving && (
          <Button
            variant="secondary"
            onClick={() => {
              setValues(initial);
              setTouched({});
              setOutcome(null);
            }}
          >
            Descartar cambios
          </Button>
        )}
      </div>
      <PrivacyNotice />
    </form>
  );
}
