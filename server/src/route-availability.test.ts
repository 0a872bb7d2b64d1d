import { createTestApp, type TestContext } from './testing/test-app';

// Every route of the merchant scope is refused during maintenance and to a restricted visitor
// (modules/system/site-access.ts) unless its config says `availability: 'always'`. The list a
// reviewer needs is the ones that stay available: a new route that keeps itself open fails here
// until it is added below, on purpose. Each must be something the maintenance or restriction page
// needs to render, a way out (logout) or a way to reach the operator (the live chat); never a
// login, registration, money or game route.

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await context.app.ready();
});

afterAll(async () => {
  await context.close();
});

const ALWAYS_AVAILABLE = [
  // The session ends whatever the site's state.
  'DELETE /wps/session/logout',
  // The shell loads its remotes before it knows which root view to show.
  'GET /remotes.json',
  // The member's live chat: the status pages' "contact us" opens it, and a member whose money is
  // stuck while the site is closed needs it most. It moves no money and plays nothing.
  'GET /wps/chat/conversation',
  'GET /wps/chat/events',
  'GET /wps/chat/image',
  'GET /wps/chat/messages',
  'GET /wps/chat/resume',
  'GET /wps/relay/CBS_unreadCount',
  'GET /wps/relay/WPSCORE_getCustomerServiceScript',
  // The transport key: public, and what an encrypted call needs to reach its own refusal.
  'GET /wps/session/key/rsa',
  // The dialling-code list the shell loads at start-up.
  'GET /wps/system/country',
  // Site configuration (mirror domains, feature switches): what the status already tells anyone.
  'GET /wps/system/domainRoute',
  // The root view (maintenance 1, restriction 2) and what its pages show.
  'GET /wps/system/status',
  'GET /wps/system/whitelabel',
  // A payment provider's word that money arrived: a member paid, maintenance or not, and the
  // signed callback (not a visitor) is what is answered; refusing it would only delay the credit.
  'POST /payment/callback/:provider',
  // A game vendor settling rounds (wins, rollbacks, round ends) whatever the site's state: its
  // server is not a visitor, and a round begun before maintenance must still pay out. Bets are
  // refused during the vendor's own maintenance (game_vendor_maintenance).
  'POST /provider/v1/:vassalage/authenticate',
  'POST /provider/v1/:vassalage/balance',
  'POST /provider/v1/:vassalage/bet',
  'POST /provider/v1/:vassalage/endRound',
  'POST /provider/v1/:vassalage/rollback',
  'POST /provider/v1/:vassalage/win',
  // The member's live chat, as above.
  'POST /wps/chat/close',
  'POST /wps/chat/conversation',
  'POST /wps/chat/image',
  'POST /wps/chat/message',
  'POST /wps/chat/read',
  'POST /wps/chat/typing',
];

it('lists the routes that answer during maintenance and to restricted visitors: only the reviewed ones', () => {
  const table = context.app.routeAccess.map((route) => `${route.method} ${route.url}: ${route.availability}`).sort();
  expect(table.length).toBeGreaterThan(ALWAYS_AVAILABLE.length);
  expect(table.filter((line) => !line.endsWith(': whileOpen'))).toEqual(ALWAYS_AVAILABLE.map((route) => `${route}: always`));
});

it('keeps login, registration, free play and the money routes closed while the site is', () => {
  const available = new Set(context.app.routeAccess.filter((route) => route.availability === 'always').map((route) => `${route.method} ${route.url}`));
  for (const route of [
    'POST /wps/session/login',
    'POST /wps/session/login/freeplay',
    'PUT /wps/member/register',
    'PUT /wps/member/register/mobile',
    'POST /wps/session/oauth/exchange',
    'GET /wps/v2/wallets/balance',
    'GET /wps/relay/GCSGAME_newGameVendor',
  ]) {
    expect(available.has(route)).toBe(false);
  }
});
