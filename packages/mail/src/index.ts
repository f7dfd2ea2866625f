export {
  createMailer,
  type Mailer,
  type MailerOptions,
  type MailLogger,
  type MailMessage,
} from './mailer';
export { type ClaimedMail, claimMail, type OutboxDatabase } from './outbox/claim-mail';
export { enqueueMail, type QueuedMail } from './outbox/enqueue';
export {
  type DeliveryLogger,
  type MailDelivery,
  type MailDeliveryOptions,
  type MailDeliverySettings,
  type MailOutcome,
  mailDelivery,
} from './outbox/mail-delivery';
export { mailMigrations } from './outbox/migrations';
export { FAILED_BODY_DAYS, pruneOutbox, SENT_ROW_DAYS } from './outbox/prune-outbox';
export { type MailStatus, mailSchema, outbox } from './outbox/schema';
export { joinMailDelivery, type SharedMailDelivery } from './outbox/shared-delivery';
export { type SmtpStatus, smtpReadiness } from './smtp-readiness';
export { type AnnouncementMailData, announcementMail } from './templates/announcement-mail';
export { type MailBrand, mailBrandOf } from './templates/brand';
export { type InvitationMailData, invitationMail } from './templates/invitation-mail';
export { linkLifetimeOf, MAIL_LINK_LIFETIME_MS } from './templates/link-lifetimes';
export { passwordChangedMail } from './templates/password-changed-mail';
export { resetPasswordMail } from './templates/reset-password-mail';
export { type ActionMailData, verifyEmailMail } from './templates/verify-email-mail';
