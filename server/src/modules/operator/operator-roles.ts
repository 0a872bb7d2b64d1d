// Who may call which operator API route (server/README.md "Operators"): one table, reviewed in
// one place and pinned by operator-roles.test.ts, whichever module registers the route. A route
// missing from it is open to admins only, so forgetting it is safe.

export const OPERATOR_ROLES = ['cashier', 'content', 'risk', 'support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const isOperatorRole = (value: unknown): value is OperatorRole => (OPERATOR_ROLES as readonly unknown[]).includes(value);

/** Every signed-in operator, whatever the role. */
const ANY: readonly OperatorRole[] = OPERATOR_ROLES;

/**
 * Route (method and path under /ops/v1) → the roles besides admin that may call it. Cashiers
 * decide money (deposits, withdrawals, C2C, adjustments); content writes to members (messages,
 * feedback, game vendors' maintenance); risk blocks members, reads the audit trail and the C2C
 * disputes, decides affiliates and contracts, and voids lottery rounds; support answers the live
 * chat, finds members, resets a caller's password or second factor and keeps notes. Admins may do
 * everything.
 */
export const OPERATOR_ROUTE_ROLES: Readonly<Record<string, readonly OperatorRole[]>> = {
  'GET /session': ANY,
  'DELETE /session': ANY,
  // The dashboard's figures (counts and sums, no member named): every desk but support's.
  'GET /dashboard': ['cashier', 'risk', 'content'],
  'GET /deposits': ['cashier'],
  'GET /deposits/:number/receipt': ['cashier'],
  'POST /deposits/:number/approve': ['cashier'],
  'POST /deposits/:number/reject': ['cashier'],
  'GET /withdrawals': ['cashier'],
  'POST /withdrawals/:number/pay': ['cashier'],
  'POST /withdrawals/:number/reject': ['cashier'],
  'GET /c2c': ['cashier', 'risk'],
  'GET /c2c/:orderId/images': ['cashier', 'risk'],
  'POST /c2c/:orderId/resolve': ['cashier'],
  // The player lookup: customer service, cashiers, risk and content find and read a member (audited).
  'GET /members': ['cashier', 'risk', 'content', 'support'],
  'GET /members/:username': ['cashier', 'risk', 'content', 'support'],
  'POST /members/:username/adjustments': ['cashier'],
  // Customer service's member actions (member-care.routes.ts): a temporary password and removing a
  // lost second factor after checking who is calling (support, risk); staff notes for every desk.
  'POST /members/:username/password-reset': ['support', 'risk'],
  'POST /members/:username/second-factor-reset': ['support', 'risk'],
  'GET /members/:username/notes': ['cashier', 'risk', 'content', 'support'],
  'POST /members/:username/notes': ['cashier', 'risk', 'content', 'support'],
  // Adjustments above the merchant's four-eyes threshold wait for another cashier (adjustments.routes.ts).
  'GET /adjustments': ['cashier'],
  'POST /adjustments/:id/approve': ['cashier'],
  'POST /adjustments/:id/reject': ['cashier'],
  'POST /members/:username/block': ['risk'],
  'POST /members/:username/unblock': ['risk'],
  'GET /audit': ['risk'],
  'GET /audit.csv': ['risk'],
  'POST /messages': ['content'],
  'GET /member-mails': ['content'],
  'POST /member-mails/read': ['content'],
  'GET /feedback': ['content'],
  'POST /feedback/read': ['content'],
  // Support questions (modules/support): customer service answers and closes them, as it reads feedback and members' mail.
  'GET /support/questions': ['content'],
  'GET /support/questions/:id': ['content'],
  'POST /support/questions/:id/answer': ['content'],
  'POST /support/questions/:id/close': ['content'],
  'GET /games/vendors': ['content'],
  'POST /games/vendors/:vassalage/maintenance': ['content'],
  'DELETE /games/vendors/:vassalage/maintenance': ['content'],
  'POST /games/vendors/:vassalage/secret': [],
  // The game catalogue (modules/games): content staff take games off the lobby, order and mark them.
  'GET /games/catalogue': ['content'],
  'POST /games/catalogue/:gameId': ['content'],
  'GET /affiliate-applications': ['risk'],
  'POST /affiliate-applications/:id/decision': ['risk'],
  'POST /agent-contracts': ['risk'],
  'POST /agent-contracts/end': ['risk'],
  // The agent programme read by risk (audited where it names members): the tree, an agent's
  // contracts and their history, the payout runs with their re-check. Reads only.
  'GET /agents/tree': ['risk'],
  'GET /agents/:username/contracts': ['risk'],
  'GET /agent-runs': ['risk'],
  'GET /agent-runs/:id': ['risk'],
  // Voiding a lottery round refunds its open bets (modules/lottery): risk decides it.
  'POST /lottery/rounds/void': ['risk'],
  // Official results (lottery/official-results.service.ts): risk staff enter them, two of them per round.
  'GET /lottery/results': ['risk'],
  'POST /lottery/results/:roundId': ['risk'],
  // Lottery games' operator settings (on sale, sales closing, limits) are content's, as the catalogue;
  // risk reads the games and rounds it may void.
  'GET /lottery/games': ['content', 'risk'],
  'POST /lottery/games/:gameCode': ['content'],
  'GET /lottery/rounds': ['content', 'risk'],
  // The in-house games' stake ranges (modules/inhouse): narrowing what players may stake is a
  // risk decision; content reads them beside the catalogue.
  'GET /inhouse/settings': ['content', 'risk'],
  'PUT /inhouse/settings/:gameCode': ['risk'],
  'DELETE /inhouse/settings/:gameCode': ['risk'],
  // Prize wheel tickets to a member (modules/prize-wheel): content, as promotions are.
  'POST /prize-wheel/tickets': ['content'],
  // Running the wheel: content staff deliver its physical prizes and cancel tickets; risk reads
  // the deliveries and the report, and cancels the tickets of an account it finds abusing them.
  'GET /prize-wheel/deliveries': ['content', 'risk'],
  'POST /prize-wheel/deliveries/:spinId/deliver': ['content'],
  'POST /prize-wheel/tickets/cancel': ['content', 'risk'],
  'GET /prize-wheel/report': ['content', 'risk'],
  // Promotions (modules/promotion): content staff write them.
  'GET /promotions': ['content', 'risk'],
  'POST /promotions': ['content'],
  'POST /promotions/:id': ['content'],
  'POST /promotions/:id/pause': ['content'],
  'POST /promotions/:id/resume': ['content'],
  'GET /promotions/:id': ['content', 'risk'],
  'GET /promotions/:id/claims': ['content', 'risk'],
  // Applications: content staff or risk review them; issuing pays members an operator chose.
  'GET /promotions/applications': ['content', 'risk'],
  'GET /promotions/applications/:claimId/images': ['content', 'risk'],
  'POST /promotions/applications/:claimId/approve': ['content', 'risk'],
  'POST /promotions/applications/:claimId/reject': ['content', 'risk'],
  'POST /promotions/:id/issue': ['content'],
  // The betting rebate's mode and rates (modules/rebate): content, as promotions are; risk reads.
  'GET /rebate/settings': ['content', 'risk'],
  'PUT /rebate/settings': ['content'],
  // Invite a friend's settings (modules/referral): content, as promotions are; risk reads them and a member's friends.
  'GET /referral/settings': ['content', 'risk'],
  'PUT /referral/settings': ['content'],
  'GET /referral/members/:username': ['content', 'risk'],
  // VIP ranks (modules/vip): content writes the ladder, as promotions; risk sets a member's level by hand and runs a month end.
  'GET /vip/levels': ['content', 'risk'],
  'PUT /vip/levels/:level': ['content'],
  'GET /vip/members/:username': ['content', 'risk'],
  'PUT /vip/members/:username/level': ['risk'],
  // Member labels (modules/member-label): content marks members for promotions, risk for its own lists.
  'GET /member-labels': ['content', 'risk'],
  'POST /member-labels': ['content', 'risk'],
  'POST /member-labels/:id': ['content', 'risk'],
  'POST /member-labels/:id/members': ['content', 'risk'],
  'GET /member-labels/members/:username': ['content', 'risk'],
  'POST /vip/month-end': ['risk'],
  'GET /vip/claims': ['content', 'risk', 'cashier'],
  // Points (modules/points): content writes the rules and the catalogue and delivers gifts, as for
  // the prize wheel; a member's points are adjusted by cashiers, as money is; risk reads.
  'GET /points/settings': ['content', 'risk'],
  'PUT /points/settings': ['content'],
  'GET /points/items': ['content', 'risk'],
  'POST /points/items': ['content'],
  'POST /points/items/:id': ['content'],
  'GET /points/redeems': ['content', 'risk'],
  'POST /points/redeems/:redeemId/deliver': ['content'],
  'GET /points/members/:username': ['content', 'risk', 'cashier'],
  'POST /points/members/:username/adjust': ['cashier'],
  'POST /points/earn': ['content'],
  // Missions and their leaderboards (modules/mission): content, as promotions are; risk reads.
  'GET /missions': ['content', 'risk'],
  'POST /missions': ['content'],
  'POST /missions/:id': ['content'],
  'POST /missions/:id/pause': ['content'],
  'POST /missions/:id/resume': ['content'],
  'GET /missions/:id/progress': ['content', 'risk'],
  'GET /missions/:id/payouts': ['content', 'risk'],
  // SMS and e-mail deliveries (modules/notification): content (customer service, asked where a
  // code went) and risk read them; the SMS provider and its secret are admins' only.
  'GET /notifications/deliveries': ['content', 'risk'],
  'GET /notifications/sms-provider': [],
  'PUT /notifications/sms-provider': [],
  'DELETE /notifications/sms-provider': [],
  // The live chat (modules/chat): support staff answer it, as content staff may (customer
  // service's box is theirs); content writes its settings and scripts; risk reads conversations.
  'GET /chat/conversations': ['support', 'content', 'risk'],
  'GET /chat/conversations/:id': ['support', 'content', 'risk'],
  'GET /chat/messages/:messageId/image': ['support', 'content', 'risk'],
  'POST /chat/conversations/:id/take': ['support', 'content'],
  'POST /chat/conversations/:id/reply': ['support', 'content'],
  'POST /chat/conversations/:id/transfer': ['support', 'content'],
  'POST /chat/conversations/:id/close': ['support', 'content'],
  'POST /chat/conversations/:id/typing': ['support', 'content'],
  'GET /chat/events': ['support', 'content'],
  'GET /chat/settings': ['support', 'content'],
  'PUT /chat/settings': ['content'],
  'GET /chat/scripts': ['support', 'content'],
  'PUT /chat/scripts': ['content'],
  // Banners and announcements (modules/content): content staff write them, as promotions; risk reads.
  'GET /content/banners': ['content', 'risk'],
  'POST /content/banners': ['content'],
  'POST /content/banners/images': ['content'],
  'POST /content/banners/:id': ['content'],
  'DELETE /content/banners/:id': ['content'],
  'GET /content/banners/:id/image': ['content', 'risk'],
  'GET /content/announcements': ['content', 'risk'],
  'POST /content/announcements': ['content'],
  'POST /content/announcements/:id': ['content'],
  'DELETE /content/announcements/:id': ['content'],
  // Help-centre articles and customer-service links (modules/content): as banners.
  'GET /content/help-articles': ['content', 'risk'],
  'POST /content/help-articles': ['content'],
  'POST /content/help-articles/:id': ['content'],
  'DELETE /content/help-articles/:id': ['content'],
  'GET /content/service-links': ['content', 'risk'],
  'POST /content/service-links': ['content'],
  'POST /content/service-links/:id': ['content'],
  'DELETE /content/service-links/:id': ['content'],
  // Which release of each remote a brand serves (modules/remotes): admins only.
  'GET /remotes/releases': [],
  'POST /remotes/rollout': [],
  'POST /remotes/canary': [],
  'POST /remotes/rollback': [],
  // The back office's sections (modules/remotes backoffice-sections.ts): every operator's browser
  // loads them (release names and URLs, nothing personal); admins pin a section's release.
  'GET /backoffice/sections': ANY,
  'GET /backoffice/section-releases': [],
  'POST /backoffice/section-releases/rollout': [],
  'POST /backoffice/section-releases/rollback': [],
  'POST /backoffice/section-releases/follow': [],
  // The brand's settings (modules/brand): admins change them; risk reads them (no member named, no secret).
  'GET /brand': ['risk'],
  'PUT /brand/feature-switches': [],
  'PUT /brand/registration-rules': [],
  'POST /brand/maintenance': [],
  'DELETE /brand/maintenance/:id': [],
  'PUT /brand/region-rules': [],
  'GET /brand/domains': ['risk'],
  'POST /brand/domains': [],
  'DELETE /brand/domains/hosts/:domain': [],
  'DELETE /brand/domains/mirrors/:id': [],
  // The risk desk's reports (modules/risk): reads naming members, audited; risk only.
  'GET /risk/large-wins': ['risk'],
  'GET /risk/shared-devices': ['risk'],
  'GET /risk/bonus-only': ['risk'],
  'GET /risk/agent-chains': ['risk'],
  'GET /risk/lottery-liability': ['risk'],
};

/** The routes ("GET /deposits") `role` may call, in the table's order: what a back office shows the operator. */
export function routesOf(role: OperatorRole): string[] {
  return Object.keys(OPERATOR_ROUTE_ROLES).filter((route) => role === 'admin' || OPERATOR_ROUTE_ROLES[route].includes(role));
}

/** Whether `role` may call the route `method path` (path as registered, under the prefix). */
export function roleMayCall(role: OperatorRole, method: string, path: string): boolean {
  if (role === 'admin') return true;
  return (OPERATOR_ROUTE_ROLES[`${method} ${path}`] ?? []).includes(role);
}
