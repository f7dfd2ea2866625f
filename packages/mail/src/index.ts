export {
  createMailer,
  type Mailer,
  type MailerOptions,
  type MailLogger,
  type MailMessage,
} from './mailer';
export { enqueueMail, type QueuedMail } from './outbox/enqueue';
export { mailMigrations } from './outbox/migrations';
export { MAIL_STATUSES, type MailStatus, mailSchema, outbox } from './outbox/schema';
export { type SmtpStatus, smtpReadiness } from './smtp-readiness';
export { type AnnouncementMailData, announcementMail } from './templates/announcement-mail';
export type { MailBrand } from './templates/brand';
export { type InvitationMailData, invitationMail } from './templates/invitation-mail';
export { passwordChangedMail } from './templates/password-changed-mail';
export { resetPasswordMail } from './templates/reset-password-mail';
export { type ActionMailData, verifyEmailMail } from './templates/verify-email-mail';
