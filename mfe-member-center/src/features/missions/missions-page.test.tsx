import { act, fireEvent, screen, within } from '@testing-library/react';
import type { MissionClaimed, MissionLeaderboard, MissionMilestone, MissionMilestones, MissionRules, MissionSummary, MissionSummaryDetails } from '@platform/contract';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { MISSIONS_CHANGED, missionEvents } from './mission-events';
import MissionsPage from './missions-page';

// Mission Activity with the network edge stubbed: the running mission with its countdown, each
// milestone's bar, progress in its unit and reward, Claim only when reached and one claim for a
// double press, the server's refusal in its own words, the balance and the menu's badge read
// again after a claim, the leaderboard with the member's own rank, and the rules.

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const END = NOW + 2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000;

const mission = (overrides: Partial<MissionSummary> = {}): MissionSummary => ({
  missionId: 7,
  title: 'Weekly Challenge',
  description: 'Bet and win',
  startTime: NOW - 86_400_000,
  endTime: END,
  claimEndTime: END + 72 * 3_600_000,
  status: 'ongoing',
  device: 'all',
  metric: 'stake',
  milestoneCount: 4,
  claimedCount: 0,
  claimableCount: 1,
  open: true,
  ...overrides,
});

const milestone = (overrides: Partial<MissionMilestone>): MissionMilestone => ({
  milestoneId: 1,
  kind: 'stake',
  target: 20,
  progress: 0,
  state: 'progress',
  reward: { kind: 'money', amount: 5, tickets: null, wageringMultiplier: 3 },
  claimedAt: null,
  ...overrides,
});

const milestones = (stakeProgress = 20, stakeState: MissionMilestone['state'] = 'claimable'): MissionMilestones => ({
  mission: mission(),
  list: [
    milestone({ milestoneId: 1, kind: 'stake', progress: stakeProgress, state: stakeState }),
    milestone({ milestoneId: 2, kind: 'deposits', target: 100, progress: 60, reward: { kind: 'money', amount: 2, tickets: null, wageringMultiplier: 0 } }),
    milestone({ milestoneId: 3, kind: 'sign_ins', target: 3, progress: 1, reward: { kind: 'tickets', amount: null, tickets: 2, wageringMultiplier: 1 } }),
    milestone({ milestoneId: 4, kind: 'variety', target: 3, progress: 5, state: 'claimed', claimedAt: NOW }),
  ],
});

const summary = (list = [mission()]): MissionSummaryDetails => ({ list, total: list.length, totalPages: 1, openCount: list.filter((row) => row.open).length });

const board: MissionLeaderboard = {
  missionId: 7,
  metric: 'stake',
  endTime: END,
  paid: false,
  list: [
    { rank: 1, username: 'ri***9', score: 90, prize: 30 },
    { rank: 2, username: 'me_player', score: 40, prize: 20 },
  ],
  prizes: [
    { rank: 1, amount: 30 },
    { rank: 2, amount: 20 },
  ],
  me: { rank: 2, score: 40, prize: 20 },
};

const rules: MissionRules = { mission: mission(), rules: 'Play fair.', claimGraceHours: 72 };

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderPage() {
  renderWithProviders(<MissionsPage openPage={jest.fn()} />);
  await settle();
}

const press = async (name: string | RegExp, inside: HTMLElement = document.body) => {
  await act(async () => {
    fireEvent.click(within(inside).getByRole('button', { name }));
  });
  await settle();
};

const rowOf = (kind: string) => screen.getByTestId(`milestone-${kind}`);

describe('Mission Activity', () => {
  it('shows the running mission, its countdown and each milestone with its bar, progress and reward', async () => {
    stubApi({ missionSummaryDetails: summary(), missionMilestones: milestones(12, 'progress') });
    await renderPage();
    expect(screen.getByTestId('mission-title').textContent).toBe('Weekly Challenge');
    expect(screen.getByTestId('mission-countdown').textContent).toBe('Ends in 2d 03:04:05');
    expect(screen.getByRole('tab', { name: 'Milestones' }).getAttribute('aria-selected')).toBe('true');
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => [bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuetext')])).toEqual([
      ['60', '৳12.00 / ৳20.00'],
      ['60', '৳60.00 / ৳100.00'],
      ['33', '1 day / 3 days'],
      ['100', '3 games / 3 games'],
    ]);
    expect(within(rowOf('stake')).getByText('Reward ৳5.00 (3× to wager)')).toBeTruthy();
    expect(within(rowOf('sign_ins')).getByText('Reward 2 prize-wheel spins')).toBeTruthy();
    // Claim only once reached; a claimed milestone says so.
    expect((within(rowOf('stake')).getByRole('button', { name: 'Claim' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(rowOf('variety')).getByText('Claimed')).toBeTruthy();
  });

  it('claims a reached milestone once for a double press, says what was paid, and reads the milestones, the balance and the badge again', async () => {
    const { commands } = recordCommands('refreshBalance');
    const changed = jest.fn();
    missionEvents.addEventListener(MISSIONS_CHANGED, changed);
    let claimed = false;
    const { callsOf } = stubApi({
      missionSummaryDetails: summary(),
      missionMilestones: () => (claimed ? milestones(20, 'claimed') : milestones()),
      claimMissionRewards: (seen: CallOptionsSeen): MissionClaimed => {
        claimed = true;
        expect(seen?.data).toEqual({ missionId: 7, milestoneId: 1 });
        return { paid: 5, tickets: 0, balance: 105, milestone: milestone({ progress: 20, state: 'claimed', claimedAt: NOW }) };
      },
    });
    await renderPage();
    const button = within(rowOf('stake')).getByRole('button', { name: 'Claim' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await settle();
    expect(callsOf('claimMissionRewards')).toHaveLength(1);
    expect(within(rowOf('stake')).getByRole('status').textContent).toBe('৳5.00 has been added to your wallet');
    expect(within(rowOf('stake')).getByText('Claimed')).toBeTruthy();
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect(changed).toHaveBeenCalledTimes(1);
    missionEvents.removeEventListener(MISSIONS_CHANGED, changed);
  });

  it('shows the server’s refusal on the milestone', async () => {
    stubApi({
      missionSummaryDetails: summary(),
      missionMilestones: milestones(),
      claimMissionRewards: () => apiFailure('no_mission_claim', 'This milestone has not been reached yet', null, 409),
    });
    await renderPage();
    await press('Claim', rowOf('stake'));
    expect(within(rowOf('stake')).getByRole('alert').textContent).toBe('This milestone has not been reached yet');
  });

  it('shows the leaderboard with the member’s own rank and prize, and the rules', async () => {
    stubApi({ missionSummaryDetails: summary(), missionMilestones: milestones(), missionLeaderboard: board, missionRules: rules });
    await renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Leaderboard' }));
    });
    await settle();
    expect(screen.getByTestId('leaderboard-me').textContent).toBe('Your rank: 2 (৳40.00) · prize ৳20.00');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', 'ri***9', '৳90.00', '৳30.00'],
      ['2', 'me_player', '৳40.00', '৳20.00'],
    ]);
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Rules' }));
    });
    await settle();
    expect(screen.getByText('Play fair.')).toBeTruthy();
    expect(screen.getByText("Each milestone's reward is claimed once.")).toBeTruthy();
  });

  it('says when there is no mission', async () => {
    stubApi({ missionSummaryDetails: summary([]) });
    await renderPage();
    expect(screen.getByText('No mission is running right now')).toBeTruthy();
  });
});
