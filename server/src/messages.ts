// The one message catalogue the error handler reads, composed from its owners' parts: each
// module's `<module>.messages.ts` (exported by its index.ts) and `http/http.messages.ts` (codes
// raised below the modules). It is composed here, above the modules, rather than in i18n/:
// i18n/ and http/ sit under the modules and import none (src/architecture.test.ts), so app.ts
// hands this catalogue to the error handler.
import { httpMessages } from './http/http.messages';
import { composeCatalogue, type Catalogue } from './i18n/messages';
import { agentTransferMessages } from './modules/agent-transfer';
import { betHistoryMessages } from './modules/bet-history';
import { botCheckMessages } from './modules/bot-check';
import { c2cMessages } from './modules/c2c';
import { chatMessages } from './modules/chat';
import { contentMessages } from './modules/content';
import { promotionMessages } from './modules/promotion';
import { prizeWheelMessages } from './modules/prize-wheel';
import { pointsMessages } from './modules/points';
import { rebateMessages } from './modules/rebate';
import { referralMessages } from './modules/referral';
import { missionMessages } from './modules/mission';
import { depositMessages } from './modules/deposit';
import { gameProviderMessages } from './modules/game-provider';
import { identityMessages } from './modules/identity';
import { inhouseMessages } from './modules/inhouse';
import { lotteryMessages } from './modules/lottery';
import { remotesMessages } from './modules/remotes';
import { agentMessages } from './modules/agent';
import { ledgerMessages, recordsMessages } from './modules/ledger';
import { memberMessages, profileMessages } from './modules/member';
import { messageMessages } from './modules/message';
import { oauthMessages } from './modules/oauth';
import { operatorMessages } from './modules/operator';
import { passwordMessages } from './modules/password';
import { phoneProofMessages } from './modules/phone-proof';
import { profitMessages } from './modules/profit';
import { rateLimitMessages } from './modules/rate-limit';
import { sessionMessages } from './modules/session';
import { systemMessages } from './modules/system';
import { twoFactorMessages } from './modules/two-factor';
import { verificationMessages } from './modules/verification';
import { vipMessages } from './modules/vip';
import { memberLabelMessages } from './modules/member-label';
import { supportMessages } from './modules/support';
import { withdrawalMessages } from './modules/withdrawal';

/** Every owner's part, by owner. */
export const MESSAGE_PARTS = {
  http: httpMessages,
  'rate-limit': rateLimitMessages,
  system: systemMessages,
  identity: identityMessages,
  'bot-check': botCheckMessages,
  'phone-proof': phoneProofMessages,
  session: sessionMessages,
  ledger: ledgerMessages,
  records: recordsMessages,
  deposit: depositMessages,
  member: memberMessages,
  message: messageMessages,
  profile: profileMessages,
  verification: verificationMessages,
  password: passwordMessages,
  'two-factor': twoFactorMessages,
  oauth: oauthMessages,
  operator: operatorMessages,
  withdrawal: withdrawalMessages,
  'agent-transfer': agentTransferMessages,
  profit: profitMessages,
  c2c: c2cMessages,
  chat: chatMessages,
  'game-provider': gameProviderMessages,
  'bet-history': betHistoryMessages,
  inhouse: inhouseMessages,
  lottery: lotteryMessages,
  agent: agentMessages,
  remotes: remotesMessages,
  promotion: promotionMessages,
  'prize-wheel': prizeWheelMessages,
  points: pointsMessages,
  rebate: rebateMessages,
  referral: referralMessages,
  vip: vipMessages,
  memberLabel: memberLabelMessages,
  mission: missionMessages,
  support: supportMessages,
  content: contentMessages,
};

/**
 * Texts for every code the server answers: a code no part holds fails type-check here (the
 * composition has only the parts' codes); a code two parts hold throws as this file loads.
 */
export const CATALOGUE: Catalogue = composeCatalogue(MESSAGE_PARTS);
