import {
  type ReminderChannel,
  type ReminderSettings,
  reminderChannelLabels,
  reminderChannels,
  reminderConsentTexts,
  weekdayLabels,
} from '@alcancia/contract/reminders';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/feedback';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import {
  confirmWhatsAppCode,
  pushSupported,
  reminderErrorText,
  remindersKey,
  requestWhatsAppCode,
  saveReminders,
  stopReminders,
  subscribeThisBrowser,
  useReminderSettings,
} from './reminders-api';
import './reminders.css';

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

type Notice = { tone: 'success' | 'danger'; text: string } | null;

/** Her WhatsApp number: typed, a code sent by WhatsApp, typed back. */
function WhatsAppNumber({
  settings,
  onChange,
}: {
  settings: ReminderSettings;
  onChange: (s: ReminderSettings) => void;
}) {
  const [phone, setPhone] = useState(settings.whatsapp.pendingPhone ?? '');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(!settings.whatsapp.phone);

  async function send() {
    setBusy(true);
    setError(null);
    try {
      onChange(await requestWhatsAppCode(phone));
    } catch (failure) {
      setError(reminderErrorText(failure));
    } finally {
      setBusy(false);
    }
  }
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      onChange(await confirmWhatsAppCode(code));
      setCode('');
      setEditing(false);
    } catch (failure) {
      setError(reminderErrorText(failure));
    } finally {
      setBusy(false);
    }
  }

  if (settings.whatsapp.phone && !editing) {
    return (
      <div className="account-card">
        <p>
          Número confirmado: <strong>{settings.whatsapp.phone}</strong>
        </p>
        <Button variant="link" onClick={() => setEditing(true)}>
          Cambiar número
        </Button>
      </div>
    );
  }
  return (
    <div className="account-card">
      <TextField
        label="Tu celular para WhatsApp"
        hint="De Argentina: +549, la característica y el número, sin 0 ni 15. Por ejemplo, +5491123456789."
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <div className="reminders-actions">
        <Button variant="secondary" onClick={send} disabled={busy || phone.trim() === ''}>
          Enviarme el código por WhatsApp
        </Button>
      </div>
      {settings.whatsapp.pendingPhone && (
        <>
          <TextField
            label="Código que recibiste por WhatsApp"
            hint={`Lo enviamos a ${settings.whatsapp.pendingPhone}. Vence en 10 minutos.`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="reminders-actions">
            <Button onClick={confirm} disabled={busy || code.trim() === ''}>
              Confirmar número
            </Button>
          </div>
        </>
      )}
      {error && <Banner tone="danger">{error}</Banner>}
    </div>
  );
}

/** Notifications in this browser: permission, subscription, sent to her account. */
function ThisBrowser({
  settings,
  onChange,
}: {
  settings: ReminderSettings;
  onChange: (s: ReminderSettings) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!settings.push.publicKey || !pushSupported()) {
    return (
      <Banner tone="warning">Este navegador no puede recibir notificaciones. Elegí WhatsApp o correo.</Banner>
    );
  }
  async function activate() {
    setBusy(true);
    setError(null);
    try {
      onChange(await subscribeThisBrowser(settings.push.publicKey ?? ''));
    } catch (failure) {
      setError(
        failure instanceof Error && !('internalCode' in failure)
          ? failure.message
          : reminderErrorText(failure),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="account-card">
      <p>
        {settings.push.subscriptions > 0
          ? `Tenés ${settings.push.subscriptions === 1 ? 'un navegador' : `${settings.push.subscriptions} navegadores`} con notificaciones activadas.`
          : 'Activá las notificaciones en este navegador para recibirlas acá.'}
      </p>
      <Button variant="secondary" onClick={activate} disabled={busy}>
        Activar notificaciones en este navegador
      </Button>
      {error && <Banner tone="danger">{error}</Banner>}
    </div>
  );
}

/** /mi-cuenta/recordatorios: channel, days, hour, quiet hours, with her consent; and how to stop. */
export default function RemindersSection() {
  usePageTitle('Recordatorios');
  const query = useReminderSettings();
  const queryClient = useQueryClient();
  const settings = query.data;
  const [channel, setChannel] = useState<ReminderChannel>('whatsapp');
  const [days, setDays] = useState<number[]>([1, 3, 5]);
  const [hour, setHour] = useState(19);
  const [quiet, setQuiet] = useState(false);
  const [quietStart, setQuietStart] = useState(22);
  const [quietEnd, setQuietEnd] = useState(8);
  const [agreed, setAgreed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  // the form starts from what she saved
  useEffect(() => {
    if (!settings) return;
    if (settings.channel) setChannel(settings.channel);
    if (settings.days.length) setDays(settings.days);
    setHour(settings.hour);
    setQuiet(settings.quietStart !== null);
    if (settings.quietStart !== null) setQuietStart(settings.quietStart);
    if (settings.quietEnd !== null) setQuietEnd(settings.quietEnd);
  }, [settings]);

  const update = (next: ReminderSettings) => queryClient.setQueryData(remindersKey, next);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    try {
      const next = await saveReminders({
        channel,
        days,
        hour,
        quietStart: quiet ? quietStart : null,
        quietEnd: quiet ? quietEnd : null,
        ...(agreed ? { consentText: reminderConsentTexts[channel] } : {}),
      });
      update(next);
      setAgreed(false);
      setNotice({
        tone: 'success',
        text: `Listo: vas a recibir recordatorios por ${reminderChannelLabels[channel].toLowerCase()}.`,
      });
    } catch (failure) {
      setNotice({ tone: 'danger', text: reminderErrorText(failure) });
    } finally {
      setSaving(false);
    }
  }

  async function stop() {
    setSaving(true);
    setNotice(null);
    try {
      update(await stopReminders());
      setNotice({ tone: 'success', text: 'Listo: no vas a recibir más recordatorios.' });
    } catch (failure) {
      setNotice({ tone: 'danger', text: reminderErrorText(failure) });
    } finally {
      setSaving(false);
    }
  }

  const toggleDay = (day: number) =>
    setDays((current) =>
      current.includes(day) ? current.filter((d) => d !== day) : [...current, day].sort(),
    );

  return (
    <section className="account-section" aria-labelledby="reminders-title">
      <h2 id="reminders-title">Recordatorios</h2>
      <p className="account-intro">
        Un aviso corto, como máximo uno por día, para seguir la clase donde la dejaste o acercarte a tu meta
        de la semana. Solo te escribimos si lo aceptás, y podés dejarlo cuando quieras.
      </p>
      {query.isPending && <Spinner />}
      {query.isError && (
        <Banner tone="danger">
          No pudimos cargar tus recordatorios.{' '}
          <Button variant="link" onClick={() => void query.refetch()}>
            Intentar de nuevo
          </Button>
        </Banner>
      )}
      {settings && (
        <>
          <p role="status">
            {settings.channel
              ? `Recordatorios activos por ${reminderChannelLabels[settings.channel].toLowerCase()}: ${settings.days
                  .map((d) => weekdayLabels[d - 1])
                  .join(', ')} a las ${hourLabel(settings.hour)}.`
              : 'No tenés recordatorios activos.'}
          </p>
          <form className="reminders-form" onSubmit={save} noValidate>
            <fieldset className="reminders-fieldset">
              <legend>¿Por dónde querés recibirlos?</legend>
              <div className="reminders-options">
                {reminderChannels.map((option) => (
                  <label key={option} className="reminders-option">
                    <input
                      type="radio"
                      name="reminder-channel"
                      value={option}
                      checked={channel === option}
                      onChange={() => {
                        setChannel(option);
                        setAgreed(false);
                      }}
                    />
                    {reminderChannelLabels[option]}
                  </label>
                ))}
              </div>
            </fieldset>
            {channel === 'whatsapp' && <WhatsAppNumber settings={settings} onChange={update} />}
            {channel === 'push' && <ThisBrowser settings={settings} onChange={update} />}
            <fieldset className="reminders-fieldset">
              <legend>¿Qué días?</legend>
              <div className="reminders-options">
                {weekdayLabels.map((label, index) => (
                  <label key={label} className="reminders-option">
                    <input
                      type="checkbox"
                      checked={days.includes(index + 1)}
                      onChange={() => toggleDay(index + 1)}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="reminders-hours">
              <SelectField
                label="¿A qué hora? (hora de Argentina)"
                value={hour}
                onChange={(event) => setHour(Number(event.target.value))}
              >
                {hours.map((h) => (
                  <option key={h} value={h}>
                    {hourLabel(h)}
                  </option>
                ))}
              </SelectField>
            </div>
            <fieldset className="reminders-fieldset">
              <legend>Horas de silencio</legend>
              <label className="reminders-option">
                <input type="checkbox" checked={quiet} onChange={(event) => setQuiet(event.target.checked)} />
                No me escriban en estas horas
              </label>
              {quiet && (
                <div className="reminders-hours">
                  <SelectField
                    label="Desde"
                    value={quietStart}
                    onChange={(event) => setQuietStart(Number(event.target.value))}
                  >
                    {hours.map((h) => (
                      <option key={h} value={h}>
                        {hourLabel(h)}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField
                    label="Hasta"
                    value={quietEnd}
                    onChange={(event) => setQuietEnd(Number(event.target.value))}
                  >
                    {hours.map((h) => (
                      <option key={h} value={h}>
                        {hourLabel(h)}
                      </option>
                    ))}
                  </SelectField>
                </div>
              )}
            </fieldset>
            <label className="reminders-consent">
              <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
              <span>{reminderConsentTexts[channel]}</span>
            </label>
            {notice && (
              <Banner tone={notice.tone} live={notice.tone === 'danger' ? 'alert' : 'status'}>
                {notice.text}
              </Banner>
            )}
            <div className="reminders-actions">
              <Button type="submit" disabled={saving}>
                Guardar recordatorios
              </Button>
              {settings.channel && (
                <Button variant="secondary" onClick={stop} disabled={saving}>
                  Dejar de recibir recordatorios
                </Button>
              )}
            </div>
          </form>
          {settings.consents.length > 0 && (
            <section className="account-card" aria-labelledby="reminders-history-title">
              <h3 id="reminders-history-title">Tus consentimientos</h3>
              <ul className="reminders-history">
                {settings.consents.slice(0, 6).map((consent) => (
                  <li key={`${consent.at}-${consent.channel}-${consent.action}`}>
                    {formatDate(consent.at)} · {reminderChannelLabels[consent.channel]}:{' '}
                    {consent.action === 'opt_in' ? 'aceptaste recibir recordatorios' : consent.text}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}
