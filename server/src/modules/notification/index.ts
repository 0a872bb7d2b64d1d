// Messages to members (SMS, e-mail): the sender (the outbox table), the texts in each language,
// the delivery worker that hands queued messages to the SMTP server and the merchants' SMS
// providers, what the operators read of deliveries and set of the SMS provider (their routes are
// the operator module's).
export { messageLanguage } from './language';
export {
  brandOf,
  createSenderFactory,
  openOutboxBody,
  sealClearOutboxBodies,
  senderConfigFromEnv,
  type SenderFactory,
} from './sender';
export { DeliveryWorker, deliveryStartupLine, type DeliveryWorkerOptions } from './delivery';
export { DELIVERY_STATUSES, listDeliveries, type DeliveryStatus } from './delivery.queries';
export {
  InvalidSmsProvider,
  removeSmsProvider,
  setSmsProvider,
  SMS_PROVIDERS,
  smsProviderView,
  type SmsProviderName,
} from './sms-provider';
export { codeSms, numberAlreadyRegisteredSms, resetEmail, secondFactorKeptMessage, twoFactorEmail, type CodePurpose, type PasswordEvent } from './templates';
