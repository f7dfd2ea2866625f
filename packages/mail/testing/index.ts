export { type MailSample, mailSamples } from './mail-samples';
