import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from '@platform/shared';
import type { ModuleName } from '@platform/contract';
import { renderWithProviders, resetTestState } from '@platform/shared/testing';
import { CentreOverlay, type CentreOverlayProps } from './centre-overlay';
import { defineCentrePages, lazyCentrePage, type CentrePageModule, type CentrePageProps } from './define-centre-pages';

// A stand-in centre of four pages: the menu (the contract's order, who may see a page, the
// whitelabel switches), the overlay's chosen page, links between pages, and a page whose code
// could not be fetched, with its retry.

type Key = 'inbox' | 'wallet' | 'team' | 'bonus';
const ORDER: readonly Key[] = ['inbox', 'wallet', 'team', 'bonus', 'later' as Key];
const LABELS: Record<Key, string> = { inbox: 'Inbox', wallet: 'Wallet', team: 'Team', bonus: 'Bonus' };

interface Context {
  agent: boolean;
  isOn: (name: ModuleName) => boolean;
}

/** A page's module: a heading-free body with a link to the wallet, strings already there. */
const pageModule = (key: Key): Promise<CentrePageModule<Key>> =>
  Promise.resolve({
    default: ({ openPage }: CentrePageProps<Key>) => (
      <div data-testid={`page-${key}`}>
        <Button onClick={() => openPage('wallet')}>To the wallet</Button>
      </div>
    ),
    translationsLoaded: Promise.resolve(),
  });

const CENTRE = defineCentrePages<Key, Context>({
  order: ORDER,
  switches: { bonus: ['dividendPages', 'agentIncome'] },
  isOn: (context, name) => context.isOn(name),
  pages: {
    bonus: { load: () => pageModule('bonus') },
    team: { load: () => pageModule('team'), visible: ({ agent }) => agent },
    wallet: { load: () => pageModule('wallet') },
    inbox: { load: () => pageModule('inbox') },
  },
});

const allOn = () => true;

beforeEach(async () => {
  await resetTestState();
});

describe('defineCentrePages', () => {
  it('lists the pages that exist in the contract’s order, each only for whom it is', () => {
    expect(Object.keys(CENTRE.components).sort()).toEqual(['bonus', 'inbox', 'team', 'wallet']);
    expect(CENTRE.visiblePages({ agent: true, isOn: allOn })).toEqual(['inbox', 'wallet', 'team', 'bonus']);
    expect(CENTRE.visiblePages({ agent: false, isOn: allOn })).toEqual(['inbox', 'wallet', 'bonus']);
  });

  it('lists a switched page while one of its switches is on, and none without a way to read them', () => {
    expect(CENTRE.visiblePages({ agent: true, isOn: (name) => name === 'agentIncome' })).toEqual(['inbox', 'wallet', 'team', 'bonus']);
    expect(CENTRE.visiblePages({ agent: true, isOn: () => false })).toEqual(['inbox', 'wallet', 'team']);
    const unread = defineCentrePages<Key, Context>({ order: ORDER, switches: { bonus: ['dividendPages'] }, pages: { bonus: { load: () => pageModule('bonus') }, inbox: { load: () => pageModule('inbox') } } });
    expect(unread.visiblePages({ agent: true, isOn: allOn })).toEqual(['inbox']);
  });
});

type Props = CentreOverlayProps<Key, Context>;

function renderCentre(overrides: Partial<Props> = {}) {
  const onClose = jest.fn();
  const props: Props = {
    title: 'Test Centre',
    closeLabel: 'Close',
    centre: CENTRE,
    context: { agent: true, isOn: allOn },
    labelOf: (key) => LABELS[key],
    page: 'team',
    onClose,
    pageLoadFailed: (retry) => (
      <div data-testid="page-failed">
        <Button onClick={retry}>Retry</Button>
      </div>
    ),
    ...overrides,
  };
  const view = renderWithProviders(<CentreOverlay {...props} />);
  return { ...view, onClose, props };
}

const menu = () => within(screen.getByRole('navigation', { name: 'Test Centre' }));
const heading = () => within(screen.getByTestId('remote-page')).getByRole('heading', { level: 1 }).textContent;

describe('CentreOverlay', () => {
  it('shows the menu and the page asked for under its title; the menu and the pages’ links open others', async () => {
    renderCentre();
    expect(menu().getAllByRole('button').map((button) => button.textContent)).toEqual(['Inbox', 'Wallet', 'Team', 'Bonus']);
    expect(await screen.findByTestId('page-team')).toBeTruthy();
    expect(heading()).toBe('Team');
    expect(menu().getByRole('button', { name: 'Team' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(menu().getByRole('button', { name: 'Bonus' }));
    expect(await screen.findByTestId('page-bonus')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'To the wallet' }));
    expect(await screen.findByTestId('page-wallet')).toBeTruthy();
    expect(heading()).toBe('Wallet');
  });

  it('shows the first page while the one asked for is not this member’s, and the one asked for once it is', async () => {
    const { rerender, props } = renderCentre({ context: { agent: false, isOn: allOn } });
    expect(await screen.findByTestId('page-inbox')).toBeTruthy();
    expect(heading()).toBe('Inbox');
    rerender(<CentreOverlay {...props} context={{ agent: true, isOn: allOn }} />);
    expect(await screen.findByTestId('page-team')).toBeTruthy();
  });

  it('closes from its close button, and shows one page in place of the menu when asked to', async () => {
    const Instead = lazyCentrePage<Key>(() => Promise.resolve({ default: () => <p data-testid="page-apply">Apply</p>, translationsLoaded: Promise.resolve() }));
    const { onClose } = renderCentre({ instead: { key: 'apply', label: 'Become an agent', component: Instead } });
    expect(await screen.findByTestId('page-apply')).toBeTruthy();
    expect(menu().getAllByRole('button').map((button) => button.textContent)).toEqual(['Become an agent']);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers a retry when a page’s code could not be fetched, and fetches it again on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fails = true;
    const load = jest.fn(() => (fails ? Promise.reject(new Error('ChunkLoadError')) : pageModule('inbox')));
    const flaky = defineCentrePages<Key, Context>({ order: ORDER, pages: { inbox: { load } } });
    renderCentre({ centre: flaky, page: 'inbox' });
    const failed = await screen.findByTestId('page-failed');
    expect(heading()).toBe('Inbox');
    fails = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('page-inbox')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('page-failed')).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
