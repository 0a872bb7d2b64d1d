import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import type { RebateSettings, ReferralSettings, VipLevel } from './loyalty-model';
import type { Mission } from './missions-panel';
import type { PointItem, PointRedeem } from './points-panel';
import type { ApplicationRow, PromotionDetail, PromotionSummary } from './promotions-model';
import PromotionsPage from './promotions-page';

// The Promotions section against a stubbed operator API: a role sees the actions its permissions
// name and no others; a promotion is created from the form (checked before sending, the server's
// refusal shown in its words), edited with its stored fields, previewed per language at a phone's
// and a desktop's width, paused and resumed; applications are approved and rejected with a reason.

// Each test walks a whole form: more than jest's default 5 s when the machine is busy.
jest.setTimeout(30_000);

const summary = (change: Partial<PromotionSummary> = {}): PromotionSummary => ({
  id: 4, title: 'Welcome Bonus', category: 'new_player', trigger: 'first_deposit', enabled: true, promoCode: null, startTime: null, endTime: null,
  joined: 1, claimed: 3, takenBack: 0, cost: 150, audience: { vipLevels: null, labels: null }, ...change,
});
const detail: PromotionDetail = {
  id: 4, enabled: true, category: 'new_player', title: 'Welcome Bonus', imageUrl: '/assets/promotions/welcome.svg', content: '<p>Deposit and <b>double</b> it.</p><script>alert(1)</script>',
  startTime: null, endTime: null, sortOrder: 2, texts: { CN: { title: '欢迎奖金', content: '<p>存款翻倍</p>' } },
  rules: { trigger: 'first_deposit', repeat: 'once', reward: { kind: 'percent', percent: 100, cap: 500 }, wagering: { multiplier: 10, includesDeposit: false }, requires: [], onePerPerson: true },
  audience: { vipLevels: null, labels: null },
};
const application: ApplicationRow = {
  claimId: 31, promotionId: 6, promotionTitle: 'Lucky screenshot', username: 'ann', state: 'applying', comment: 'my big win', imageCount: 1, appliedAt: Date.UTC(2026, 10, 1), reviewedAt: null, reviewedBy: null, rejectReason: null,
};

const vipLevels: VipLevel[] = [
  {
    level: 0, names: { EN: 'Member' }, clubLabel: 'Member', color: '#777777', color2: '#999999',
    reach: { monthlyTurnover: 0, monthlyDeposit: 0, totalTurnover: 0, totalDeposit: 0 }, keep: { monthlyTurnover: 0, monthlyDeposit: 0 },
    upgradeBonus: 0, upgradeWageringMultiplier: 0, monthlySalary: 0, salaryWageringMultiplier: 0, withdrawDailyCountExtra: 0, withdrawFreeExtra: 0, withdrawPriority: false,
    withdrawalTexts: {}, benefitTexts: {},
  },
];
const rebate: RebateSettings = { mode: 'manual', rates: [{ vipLevel: 0, category: 'rng', percent: 0.8 }] };

const referral: ReferralSettings = {
  enabled: true, minFirstDeposit: 100, minValidStake: 50, invitationReward: 8, depositRateLevel1: 1, depositRateLevel2: 0.5, betRateLevel1: 0.2, betRateLevel2: 0.1,
  checkAddress: false, mainDomain: null, achievements: [{ configId: 2, friends: 5, bonus: 38 }],
};

const pointItem: PointItem = {
  itemId: 7, kind: 'physical', names: { EN: 'Team jersey', CN: '球衣' }, point: 5000, amount: null, wageringMultiple: null, ticketCount: null, stock: 12, memberLimit: 1, enabled: true, position: 0,
};
const redeem: PointRedeem = {
  redeemId: 40, username: 'cleo', name: 'Team jersey', kind: 'physical', point: 5000, amount: null, ticketCount: null, deliveryStatus: 'pending', redeemedAt: Date.UTC(2026, 10, 2), deliveredAt: null, deliveredBy: null, note: null,
};

const mission: Mission = {
  id: 3, name: 'Week', title: 'Week of wins', start: '2026-12-01 00:00', end: '2026-12-08 00:00', status: 'ongoing', paused: false, device: 'all', minVipLevel: 0,
  leaderboardMetric: 'stake', leaderboardPaid: false, milestones: [{ id: 1, kind: 'stake', target: 100, reward: { amount: 5, tickets: null, wageringMultiplier: 3 } }],
  prizes: [{ rank: 1, amount: 50, wageringMultiplier: 1 }], claims: 1, claimedAmount: 5, ticketsGiven: 0,
};

function fakeApi({ refuseCreate = false } = {}) {
  let enabled = true;
  let missionPaused = false;
  return {
    get: jest.fn(async (path: string) => {
      if (path === '/promotions') return { list: [summary({ enabled }), summary({ id: 5, title: 'Promo Code Gift', trigger: 'promo_code', promoCode: 'GIFT5', category: 'special_offer' })] };
      if (path === '/promotions/4') return detail;
      if (path === '/promotions/4/claims') return { list: [{ username: 'bob', state: 'claimed', joinedAt: 1, claimedAt: 2, period: '', bonus: 50, requirement: 500, deposit: 50, takenBack: null }] };
      if (path === '/promotions/applications') return { list: [application] };
      if (path === '/promotions/applications/31/images') return { images: ['data:image/png;base64,iVBORw=='] };
      if (path === '/vip/levels') return { list: vipLevels };
      if (path === '/rebate/settings') return rebate;
      if (path === '/referral/settings') return referral;
      if (path === '/points/items') return { list: [pointItem] };
      if (path === '/missions') return { list: [{ ...mission, paused: missionPaused }] };
      if (path === '/missions/3/payouts') return { claims: [{ milestoneId: 1, username: 'dan', amount: 5, tickets: null, claimedAt: 1 }], leaderboard: [], leaderboardPaid: false };
      if (path === '/points/redeems') return { list: [redeem], total: 1 };
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string, body?: Record<string, unknown>) => {
      if (path === '/promotions') {
        if (refuseCreate) throw new OpsError('The promotion cannot pay: rule promotion_reward_check is not met', 400, 'operator.promotion.invalid');
        return summary({ id: 12, title: String(body?.title) });
      }
      if (path === '/promotions/4') return summary();
      if (path === '/promotions/4/pause') {
        enabled = false;
        return summary({ enabled });
      }
      if (path === '/promotions/4/resume') {
        enabled = true;
        return summary({ enabled });
      }
      if (path === '/missions/3') {
        if (body?.end === '2026-12-01 00:00') throw new OpsError('The mission is not valid: the end is before the start', 400, 'operator.mission.invalid');
        return mission;
      }
      if (path === '/missions/3/pause') {
        missionPaused = true;
        return mission;
      }
      if (path === '/points/items/7') return { ...pointItem, ...body };
      if (path === '/points/redeems/40/deliver') return { ...redeem, deliveryStatus: 'delivered' };
      if (path.startsWith('/promotions/applications/31/')) return { claimId: 31, state: path.endsWith('approve') ? 'claimed' : 'rejected', bonus: 8, tickets: null, points: null };
      throw new Error(`unexpected POST ${path}`);
    }),
    put: jest.fn(async (path: string, body: Record<string, unknown>) => {
      if (path === '/vip/levels/1') throw new OpsError('The VIP settings are not valid: level 0 comes first', 400, 'operator.vip.invalid');
      if (path.startsWith('/vip/levels/')) return { list: vipLevels };
      if (path === '/rebate/settings') return body;
      if (path === '/referral/settings') return { ...referral, ...body };
      throw new Error(`unexpected PUT ${path}`);
    }),
    delete: jest.fn(),
    download: jest.fn(),
  };
}

function renderPage(permissions: string[], api: ReturnType<typeof fakeApi>, path = '/promotions') {
  return render(
    <I18nextProvider i18n={createI18n('EN')}>
      <MemoryRouter initialEntries={[path]}>
        <BackOfficeContext.Provider
          value={{
            session: { token: 't', expiresAt: Date.now() + 60_000, operator: { id: 1, username: 'ed', merchantCode: 'DEFAULT', role: 'content' }, permissions },
            api: api as unknown as OpsClient,
            may: (route) => permissions.includes(route),
            signOut: () => undefined,
          }}
        >
          <PromotionsPage />
        </BackOfficeContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const READ = ['GET /promotions', 'GET /promotions/:id', 'GET /promotions/:id/claims', 'GET /promotions/applications', 'GET /promotions/applications/:claimId/images'];
const REVIEW = [...READ, 'POST /promotions/applications/:claimId/approve', 'POST /promotions/applications/:claimId/reject'];
const WRITE = [...REVIEW, 'POST /promotions', 'POST /promotions/:id', 'POST /promotions/:id/pause', 'POST /promotions/:id/resume'];

const rowOf = async (id: number) => (await screen.findAllByTestId('promotion-row')).find((row) => row.dataset.id === String(id))!;

it('shows a reader the promotions, their claims and a read-only form, and no way to change them', async () => {
  const api = fakeApi();
  renderPage(READ, api);
  const row = await rowOf(4);
  expect(row.textContent).toContain('Welcome Bonus');
  expect(row.textContent).toContain('Running');
  expect(row.textContent).toContain('150.00');
  expect(screen.queryByRole('button', { name: 'New promotion' })).toBeNull();
  expect(within(row).queryByRole('button', { name: 'Pause' })).toBeNull();

  fireEvent.click(within(row).getByRole('button', { name: 'Claims' }));
  expect((await screen.findByTestId('promotion-claims')).textContent).toContain('bob');

  fireEvent.click(within(row).getByRole('button', { name: 'View' }));
  const form = await screen.findByRole('form', { name: 'Promotion 4 (read only)' });
  expect(within(form).getByLabelText('Title').matches(':disabled')).toBe(true);
  expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();

  // Applications: read, not decided.
  fireEvent.click(screen.getByRole('tab', { name: 'Applications' }));
  const application = await screen.findByTestId('application-row');
  expect(within(application).queryByRole('button', { name: 'Approve' })).toBeNull();
  expect(within(application).queryByRole('button', { name: 'Reject' })).toBeNull();
});

it('searches and filters the promotions', async () => {
  renderPage(READ, fakeApi());
  await rowOf(4);
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'gift5' } });
  expect(screen.getAllByTestId('promotion-row').map((row) => row.dataset.id)).toEqual(['5']);
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'new_player' } });
  expect(screen.getAllByTestId('promotion-row').map((row) => row.dataset.id)).toEqual(['4']);
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'paused' } });
  expect(screen.queryAllByTestId('promotion-row')).toHaveLength(0);
  expect(screen.getByText('No promotion matches.')).toBeTruthy();
});

it('checks a new promotion before sending it, then creates it', async () => {
  const api = fakeApi();
  renderPage(WRITE, api);
  await rowOf(4);
  fireEvent.click(screen.getByRole('button', { name: 'New promotion' }));
  const form = screen.getByRole('form', { name: 'New promotion' });
  fireEvent.change(within(form).getByLabelText('Paid on'), { target: { value: 'registration' } });
  fireEvent.change(within(form).getByLabelText('Bonus amount'), { target: { value: '8.888' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
  expect((await within(form).findByRole('alert')).textContent).toBe('Correct the fields marked before saving.');
  expect(within(form).getAllByText('Required.')).toHaveLength(2);
  expect(within(form).getByText('An amount from 0.01 to 100000000, with at most two decimals.')).toBeTruthy();
  expect(api.post).not.toHaveBeenCalled();

  fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Sign-up gift' } });
  fireEvent.change(within(form).getByLabelText('Image address'), { target: { value: '/assets/promotions/gift.svg' } });
  fireEvent.change(within(form).getByLabelText('Bonus amount'), { target: { value: '8.88' } });
  fireEvent.change(within(form).getByLabelText('Wagering (× the bonus)'), { target: { value: '2' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Chinese' }));
  fireEvent.change(within(form).getByLabelText('Title in Chinese'), { target: { value: '注册礼金' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
  expect((await screen.findByRole('status')).textContent).toBe('Promotion 12 created.');
  expect(api.post).toHaveBeenCalledWith('/promotions', {
    category: 'limited', title: 'Sign-up gift', imageUrl: '/assets/promotions/gift.svg', content: '', sortOrder: 0, enabled: true,
    texts: { CN: { title: '注册礼金' } },
    rules: { trigger: 'registration', repeat: 'once', reward: { kind: 'fixed', amount: 8.88 }, wagering: { multiplier: 2, includesDeposit: false }, requires: [], onePerPerson: false },
    audience: { vipLevels: null, labels: null },
  });
  expect(screen.queryByRole('form', { name: 'New promotion' })).toBeNull();
});

it("shows the server's refusal in its words and keeps the form", async () => {
  const api = fakeApi({ refuseCreate: true });
  renderPage(WRITE, api);
  await rowOf(4);
  fireEvent.click(screen.getByRole('button', { name: 'New promotion' }));
  const form = screen.getByRole('form', { name: 'New promotion' });
  fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Broken' } });
  fireEvent.change(within(form).getByLabelText('Image address'), { target: { value: '/x.svg' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
  expect((await within(form).findByRole('alert')).textContent).toBe('The promotion cannot pay: rule promotion_reward_check is not met');
  expect(screen.getByRole('form', { name: 'New promotion' })).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});

it('edits a promotion with its stored fields and previews it per language at phone and desktop width', async () => {
  const api = fakeApi();
  renderPage(WRITE, api);
  fireEvent.click(within(await rowOf(4)).getByRole('button', { name: 'Edit' }));
  const form = await screen.findByRole('form', { name: 'Promotion 4' });
  expect((within(form).getByLabelText('Percent of the deposit', { selector: 'input' }) as HTMLInputElement).value).toBe('100');

  const preview = within(form).getByTestId('promotion-preview');
  expect(preview.dataset.width).toBe('390');
  expect(preview.style.width).toBe('390px');
  expect(within(preview).getByRole('heading').textContent).toBe('Welcome Bonus');
  // The terms as text: the markup's words, the script neither run nor shown.
  expect(within(preview).getByTestId('promotion-preview-terms').textContent).toBe('Deposit and double it.');
  expect(preview.querySelector('b, script')).toBeNull();
  fireEvent.change(within(form).getByLabelText('Preview in'), { target: { value: 'CN' } });
  expect(within(preview).getByRole('heading').textContent).toBe('欢迎奖金');
  expect(within(preview).getByTestId('promotion-preview-terms').textContent).toBe('存款翻倍');
  fireEvent.change(within(form).getByLabelText('Preview in'), { target: { value: 'TH' } });
  expect(within(preview).getByRole('heading').textContent).toBe('Welcome Bonus');
  fireEvent.click(within(form).getByRole('button', { name: 'Desktop (1200 px)' }));
  expect(within(form).getByTestId('promotion-preview').style.width).toBe('1200px');
  // What is typed is previewed before it is saved.
  fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Welcome Bonus 100%' } });
  expect(within(form).getByTestId('promotion-preview').querySelector('h3')?.textContent).toBe('Welcome Bonus 100%');

  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('status')).textContent).toBe('Promotion 4 saved.');
  const [path, body] = api.post.mock.calls.at(-1)!;
  expect(path).toBe('/promotions/4');
  expect(body).toMatchObject({ title: 'Welcome Bonus 100%', sortOrder: 2, texts: detail.texts, rules: detail.rules });
  expect(body).not.toHaveProperty('startTime');
});

it('pauses and resumes a promotion', async () => {
  const api = fakeApi();
  renderPage(WRITE, api);
  fireEvent.click(within(await rowOf(4)).getByRole('button', { name: 'Pause' }));
  expect((await screen.findByRole('status')).textContent).toBe('Promotion 4 paused: players no longer see it.');
  await waitFor(async () => expect((await rowOf(4)).textContent).toContain('Paused'));
  fireEvent.click(within(await rowOf(4)).getByRole('button', { name: 'Resume' }));
  expect((await screen.findByRole('status')).textContent).toBe('Promotion 4 resumed.');
  expect(api.post).toHaveBeenCalledWith('/promotions/4/pause');
  expect(api.post).toHaveBeenCalledWith('/promotions/4/resume');
});

it('approves an application, and rejects one only with a reason', async () => {
  const api = fakeApi();
  renderPage(REVIEW, api, '/promotions?tab=applications');
  const row = await screen.findByTestId('application-row');
  expect(api.get).toHaveBeenCalledWith('/promotions/applications', { waiting: true });
  fireEvent.click(within(row).getByRole('button', { name: 'Images (1)' }));
  expect(((await within(row).findByRole('img', { name: 'Image 1 of application 31' })) as HTMLImageElement).src).toBe('data:image/png;base64,iVBORw==');

  fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
  const reject = within(row).getByRole('form', { name: 'Reject the application of ann' });
  fireEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
  expect(within(reject).getByText('Write the reason, 500 characters at most.')).toBeTruthy();
  expect(api.post).not.toHaveBeenCalled();
  fireEvent.change(within(reject).getByLabelText('Reason (the member reads it)'), { target: { value: '  Not a win screenshot ' } });
  fireEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
  expect((await screen.findByRole('status')).textContent).toBe("ann's application for Lucky screenshot rejected.");
  expect(api.post).toHaveBeenCalledWith('/promotions/applications/31/reject', { reason: 'Not a win screenshot' });

  fireEvent.click(within(await screen.findByTestId('application-row')).getByRole('button', { name: 'Approve' }));
  expect((await screen.findByRole('status')).textContent).toBe("ann's application for Lucky screenshot approved: the reward is paid.");
  expect(api.post).toHaveBeenCalledWith('/promotions/applications/31/approve');
});

it('changes a VIP level, checks a new one before sending, and shows the refusal of one the ladder cannot take', async () => {
  const api = fakeApi();
  renderPage([...WRITE, 'GET /vip/levels', 'PUT /vip/levels/:level'], api, '/promotions?tab=vip');
  const row = await screen.findByTestId('vip-level-row');
  fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const form = screen.getByRole('form', { name: 'VIP 0' });
  fireEvent.change(within(form).getByLabelText('Name in Chinese'), { target: { value: '会员' } });
  fireEvent.change(within(form).getByLabelText('Upgrade bonus'), { target: { value: '1.5' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('status')).textContent).toBe('VIP 0 saved.');
  expect(api.put).toHaveBeenCalledWith('/vip/levels/0', expect.objectContaining({ names: { EN: 'Member', CN: '会员' }, upgradeBonus: 1.5, clubLabel: 'Member' }));

  fireEvent.click(screen.getByRole('button', { name: 'Add VIP 1' }));
  const added = screen.getByRole('form', { name: 'New level: VIP 1' });
  fireEvent.click(within(added).getByRole('button', { name: 'Save' }));
  expect(within(added).getByText('Required.')).toBeTruthy();
  expect(within(added).getAllByText('A colour as #RRGGBB.')).toHaveLength(2);
  expect(api.put).toHaveBeenCalledTimes(1);
  fireEvent.change(within(added).getByLabelText('Club label'), { target: { value: 'Silver' } });
  fireEvent.change(within(added).getByLabelText('Colour'), { target: { value: '#c0c0c0' } });
  fireEvent.change(within(added).getByLabelText('Second colour'), { target: { value: '#e0e0e0' } });
  fireEvent.click(within(added).getByRole('button', { name: 'Save' }));
  expect((await within(added).findByRole('alert')).textContent).toBe('The VIP settings are not valid: level 0 comes first');
  expect(api.put).toHaveBeenLastCalledWith('/vip/levels/1', expect.objectContaining({ clubLabel: 'Silver', color: '#c0c0c0', color2: '#e0e0e0' }));
  expect(screen.getByRole('form', { name: 'New level: VIP 1' })).toBeTruthy();
});

it('shows a reader the VIP ladder and the rebate rates without a way to change them', async () => {
  const api = fakeApi();
  renderPage([...READ, 'GET /vip/levels', 'GET /rebate/settings'], api, '/promotions?tab=rebate');
  const rate = await screen.findByLabelText('Rate of VIP 0, Slots');
  await waitFor(() => expect((rate as HTMLInputElement).value).toBe('0.8'));
  expect((rate as HTMLInputElement).readOnly).toBe(true);
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  fireEvent.click(screen.getByRole('tab', { name: 'VIP levels' }));
  const row = await screen.findByTestId('vip-level-row');
  expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Add VIP/ })).toBeNull();
});

it('saves the rebate rates typed, refusing a rate the server would', async () => {
  const api = fakeApi();
  renderPage([...WRITE, 'GET /vip/levels', 'GET /rebate/settings', 'PUT /rebate/settings'], api, '/promotions?tab=rebate');
  const live = await screen.findByLabelText('Rate of VIP 0, Live casino');
  await waitFor(() => expect((screen.getByLabelText('Rate of VIP 0, Slots') as HTMLInputElement).value).toBe('0.8'));
  fireEvent.change(live, { target: { value: '12' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Each rate is a percent from 0 to 10 with at most two decimals; correct the cells marked.');
  expect(api.put).not.toHaveBeenCalled();
  fireEvent.change(live, { target: { value: '1.2' } });
  fireEvent.change(screen.getByLabelText('Paid'), { target: { value: 'auto' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('status')).textContent).toBe('Rebate settings saved.');
  expect(api.put).toHaveBeenCalledWith('/rebate/settings', { mode: 'auto', rates: [{ vipLevel: 0, category: 'live', percent: 1.2 }, { vipLevel: 0, category: 'rng', percent: 0.8 }] });
});

it('changes the invite-a-friend settings and its bonuses, checked before sending', async () => {
  const api = fakeApi();
  renderPage([...WRITE, 'GET /referral/settings', 'PUT /referral/settings'], api, '/promotions?tab=referral');
  const form = await screen.findByRole('form', { name: 'Invite a friend' });
  fireEvent.change(within(form).getByLabelText('Reward per friend'), { target: { value: '9.999' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Add a bonus' }));
  const added = within(form).getByRole('group', { name: 'Bonus 2' });
  fireEvent.change(within(added).getByLabelText('Friends'), { target: { value: '5' } });
  fireEvent.change(within(added).getByLabelText('Bonus'), { target: { value: '58' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(within(form).getByText('An amount from 0, with at most two decimals.')).toBeTruthy();
  expect(within(added).getByText('This number of friends is named twice.')).toBeTruthy();
  expect(api.put).not.toHaveBeenCalled();
  fireEvent.change(within(form).getByLabelText('Reward per friend'), { target: { value: '9.99' } });
  fireEvent.change(within(added).getByLabelText('Friends'), { target: { value: '20' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('status')).textContent).toBe('Invite-a-friend settings saved.');
  expect(api.put).toHaveBeenCalledWith('/referral/settings', expect.objectContaining({ invitationReward: 9.99, mainDomain: null, achievements: [{ friends: 5, bonus: 38 }, { friends: 20, bonus: 58 }] }));
});

it('shows a reader the invite-a-friend settings only', async () => {
  renderPage([...READ, 'GET /referral/settings'], fakeApi(), '/promotions?tab=referral');
  const form = await screen.findByRole('form', { name: 'Invite a friend' });
  expect(within(form).getByLabelText('Reward per friend').matches(':disabled')).toBe(true);
  expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  expect(within(form).queryByRole('button', { name: 'Add a bonus' })).toBeNull();
});

const POINTS_READ = ['GET /points/items', 'GET /points/redeems'];

it('hides a point mall item and marks a gift sent with its note', async () => {
  const api = fakeApi();
  renderPage([...WRITE, ...POINTS_READ, 'POST /points/items/:id', 'POST /points/redeems/:redeemId/deliver'], api, '/promotions?tab=points');
  const item = await screen.findByTestId('point-item-row');
  expect(item.textContent).toContain('Team jersey');
  fireEvent.click(within(item).getByRole('button', { name: 'Hide' }));
  expect((await screen.findByRole('status')).textContent).toBe('Team jersey is hidden from the point mall.');
  expect(api.post).toHaveBeenCalledWith('/points/items/7', { enabled: false });

  expect(api.get).toHaveBeenCalledWith('/points/redeems', { status: 'pending', size: 200 });
  const row = await screen.findByTestId('point-redeem-row');
  fireEvent.click(within(row).getByRole('button', { name: 'Mark sent' }));
  const form = within(row).getByRole('form', { name: 'Mark Team jersey for cleo sent' });
  fireEvent.change(within(form).getByLabelText('Note (a tracking number, say)'), { target: { value: ' SF123 ' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Sent' }));
  await waitFor(() => expect(api.post).toHaveBeenCalledWith('/points/redeems/40/deliver', { note: 'SF123' }));
  expect(await screen.findByText('Team jersey for cleo marked sent.')).toBeTruthy();
});

it('shows a reader the point mall and the redeems without actions', async () => {
  renderPage([...READ, ...POINTS_READ], fakeApi(), '/promotions?tab=points');
  const item = await screen.findByTestId('point-item-row');
  expect(within(item).queryByRole('button')).toBeNull();
  const row = await screen.findByTestId('point-redeem-row');
  expect(within(row).queryByRole('button', { name: 'Mark sent' })).toBeNull();
});

it('changes a mission, shows the refusal in its words, shows what it paid and pauses it', async () => {
  const api = fakeApi();
  renderPage([...WRITE, 'GET /missions', 'GET /missions/:id/payouts', 'POST /missions/:id', 'POST /missions/:id/pause', 'POST /missions/:id/resume'], api, '/promotions?tab=missions');
  const row = await screen.findByTestId('mission-row');
  expect(row.textContent).toContain('Week of wins');
  fireEvent.click(within(row).getByRole('button', { name: 'Details' }));
  expect((await screen.findByTestId('mission-payouts')).textContent).toContain('dan');
  expect(screen.getByTestId('mission-milestones').textContent).toContain('Stake: 100 → 5.00');

  fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const form = screen.getByRole('form', { name: 'Mission 3' });
  fireEvent.change(within(form).getByLabelText('Ends (YYYY-MM-DD HH:mm)'), { target: { value: '2026-12-08' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(within(form).getByText('A time as YYYY-MM-DD HH:mm.')).toBeTruthy();
  expect(api.post).not.toHaveBeenCalled();
  // The server's own refusal (here a stub's), in its words; the form stays.
  fireEvent.change(within(form).getByLabelText('Ends (YYYY-MM-DD HH:mm)'), { target: { value: '2026-12-01 00:00' } });
  fireEvent.change(within(form).getByLabelText('Starts (YYYY-MM-DD HH:mm)'), { target: { value: '2026-11-30 00:00' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect((await within(form).findByRole('alert')).textContent).toBe('The mission is not valid: the end is before the start');
  fireEvent.change(within(form).getByLabelText('Ends (YYYY-MM-DD HH:mm)'), { target: { value: '2026-12-09 00:00' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('status')).textContent).toBe('Mission Week saved.');
  expect(api.post).toHaveBeenLastCalledWith('/missions/3', { start: '2026-11-30 00:00', end: '2026-12-09 00:00' });

  fireEvent.click(within(await screen.findByTestId('mission-row')).getByRole('button', { name: 'Pause' }));
  expect((await screen.findByRole('status')).textContent).toBe('Mission Week paused.');
  await waitFor(() => expect(within(screen.getByTestId('mission-row')).getByRole('button', { name: 'Resume' })).toBeTruthy());
});

it('shows a reader the missions without a way to change them', async () => {
  renderPage([...READ, 'GET /missions', 'GET /missions/:id/payouts'], fakeApi(), '/promotions?tab=missions');
  const row = await screen.findByTestId('mission-row');
  expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
  expect(within(row).queryByRole('button', { name: 'Pause' })).toBeNull();
});
