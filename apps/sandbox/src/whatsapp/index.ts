export { defaultTemplates, WHATSAPP_SIGNATURE_HEADER, whatsAppSignature, whatsAppStandIn } from './plugin';
export { type RunningWhatsAppStandIn, startWhatsAppStandIn } from './standalone';
export type {
  SentMessage,
  WhatsAppControl,
  WhatsAppStandInOptions,
  WhatsAppTemplate,
  WhatsAppWebhookDelivery,
} from './types';
