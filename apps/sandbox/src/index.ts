export { defaultMockIdentity, type MockIdentity, type OidcMock, startOidcMock } from './oidc-mock';
export { type ParsedMail, type SmtpCapture, startSmtpCapture } from './smtp-capture';
