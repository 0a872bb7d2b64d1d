import { act, fireEvent, screen, within } from '@testing-library/react';
import type { HelpCenterEntry } from '@platform/contract';
import { apiFailure, currentLocation, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubAnswers } from '@platform/shared/testing';
import HelpPage from './help-page';

// The help page with the network edge stubbed: the articles by category, the search over titles
// and bodies (case and accents aside), an article's own address opening it at the top of the page
// with its HTML sanitized, the empty and failed states, and the deposit guide per method.

let scrollTo: jest.SpyInstance;
beforeEach(async () => {
  await resetTestState();
  setStatus();
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => scrollTo.mockRestore());

const article = (id: number, category: string, title: string, content = `<p>Answer ${id}</p>`): HelpCenterEntry => ({ id, category, title, content });

const ARTICLES = [
  article(1, 'Account', 'How do I register?', '<p>Click <b>Register</b> and choose a username.</p>'),
  article(2, 'Deposit & Withdrawal', 'How do I deposit?', '<p>Open <b>Deposit</b> and pick a payment method.</p>'),
  article(3, 'Account', 'I forgot my password', '<p>Use <b>Forgot password</b> on the login form.</p>'),
  article(4, 'Tài khoản', 'Đăng ký tài khoản', '<p>Nhấn Đăng ký.</p>'),
  article(5, 'Terms', 'User agreement', '<p>You must be <b>18</b>.</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true"><a href="javascript:alert(2)">terms</a>'),
];

async function renderHelp(route = '/help', answers: StubAnswers = { helpCenter: { list: ARTICLES } }) {
  const stub = stubApi(answers);
  const view = renderWithProviders(<HelpPage />, { route });
  await settle();
  return { stub, view };
}

const articleLinks = () => screen.getAllByTestId('help-article-link').map((link) => link.textContent);
const results = () => screen.getAllByTestId('help-result').map((link) => link.querySelector('span')?.textContent);
const search = async (text: string) => act(async () => fireEvent.change(screen.getByTestId('help-search'), { target: { value: text } }));

describe('the help page', () => {
  it('lists the categories in the operator’s order and the first category’s articles, under the title Help Center', async () => {
    const { stub } = await renderHelp();
    expect(stub.callsOf('helpCenter')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Help Center');
    expect(screen.getAllByTestId('help-category-link').map((link) => link.textContent)).toEqual(['Account', 'Deposit & Withdrawal', 'Tài khoản', 'Terms']);
    expect(screen.getAllByTestId('help-category-link')[0].getAttribute('aria-current')).toBe('page');
    expect(articleLinks()).toEqual(['How do I register?', 'I forgot my password']);

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Terms' })));
    expect(currentLocation()).toBe('/help?category=Terms');
    expect(articleLinks()).toEqual(['User agreement']);
  });

  it('searches titles and bodies, whatever the case and the accents, title matches first', async () => {
    await renderHelp();
    await search('REGISTER');
    // The title that has the word first, then the body that has it.
    expect(results()).toEqual(['How do I register?']);
    await search('dang ky');
    expect(results()).toEqual(['Đăng ký tài khoản']);
    await search('  payment   METHOD ');
    expect(results()).toEqual(['How do I deposit?']);
    await search('password login');
    expect(results()).toEqual(['I forgot my password']);
    await search('password');
    expect(screen.getByRole('status').textContent).toBe('1 article found');
    // Words of the markup are not words of the article.
    await search('script');
    expect(screen.queryAllByTestId('help-result')).toEqual([]);
    expect(screen.getByText('No article matches "script"')).toBeTruthy();
    await search('');
    expect(articleLinks()).toEqual(['How do I register?', 'I forgot my password']);
  });

  it('opens a search result as the article’s own page', async () => {
    await renderHelp();
    await search('agreement');
    await act(async () => fireEvent.click(screen.getByTestId('help-result')));
    expect(currentLocation()).toBe('/help?category=Terms&article=5');
    expect(screen.getByTestId('help-article').querySelector('h2')?.textContent).toBe('User agreement');
  });

  it('opens the article a deep link names, at the top of the page, its HTML sanitized, with the rest of its category', async () => {
    await renderHelp('/helpmc?category=Account&article=3');
    const view = screen.getByTestId('help-article');
    expect(view.getAttribute('data-article-id')).toBe('3');
    expect(within(view).getByRole('heading', { level: 2 }).textContent).toBe('I forgot my password');
    expect(screen.getByTestId('help-article-content').innerHTML).toBe('<p>Use <b>Forgot password</b> on the login form.</p>');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(within(view).getByRole('navigation', { name: 'More in this category' }).textContent).toBe('More in this categoryHow do I register?');

    await act(async () => fireEvent.click(within(view).getByRole('link', { name: 'How do I register?' })));
    expect(currentLocation()).toBe('/helpmc?category=Account&article=1');
    expect(scrollTo).toHaveBeenCalledTimes(2);
    await act(async () => fireEvent.click(screen.getByTestId('help-back')));
    expect(currentLocation()).toBe('/helpmc?category=Account');
    expect(articleLinks()).toEqual(['How do I register?', 'I forgot my password']);
  });

  it('never shows an article’s scripts, handlers or script links', async () => {
    await renderHelp('/help?article=5');
    const content = screen.getByTestId('help-article-content');
    expect(content.textContent).toContain('You must be 18.');
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('[onerror]')).toBeNull();
    expect(content.querySelector('a[href^="javascript:"]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('says when a linked article or category is gone', async () => {
    await renderHelp('/help?category=Account&article=99');
    expect(screen.getByText('This article is no longer available')).toBeTruthy();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('shows an empty help centre and a failed one with a retry', async () => {
    const { view } = await renderHelp('/help', { helpCenter: { list: [] } });
    expect(screen.getByText('No help articles yet')).toBeTruthy();
    view.unmount();

    let asked = 0;
    await renderHelp('/help', { helpCenter: () => (++asked === 1 ? apiFailure('http.502', 'Bad Gateway') : { list: ARTICLES }) });
    const error = screen.getByTestId('help-load-error');
    expect(error.textContent).toContain('The help articles could not be loaded');
    await act(async () => fireEvent.click(within(error).getByRole('button')));
    await settle();
    expect(articleLinks()).toEqual(['How do I register?', 'I forgot my password']);
  });

  it('switches sections by the address: the deposit guide and the speed test are links of their own', async () => {
    await renderHelp();
    await act(async () => fireEvent.click(screen.getByTestId('help-tab-speed')));
    expect(currentLocation()).toBe('/help?tab=speed');
    await act(async () => fireEvent.click(screen.getByTestId('help-tab-deposit')));
    expect(currentLocation()).toBe('/help?tab=deposit');
    expect(screen.getByTestId('deposit-guide')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('help-tab-articles')));
    expect(currentLocation()).toBe('/help');
  });
});

describe('the deposit guide', () => {
  const channel = (vendorId: number, vendorName: string, method: 'MT' | 'PG' | 'QR' | 'C2C') => ({
    vendorId, vendorName, mcsBankCode: `C${vendorId}`, method, minAmount: 10, maxAmount: 1000, fixedAmounts: [], banks: [],
  });

  it('shows a visitor every method’s steps and asks them to log in for theirs', async () => {
    const { commands } = recordCommands('openLogin');
    const { stub } = await renderHelp('/help?tab=deposit&method=QR');
    expect(stub.callsOf('depositBanksList')).toHaveLength(0);
    expect(['MT', 'PG', 'QR', 'C2C'].map((method) => screen.queryByTestId(`deposit-guide-tab-${method}`)?.textContent)).toEqual([
      'Bank transfer', 'Online payment', 'QR code payment', 'Player-to-player',
    ]);
    const guide = screen.getByTestId('deposit-guide-method');
    expect(guide.getAttribute('data-method')).toBe('QR');
    expect(within(guide).getAllByRole('listitem')[0].textContent).toBe('Open Deposit and choose QR code payment.');
    expect(screen.queryByTestId('deposit-guide-open')).toBeNull();
    fireEvent.click(screen.getByTestId('deposit-guide-login'));
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
  });

  it('shows a member one tab per method the merchant offers them, with its channels, and opens the deposit page', async () => {
    logIn();
    const { commands } = recordCommands('openMemberCenter');
    await renderHelp('/help?tab=deposit', {
      helpCenter: { list: ARTICLES },
      depositBanksList: { methods: [{ method: 'PG', channels: [channel(1, 'bKash', 'PG'), channel(2, 'Nagad', 'PG')] }, { method: 'MT', channels: [channel(3, 'Bank transfer', 'MT')] }] },
    });
    expect(screen.queryByTestId('deposit-guide-login')).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Help articles', 'Deposit guide', 'Mirror speed test', 'Online payment', 'Bank transfer']);
    expect(screen.getByTestId('deposit-guide-method').getAttribute('data-method')).toBe('PG');
    expect(screen.getByTestId('deposit-guide-channels').textContent).toBe('Channels: bKash, Nagad');

    await act(async () => fireEvent.click(screen.getByTestId('deposit-guide-tab-MT')));
    expect(currentLocation()).toBe('/help?tab=deposit&method=MT');
    expect(screen.getByTestId('deposit-guide-method').getAttribute('data-method')).toBe('MT');
    fireEvent.click(screen.getByTestId('deposit-guide-open'));
    expect(commands).toEqual([{ type: 'openMemberCenter', page: 'depositv2' }]);
  });

  it('shows a member with no method, and a failed list with a retry', async () => {
    logIn();
    const { view } = await renderHelp('/help?tab=deposit', { depositBanksList: { methods: [] } });
    expect(screen.getByText('No deposit method is available right now')).toBeTruthy();
    view.unmount();
    await renderHelp('/help?tab=deposit', { depositBanksList: apiFailure('http.502', 'Bad Gateway') });
    expect(screen.getByTestId('deposit-guide-error').textContent).toContain('The deposit methods could not be loaded');
  });
});
