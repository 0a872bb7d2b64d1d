// Whitelabel module ids: each names a part of the site a merchant
// switches on or off (`whitelabel_module` rows on the server, `info.whitelabel` in the system
// status, on is '1'), and every call carries the id of the module it belongs to (`ModuleId`).
// A vertical that adds a module adds its id here.

export const MODULE_IDS = {
  // Modules calls belong to (always on unless a merchant turns them off)
  system: 'SYSTEM3',
  helpCentre: 'HELPCENTER3',
  register: 'REGISTER3',
  feedback: 'FEEDBACK3',
  announcements: 'ANNOUNCE3',
  games: 'GAME3',
  login: 'LOGIN3',
  /** Second-factor check of a login from an unknown place. */
  loginVerification: 'LOGINIPVERF3',
  sms: 'SMS3',
  member: 'MEMBER3',
  /** Forgotten password reset by e-mail. */
  passwordResetByEmail: 'CHNGPASS3',
  wallet: 'WALLET3',
  promotions: 'PROMO3',
  // Switches the auth screens and the server read
  /** Registration by mobile number. */
  mobileRegister: 'MOBILENUMREG3',
  /** SMS verification code on registration. */
  registerSmsVerification: 'REGMOBVERF3',
  /** Password fields in mobile registration (off: the server generates them). */
  mobileRegisterPassword: 'MOBILENUMPASSREG3',
  /** Registration by username and password. */
  usernameRegister: 'USERNAMEREG3',
  /** Free-play (guest) login. */
  freePlay: 'FREEPLAY3',
  /** An expired password must be changed before playing. */
  forcePasswordChange: 'PWDEXPFORCECHANGE3',
  /** Login with an SMS code. */
  smsLogin: 'MOBILEVERCODELOGIN3',
  /** Forgotten password reset by SMS. */
  passwordResetBySms: 'CHNGPASSVERIF3',
  /** Agent centre: creating downline accounts (registerCenter). */
  agentRegisterDownline: 'AGEREGDOWN3',
  /** Agent centre: creating affiliate links, and managing them with their registrations. */
  agentCreateLink: 'CREATEAFF3',
  agentLinks: 'AFFMAN3',
  /** Agent centre: downline management (team management). */
  downlineManagement: 'DOWNMAN',
  /** Real-time salary contracts and records. */
  realtimeSalary: 'RTSALARY3',
  /** Daily and hourly salary contracts and records. */
  dailySalary: 'DAILYSALCONT3',
  hourlySalary: 'HOURSAL3',
  /** Dividend contracts and records (agentDividendRecord2). */
  dividend: 'SIGNCONDIV3',
  /** Agent reports: user loss (team P&L) and my income. */
  agentTeamProfitLoss: 'AGETEAMPNL3',
  agentIncome: 'AGEREV3',
  /** Announcements for agents (always shown in the agent centre). */
  agentAnnouncements: 'AGENTANNOUNCE3',
  /** Agent centre menu switches: Team Betting, Red Envelope, and the dividend and daily salary pages (with the contract flag). */
  agentTeamBetting: 'TEAMBETTING3',
  agentRedEnvelope: 'AGENTRANSMULTDOWN3',
  dividendPages: 'DIVIDEND',
  dailySalaryPages: 'DAYSAL',
} as const;

/**
 * The switches of the agent centre's pages: the menu lists a page while one of
 * its switches is on, and the server refuses its calls otherwise. A page not listed is always shown.
 */
export const AGENT_PAGE_SWITCHES = {
  registerCenter: ['agentRegisterDownline', 'agentCreateLink', 'agentLinks'],
  downlineManagmentView: ['downlineManagement'],
  personalHistoryCopy: ['agentTeamBetting'],
  palStatementsAgentCopy: ['agentTeamProfitLoss'],
  agentRevenueReport: ['agentIncome'],
  agentRedRain: ['agentRedEnvelope'],
  agentDividendRecord2: ['dividendPages'],
  agentDailyWages2: ['dailySalaryPages'],
  agentHourSalary: ['hourlySalary'],
} as const satisfies Record<string, readonly ModuleName[]>;

export type ModuleName = keyof typeof MODULE_IDS;
export type ModuleId = (typeof MODULE_IDS)[ModuleName];

/** The merchant's switches as the system status carries them (`info.whitelabel`): module id → its row, on is '1'. */
export type ModuleSwitches = Readonly<Record<string, { readonly enabled?: string } | undefined>>;

/**
 * Whether the merchant switched a module on. Read through the caller's own copy of MODULE_IDS
 * (the contract is bundled by each app, never shared at run time), so a remote released with a
 * new switch reads it under a shell built before the switch existed.
 */
export function isModuleOn(switches: ModuleSwitches | null | undefined, name: ModuleName): boolean {
  return switches?.[MODULE_IDS[name]]?.enabled === '1';
}

/** isModuleOn bound to one set of switches: `const isOn = switchReader(useSiteConfig().whitelabel)`. */
export const switchReader =
  (switches: ModuleSwitches | null | undefined) =>
  (name: ModuleName): boolean =>
    isModuleOn(switches, name);
