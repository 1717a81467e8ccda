/** A template the stand-in knows, as approved in WhatsApp Manager: its language and body parameters. */
export interface WhatsAppTemplate {
  name: string;
  /** e.g. es_AR */
  language: string;
  /** how many {{n}} parameters its body takes */
  bodyParameters: number;
  category: 'AUTHENTICATION' | 'UTILITY' | 'MARKETING';
}

/** A message the stand-in accepted, as tests and the control API read it. */
export interface SentMessage {
  /** wamid.… */
  id: string;
  /** the recipient, digits only (wa_id) */
  to: string;
  type: 'template' | 'text';
  template: string | null;
  language: string | null;
  /** the body parameters' texts, in order (template), or the text (text) */
  parameters: string[];
  /** the last status sent back by webhook: sent, delivered, read */
  status: 'accepted' | 'sent' | 'delivered' | 'read';
  at: string;
}

export interface WhatsAppWebhookDelivery {
  url: string;
  kind: 'status' | 'inbound';
  /** the message it is about (a status) or the inbound message's id */
  messageId: string;
  attempts: number;
  status: number | null;
  delivered: boolean;
  error: string | null;
  at: string;
}

export interface WhatsAppStandInOptions {
  /** The Bearer token the business's calls must carry. */
  accessToken: string;
  /** The app secret: signs every webhook (X-Hub-Signature-256: sha256=HMAC(app secret, raw body)). */
  appSecret: string;
  /** The business phone number's id: the only one messages are sent from. */
  phoneNumberId: string;
  /** The business's webhook (statuses and inbound messages); none: nothing is sent back. */
  webhookUrl?: string;
  /** The number people see, digits only. */
  displayPhoneNumber?: string;
  /** The approved templates (default: `defaultTemplates`). */
  templates?: WhatsAppTemplate[];
  /** Pause before each status webhook (sent, delivered, read), ms; default 30. */
  statusDelayMs?: number;
  /** Called once with the control object, for hosts that register the plugin themselves. */
  onControl?: (control: WhatsAppControl) => void;
}

/** What tests need besides the HTTP API: read what was sent, write as a person, read the webhooks. */
export interface WhatsAppControl {
  messages(to?: string): SentMessage[];
  /** A person writes to the business: an inbound text message, sent signed to the webhook. */
  inbound(from: string, text: string): Promise<WhatsAppWebhookDelivery | null>;
  /** Sends a message's status again (a replay, as the real API may do). */
  resendStatus(
    messageId: string,
    status: 'sent' | 'delivered' | 'read',
  ): Promise<WhatsAppWebhookDelivery | null>;
  /** Resolves when every status webhook already planned has been tried. */
  settle(): Promise<void>;
  deliveries(): WhatsAppWebhookDelivery[];
  reset(): void;
}
