export {
  createMailer,
  linksOf,
  type Mailer,
  type MailerOptions,
  type MailLogger,
  type MailMessage,
} from './mailer';
