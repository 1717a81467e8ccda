import type { EmulatorControl } from './control';

export interface MercadoPagoEmulatorOptions {
  /** The access token our API sends as `Authorization: Bearer …`; any other is refused with 401. */
  accessToken: string;
  /** The public key the browser sends as `public_key`. */
  publicKey: string;
  /** The application's webhook secret: notifications are signed with it. */
  webhookSecret: string;
  /** A JSON file to keep state in, so a development restart keeps it. Omit to keep it in memory. */
  stateFile?: string;
  /**
   * Where browsers reach the emulator, e.g. `http://localhost:3000/sandbox/mercadopago`; used for
   * `init_point`. Defaults to the origin of each request plus the plugin's prefix.
   */
  publicBaseUrl?: string;
  /**
   * The webhook URL configured for the application in Mercado Pago's panel. The real service
   * notifies it about every resource created without its own `notification_url` (subscriptions have
   * none), and so does the emulator.
   */
  notificationUrl?: string;
  /** Called once with the control object, for hosts that register the plugin themselves. */
  onControl?: (control: EmulatorControl) => void;
}
