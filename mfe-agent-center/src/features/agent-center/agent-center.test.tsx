import { screen, waitFor, within } from '@testing-library/react';
import { AGENT_PAGE_SWITCHES, MODULE_IDS } from '@platform/contract';
import { logIn, makeStatus, renderWithProviders, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { click, consolidated, setUpAgentTests, typeInto } from '../../testing/agent-fixtures';
import AgentCenter from './agent-center';

// The overlay with the network edge stubbed: the menu in its order, the contract flags asked once
// when it opens, each page fetched as its own chunk.

const MENU = ['Agency Announcement', 'Team Overview', 'Register Centre', 'Team Management', 'Team Betting', 'User Profit and Loss', 'My Income', 'Account Details', 'Red Envelope'];

/** The merchant's agent-centre switches, all on (as the seed has them) unless named off. */
const agentSwitches = (...off: string[]) =>
  Object.fromEntries(
    Object.values(AGENT_PAGE_SWITCHES)
      .flat()
      .map((name) => [MODULE_IDS[name], { enabled: off.includes(MODULE_IDS[name]) ? ('0' as const) : ('1' as const) }]),
  );

setUpAgentTests({ status: () => makeStatus({ whitelabel: agentSwitches() }) });

const menu = () => within(screen.getByRole('navigation', { name: 'Agent Centre' })).getAllByRole('button');
const menuLabels = () => menu().map((button) => button.textContent);

async function renderCentre(page: Parameters<typeof AgentCenter>[0]['page']) {
  renderWithProviders(<AgentCenter page={page} onClose={jest.fn()} />);
  // The menu waits for the consolidated flags and the page for its own code: wait until both are
  // shown rather than for a number of turns of the event loop.
  await screen.findByRole('navigation', { name: 'Agent Centre' });
  await waitFor(() => expect(within(screen.getByTestId('remote-page')).getByRole('heading', { level: 1 })).toBeTruthy());
  await settle();
}

describe('the agent centre overlay', () => {
  it('lists the agent menu without Real-time Salary when the consolidated flag is off, asking for the flags once', async () => {
    const { callsOf } = stubApi({ consolidated: consolidated(false), agentAnnouncements: { list: [], totalPages: 0 } });
    await renderCentre('agentRealtimeSalary');
    expect(menuLabels()).toEqual(MENU);
    expect(callsOf('consolidated')).toHaveLength(1);
    // The page asked for is not this agent's: the first page is shown instead.
    const page = screen.getByTestId('remote-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Agency Announcement');
    expect(await within(page).findByTestId('announcements')).toBeTruthy();
    expect(callsOf('agentAnnouncements')).toHaveLength(1);
  });

  it('leaves out the pages whose whitelabel switch the merchant turned off', async () => {
    setStatus(makeStatus({ whitelabel: agentSwitches('TEAMBETTING3', 'AGENTRANSMULTDOWN3') }));
    stubApi({ consolidated: consolidated(false), agentAnnouncements: { list: [], totalPages: 0 } });
    await renderCentre('agentAnnouncement');
    expect(menuLabels()).toEqual(MENU.filter((label) => label !== 'Team Betting' && label !== 'Red Envelope'));
  });

  it('adds Real-time Salary when the flag is on, and opens it when asked for', async () => {
    stubApi({
      consolidated: consolidated(true),
      agentRealtimeContracts: { mine: null, downlines: [] },
      lotteryGames: [],
    });
    await renderCentre('agentRealtimeSalary');
    expect(menuLabels()).toEqual([...MENU, 'Real-time Salary']);
    expect(await screen.findByTestId('realtime-salary')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Real-time Salary' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists Daily Wages only with dailysalreqtype and Hourly Salary only with contracthoursalreq, and opens each', async () => {
    stubApi({
      consolidated: consolidated(false, { daily: true }),
      agentDailySalaryContracts: { mine: null, downlines: [] },
    });
    await renderCentre('agentDailyWages2');
    expect(menuLabels()).toEqual([...MENU, 'Daily Wages']);
    expect(await screen.findByTestId('daily-salary')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Daily Wages' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists Hourly Salary with its flag, after Daily Wages when both are on', async () => {
    stubApi({
      consolidated: consolidated(true, { daily: true, hourly: true }),
      agentHourlySalaryContracts: { mine: null, downlines: [] },
    });
    await renderCentre('agentHourSalary');
    expect(menuLabels()).toEqual([...MENU, 'Daily Wages', 'Hourly Salary', 'Real-time Salary']);
    expect(await screen.findByTestId('hourly-salary')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hourly Salary' }).getAttribute('aria-current')).toBe('page');
  });

  it('leaves both salary pages out when their flags are off, even when asked for', async () => {
    const { callsOf } = stubApi({ consolidated: consolidated(true) });
    await renderCentre('agentHourSalary');
    expect(menuLabels()).toEqual([...MENU, 'Real-time Salary']);
    expect(callsOf('agentHourlySalaryContracts')).toHaveLength(0);
    expect(within(screen.getByTestId('remote-page')).getByRole('heading', { level: 1 }).textContent).toBe('Agency Announcement');
  });

  it('opens Register Centre and Team Management as their pages, from the menu', async () => {
    const { callsOf } = stubApi({
      consolidated: consolidated(false),
      agentRebateSettings: { ownSeries: 1950, minSeries: 1900, maxSeries: 2000 },
      agentDownlines: { list: [], totalPages: 0 },
    });
    await renderCentre('agentAnnouncement');
    await click(screen.getByRole('button', { name: 'Register Centre' }));
    expect(await screen.findByTestId('register-center')).toBeTruthy();
    expect(callsOf('agentRebateSettings')).toHaveLength(1);
    await click(screen.getByRole('button', { name: 'Team Management' }));
    expect(await screen.findByTestId('downline-management')).toBeTruthy();
    expect(callsOf('agentDownlines')[0]?.params).toEqual({ accountType: 'agent', page: 1, size: 10 });
  });
});

describe('the agent centre overlay, for a member who is not an agent', () => {
  it('shows a player the affiliate application instead of the agent menu, without asking for contract flags', async () => {
    logIn({ isAgent: 0, account: 'player01' });
    const { callsOf } = stubApi({
      affiliateApplication: null,
      affiliateApply: (options: CallOptionsSeen) => ({ applicationId: 3, state: 'pending', createdTime: 0, decidedTime: null, answer: '', ...(options?.data as { contact: string; message: string }) }),
    });
    await renderCentre('registerCenter');
    expect(await screen.findByTestId('affiliate-application')).toBeTruthy();
    expect(menuLabels()).toEqual(['Become an agent']);
    expect(within(screen.getByTestId('remote-page')).getByRole('heading', { level: 1 }).textContent).toBe('Become an agent');
    expect(callsOf('consolidated')).toHaveLength(0);
    expect(callsOf('affiliateApplication')).toHaveLength(1);

    typeInto('affiliate-contact', 'me@example.test');
    await click(screen.getByTestId('affiliate-submit'));
    expect(callsOf('affiliateApply').map((options) => options?.data)).toEqual([{ contact: 'me@example.test', message: '' }]);
    expect(screen.getByTestId('affiliate-state').textContent).toBe('Awaiting an answer');
    expect(screen.queryByTestId('affiliate-form')).toBeNull();
  });

  it.each([2, 42])('still gives an agent (isAgent %i) the menu and the page asked for, and no application', async (isAgent) => {
    logIn({ isAgent, account: 'agent02' });
    const { callsOf } = stubApi({ consolidated: consolidated(false), agentRebateSettings: { ownSeries: 1950, minSeries: 1900, maxSeries: 2000 } });
    await renderCentre('registerCenter');
    expect(menuLabels()).toEqual(MENU);
    expect(await screen.findByTestId('register-center')).toBeTruthy();
    expect(screen.queryByTestId('affiliate-application')).toBeNull();
    expect(callsOf('affiliateApplication')).toHaveLength(0);
  });
});
