// What the agent centre's tests share: the state a test starts from, rendering a page and acting
// on it as the agent does, the fixtures several pages are answered with, and the agent time zone's
// periods as they are sent. Test code only: imported by *.test.tsx files, never by a page.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AgentDownline, agentDownlinesCall, ValueOf } from '@platform/contract';
import type { RecordsPeriod } from '@platform/shared/records';
import { logIn, renderWithProviders, resetTestState, setStatus, settle } from '@platform/shared/testing';
import type { ComponentType } from 'react';
import type { AgentCenterPageProps } from '../features/agent-center/page-registry';
import { agentPeriodRange, DEFAULT_AGENT_UTC_OFFSET_MINUTES } from '../features/agent-period/agent-period';

export interface AgentTestState {
  /** The system status each test starts with; the seed merchant's (makeStatus()) by default. */
  status?: () => Parameters<typeof setStatus>[0];
  /** Who is logged in; agent01, an agent, by default. */
  session?: Parameters<typeof logIn>[0];
}

/**
 * Before each test of the file: a fresh state, the system status and a logged-in session (agent01,
 * an agent, unless told otherwise); after each, the stubs undone. Call once, at the file's top.
 */
export function setUpAgentTests({ status, session = { isAgent: 1, account: 'agent01' } }: AgentTestState = {}): void {
  beforeEach(async () => {
    await resetTestState();
    setStatus(status?.());
    logIn(session);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });
}

/** Renders an agent-centre page as the overlay does, and lets its first calls answer. */
export async function renderAgentPage(Page: ComponentType<AgentCenterPageProps>): Promise<void> {
  renderWithProviders(<Page openPage={jest.fn()} />);
  await settle();
}

/** Clicks, and lets what the click started settle. */
export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
}

/** Changes a field's value, and lets what the change started settle (a search, a filter). */
export async function change(element: HTMLElement, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(element, { target: { value } });
  });
  await settle();
}

/** Types a value into the form field with this test id (a form's field: nothing to wait for). */
export const typeInto = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** The text of a figure card's value (FigureCard: `${testId}-value`). */
export const valueOf = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;

/** The texts of a table row's cells. */
export const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

/** The text of each row of a table, its header's included. */
export const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => row.textContent);

/** Confirms a contract action in its confirmation dialog. */
export const confirmContractAction = async () => click(within(screen.getByTestId('contract-confirm')).getByRole('button', { name: 'Confirm' }));

/** The errors of an offer's fields (the form's own, offer-error, is read on its own). */
export const offerFieldErrors = () =>
  screen
    .getAllByRole('alert')
    .filter((alert) => !alert.closest('[data-testid="offer-error"]'))
    .map((alert) => alert.textContent);

/** The period tabs of a report in the agent time zone, in order: each tab's name and the period it asks for. */
export const PERIOD_TABS = [
  ['Today', 'today'],
  ['Yesterday', 'yesterday'],
  ['Last 7 days', 'last7Days'],
  ['This week', 'thisWeek'],
  ['Last week', 'lastWeek'],
  ['This month', 'thisMonth'],
  ['Last month', 'lastMonth'],
] as const satisfies readonly (readonly [string, RecordsPeriod])[];

/** A period's days in the agent time zone (GMT+8 unless told otherwise), as a report's query sends them. */
export const periodOf = (period: RecordsPeriod, utcOffsetMinutes = DEFAULT_AGENT_UTC_OFFSET_MINUTES) => {
  const range = agentPeriodRange(period, utcOffsetMinutes);
  return { startDate: range.startMs, endDate: range.endMs };
};

/** A member of agent01's downline as agentDownlines lists it (an agent heads a team of 5). */
export const downline = (memberId: number, username: string, accountType: 'agent' | 'player', overrides: Partial<AgentDownline> = {}): AgentDownline => ({
  memberId,
  username,
  accountType,
  uplineUsername: 'agent01',
  teamSize: accountType === 'agent' ? 5 : 1,
  rebateSeries: 1940,
  online: false,
  lastLoginTime: null,
  lastDepositTime: null,
  balance: 0,
  teamBalance: 0,
  registrationTime: 0,
  registrationMethod: 'direct',
  status: 'active',
  remark: '',
  ...overrides,
});

/** agent01's direct downlines: an agent (subagent5, member 5) and a player (player6, member 6). */
export const DOWNLINES: ValueOf<typeof agentDownlinesCall> = { list: [downline(5, 'subagent5', 'agent'), downline(6, 'player6', 'player')], totalPages: 1 };

/** The direct downline agents a contract may be offered to: sub1 (31) and sub3 (33), registered at `registrationTime`. */
export const directAgents = (registrationTime: number): ValueOf<typeof agentDownlinesCall> => ({
  list: [downline(31, 'sub1', 'agent', { teamSize: 1, rebateSeries: 1900, registrationTime }), downline(33, 'sub3', 'agent', { teamSize: 1, rebateSeries: 1900, registrationTime })],
  totalPages: 1,
});

/** The agent's consolidated contract flags (the consolidated call): none unless named. */
export const consolidated = (realtime = false, { daily = false, hourly = false } = {}) => ({
  isSingle: true,
  sumBalance: 0,
  dailysalreqtype: daily,
  divtypereq: false,
  contracthoursalreq: hourly,
  realtimesalreqtype: realtime,
  dailysalinfotype: { LOTT: { agent: daily } },
  divtypeinfo: { LOTT: { agent: false } },
  contracthoursalinfo: { LOTT: { agent: hourly } },
  realtimesalinfotype: { LOTT: { agent: realtime } },
});
