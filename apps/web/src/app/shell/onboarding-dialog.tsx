import type { CurrentUser } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import {
  asksName,
  emptyOnboardingValues,
  incompleteDataMessage,
  invalidPhoneMessage,
  type OnboardingValues,
  onboardingProblem,
  toOnboardingPayload,
} from '../../shared/account/onboarding-rules';
import { unexpectedError } from '../../shared/auth/messages';
import { CountrySelect, PhoneField } from '../../shared/auth/profile-fields';
import { useLogout } from '../../shared/auth/use-logout';
import { PrivacyNotice } from '../../shared/legal/privacy-notice';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import { TextField } from '../../ui/text-field';
import { completeOnboarding } from './complete-onboarding';

/**
 * The profile-completion form (spec §4 "Onboarding"): a logged-in user without a country fills
 * country, phone and (if the account has none) name before continuing. It sits over the page the
 * user opened and cannot be dismissed; once saved the current user is refreshed and the user goes
 * on where she was.
 */
export function OnboardingDialog({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const askName = asksName(user);
  const [values, setValues] = useState<OnboardingValues>(emptyOnboardingValues);
  const [error, setError] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const introId = useId();

  function change(field: keyof OnboardingValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setError(null);
    if (field === 'phone' || field === 'country') setPhoneError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problem = onboardingProblem(values, askName);
    if (problem === 'incomplete') {
      setError(incompleteDataMessage);
      return;
    }
    if (problem === 'invalidPhone') {
      setPhoneError(invalidPhoneMessage);
      return;
    }
    const payload = toOnboardingPayload(values, askName);
    if (!payload) return;
    setSaving(true);
    setError(null);
    try {
      await completeOnboarding(queryClient, payload);
      track('onboarding_completed', { country: payload.countryCode });
    } catch (failure) {
      const phoneRefused =
        failure instanceof ApiError &&
        failure.internalCode === 'INVALID_DATA' &&
        failure.fields?.some((field) => field.path.endsWith('telephone'));
      const momentary =
        failure instanceof ApiError &&
        (failure.internalCode === 'NETWORK_ERROR' || failure.internalCode === 'TOO_MANY_REQUESTS');
      if (phoneRefused) setPhoneError(invalidPhoneMessage);
      // no connection, too many attempts: say so (their own Spanish texts); anything else, the spec's
      else setError(momentary ? failure.message : unexpectedError);
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={() => undefined} title="Completá tu perfil" describedBy={introId} hideCloseButton>
      <DialogBody>
        <p id={introId}>Antes de seguir, contanos desde dónde nos visitás y cómo contactarte.</p>
        <form className="form" onSubmit={onSubmit} noValidate aria-busy={saving}>
          <CountrySelect
            value={values.country}
            onChange={(country) => change('country', country)}
            placeholder="Elegí tu país"
          />
          {askName && (
            <TextField
              label="Nombre"
              name="name"
              autoComplete="given-name"
              maxLength={100}
              value={values.name}
              onChange={(event) => change('name', event.target.value)}
            />
          )}
          <PhoneField
            country={values.country}
            value={values.phone}
            onChange={(phone) => change('phone', phone)}
            error={phoneError}
            hint={
              values.country === 'AR'
                ? 'Escribí el código de área y el número, sin 0 ni 15. Ej.: 11 2345 6789.'
                : values.country === 'OTHER'
                  ? 'Incluí el código de tu país. Ej.: 44 20 7946 0958.'
                  : 'Solo con números.'
            }
          />
          {error && <Banner tone="danger">{error}</Banner>}
          <PrivacyNotice />
          <DialogActions>
            <Button variant="secondary" onClick={logout}>
              Cerrar Sesión
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Guardando…' : 'Continuar'}
            </Button>
          </DialogActions>
        </form>
      </DialogBody>
    </Dialog>
  );
}
