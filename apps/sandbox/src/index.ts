export {
  type ArcaControl,
  type ArcaFaultSpec,
  type ArcaStandInOptions,
  arcaStandIn,
  type RunningArcaStandIn,
  startArcaStandIn,
  type Voucher as ArcaVoucher,
  wsaaPath as arcaWsaaPath,
  wsfePath as arcaWsfePath,
} from './arca';
export {
  defaultExchangeRatesControl,
  type ExchangeRatesControl,
  type ExchangeRatesStandInOptions,
  exchangeRatesStandIn,
  type RunningExchangeRatesStandIn,
  startExchangeRatesStandIn,
} from './exchange-rates';
export {
  type CheckoutResource,
  type HostedCheckoutControl,
  type HostedCheckoutOptions,
  hostedCheckoutSignature,
  hostedCheckoutStandIn,
  type RunningHostedCheckout,
  SIGNATURE_HEADER as HOSTED_CHECKOUT_SIGNATURE_HEADER,
  startHostedCheckout,
} from './hosted-checkout';
export {
  type LanguageModelControl,
  type LanguageModelMode,
  type LanguageModelStandInOptions,
  languageModelStandIn,
  languageModelStandInDefaults,
  type RunningLanguageModel,
  startLanguageModelStandIn,
} from './language-model';
export {
  type ChargeResult,
  type Delivery,
  type EmulatorControl,
  type Fault,
  type FaultSpec,
  type MercadoPagoEmulatorOptions,
  mercadoPagoEmulator,
  type RunningMercadoPagoEmulator,
  type ServedRequest,
  signatureHeader,
  startMercadoPagoEmulator,
  TEST_CARDS,
} from './mercadopago';
export { defaultMockIdentity, type MockIdentity, type OidcMock, startOidcMock } from './oidc-mock';
export { type S3StandIn, type S3StandInOptions, s3StandInDefaults, startS3StandIn } from './s3';
export { type ParsedMail, type SmtpCapture, startSmtpCapture } from './smtp-capture';
export {
  type ReceivedPush,
  type RunningPushService,
  type StandInSubscription as PushStandInSubscription,
  startPushService,
} from './web-push';
export {
  defaultTemplates as whatsAppTemplates,
  type RunningWhatsAppStandIn,
  type SentMessage as WhatsAppSentMessage,
  startWhatsAppStandIn,
  WHATSAPP_SIGNATURE_HEADER,
  type WhatsAppControl,
  type WhatsAppStandInOptions,
  type WhatsAppWebhookDelivery,
  whatsAppSignature,
  whatsAppStandIn,
} from './whatsapp';
