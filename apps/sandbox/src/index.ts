export { type ParsedMail, type SmtpCapture, startSmtpCapture } from './smtp-capture';
