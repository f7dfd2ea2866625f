export {
  createMailer,
  type Mailer,
  type MailerOptions,
  type MailLogger,
  type MailMessage,
} from './mailer';
export { type SmtpStatus, smtpReadiness } from './smtp-readiness';
