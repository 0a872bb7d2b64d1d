// Messages to members (SMS, e-mail): the configured sender, the texts in each language.
export { messageLanguage } from './language';
export {
  brandOf,
  createSenderFactory,
  openOutboxBody,
  sealClearOutboxBodies,
  senderConfigFromEnv,
  type SenderFactory,
} from './sender';
export { codeSms, numberAlreadyRegisteredSms, resetEmail, secondFactorKeptMessage, twoFactorEmail, type CodePurpose, type PasswordEvent } from './templates';
