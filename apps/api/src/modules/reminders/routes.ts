import {
  confirmWhatsAppCodeSchema,
  pushSubscriptionSchema,
  reminderSettingsSchema,
  removePushSubscriptionSchema,
  requestWhatsAppCodeSchema,
  updateReminderSettingsSchema,
} from '@alcancia/contract/reminders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { refuseTokensOfRecentRevocations } from '../auth/revoke-access-tokens';
import { perUserLimit } from '../payments/payments-core';
import { subscribePush, unsubscribePush } from './push-subscriptions';
import { getReminderSettings, stopReminders, updateReminderSettings } from './reminder-settings';
import { confirmWhatsAppCode, requestWhatsAppCode } from './whatsapp-phone';
import { whatsAppWebhookRoutes } from './whatsapp-webhook';

const tags = ['reminders'];
const security = [{ bearerAuth: [] }];
const response = { 200: reminderSettingsSchema };

/** Her reminders (Mi cuenta › Recordatorios) under /api/users/me/reminders. */
const myReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  refuseTokensOfRecentRevocations(app);
  app.get(
    '/users/me/reminders',
    {
      schema: {
        tags,
        security,
        summary: 'Mis recordatorios: canal, días, hora, silencio y consentimientos',
        response,
      },
    },
    async (request) => getReminderSettings(app, requireUserId(request)),
  );
  app.put(
    '/users/me/reminders',
    {
      schema: {
        tags,
        security,
        summary: 'Activar o cambiar mis recordatorios (con el texto de consentimiento aceptado)',
        description:
          'Un canal (push, whatsapp, email), días 1–7, hora 0–23 de Argentina y horas de silencio. consentText debe ser el texto mostrado, exacto (422 REMINDER_CONSENT_REQUIRED).',
        body: updateReminderSettingsSchema,
        response,
      },
      config: perUserLimit(app.config, 'reminders-update', 30, 15),
    },
    async (request) => updateReminderSettings(app, requireUserId(request), request.body),
  );
  app.delete(
    '/users/me/reminders',
    {
      schema: { tags, security, summary: 'Dejar de recibir recordatorios (se registra la baja)', response },
      config: perUserLimit(app.config, 'reminders-update', 30, 15),
    },
    async (request) => stopReminders(app, requireUserId(request)),
  );
  app.post(
    '/users/me/reminders/whatsapp/phone',
    {
      schema: {
        tags,
        security,
        summary: 'Enviar un código por WhatsApp a mi celular de Argentina (+549…)',
        body: requestWhatsAppCodeSchema,
        response,
      },
      config: perUserLimit(app.config, 'reminders-whatsapp-code', 8, 15),
    },
    async (request) => requestWhatsAppCode(app, requireUserId(request), request.body.phone),
  );
  app.post(
    '/users/me/reminders/whatsapp/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Confirmar mi celular con el código recibido',
        body: confirmWhatsAppCodeSchema,
        response,
      },
      config: perUserLimit(app.config, 'reminders-whatsapp-confirm', 20, 15),
    },
    async (request) => confirmWhatsAppCode(app, requireUserId(request), request.body.code),
  );
  app.post(
    '/users/me/reminders/push/subscriptions',
    {
      schema: {
        tags,
        security,
        summary: 'Guardar la suscripción push de este navegador',
        body: pushSubscriptionSchema,
        response,
      },
      config: perUserLimit(app.config, 'reminders-push', 30, 15),
    },
    async (request) => subscribePush(app, requireUserId(request), request.body),
  );
  app.delete(
    '/users/me/reminders/push/subscriptions',
    {
      schema: {
        tags,
        security,
        summary: 'Olvidar la suscripción push de este navegador',
        body: removePushSubscriptionSchema,
        response,
      },
      config: perUserLimit(app.config, 'reminders-push', 30, 15),
    },
    async (request) => unsubscribePush(app, requireUserId(request), request.body.endpoint),
  );
};

/** The reminders module, under /api: her settings and the WhatsApp webhook. */
export const remindersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(myReminderRoutes);
  await app.register(whatsAppWebhookRoutes);
};
