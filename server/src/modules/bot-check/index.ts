// The bot check of login, registration and SMS sends: GET /wps/botcheck/challenge, and the gate
// those handlers verify the answer with (account hooks).
export { botCheckRoutes, type BotCheckRoutesOptions } from './bot-check.routes';
export {
  botCheckSettingsFrom,
  createBotCheckGate,
  DEFAULT_BOT_CHECK_SETTINGS,
  type BotCheckAttempt,
  type BotCheckGate,
  type BotCheckSettings,
  type BotCheckSubject,
} from './bot-check.service';
export { botCheckMessages } from './bot-check.messages';
