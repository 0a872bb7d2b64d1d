import { setLanguage, type HelpCenterEntry } from '@platform/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { currentLocation, renderWithProviders, settle, stubApi, type StubValue } from '@platform/shared/testing';
import { mockMatchMedia } from '../../../testing/match-media';
import HelpModal from './help-modal';

function article(id: number, category: string, title: string, content = `<p>Answer ${id}</p>`): HelpCenterEntry {
  return { id, category, title, content };
}

// The operator's order: the categories come in the order of their first article.
const ARTICLES = [
  article(1, 'Account', 'How do I register?'),
  article(2, 'Deposit & Withdrawal', 'How do I deposit?'),
  article(3, 'Account', 'I forgot my password'),
  article(4, 'Terms', 'User agreement', '<p>You must be at least <b>18</b> years old.</p><script>window.hacked = true</script><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">terms</a>'),
];

async function renderModal(onClose: () => void = jest.fn()) {
  renderWithProviders(<HelpModal onClose={onClose} />);
  await settle();
}

/** The article titles of one category (the list named by its heading). */
function titlesOf(category: string): string[] {
  return within(screen.getByRole('list', { name: category }))
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('HelpModal', () => {
  it('asks the help centre for its articles and lists them by category, in the operator’s order, all closed', async () => {
    const { callsOf, call } = stubApi({ helpCenter: { list: ARTICLES } });
    await renderModal();
    expect(callsOf('helpCenter')).toHaveLength(1);
    expect(call.mock.calls[0][0]).toMatchObject({ method: 'GET', path: '/wps/system/helpCenter' });

    const dialog = screen.getByRole('dialog', { name: 'Help centre' });
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Account', 'Deposit & Withdrawal', 'Terms']);
    expect(titlesOf('Account')).toEqual(['How do I register?', 'I forgot my password']);
    expect(titlesOf('Deposit & Withdrawal')).toEqual(['How do I deposit?']);
    expect(titlesOf('Terms')).toEqual(['User agreement']);
    expect(within(dialog).getAllByRole('button', { expanded: false })).toHaveLength(ARTICLES.length);
    expect(within(dialog).queryAllByRole('button', { expanded: true })).toEqual([]);
    expect(screen.queryByTestId('help-article-content')).toBeNull();
  });

  it('opens an article as sanitized HTML below its title, one at a time, and closes it again', async () => {
    stubApi({ helpCenter: { list: ARTICLES } });
    await renderModal();
    const agreement = screen.getByRole('button', { name: 'User agreement' });
    fireEvent.click(agreement);
    expect(agreement.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'User agreement' });
    expect(agreement.getAttribute('aria-controls')).toBe(region.id);
    // Without the browser's Sanitizer API (jsdom), DOMPurify is fetched first.
    const content = await within(region).findByTestId('help-article-content');
    expect(content.textContent).toContain('You must be at least 18 years old.');
    expect(content.querySelector('b')).not.toBeNull();
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(content.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript:');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();

    // Another article: the first one closes.
    const register = screen.getByRole('button', { name: 'How do I register?' });
    fireEvent.click(register);
    expect(agreement.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'User agreement' })).toBeNull();
    expect((await screen.findByTestId('help-article-content')).textContent).toBe('Answer 1');

    fireEvent.click(register);
    expect(register.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('help-article-content')).toBeNull();
  });

  it('says so when the help centre has no articles', async () => {
    stubApi({ helpCenter: { list: [] } });
    await renderModal();
    expect(screen.getByText('There are no help articles yet')).toBeTruthy();
    expect(screen.queryAllByRole('list')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows an error with a retry that asks again', async () => {
    let answers = 0;
    const { callsOf } = stubApi({
      helpCenter: () => {
        answers += 1;
        if (answers === 1) throw new Error('offline');
        return { list: ARTICLES };
      },
    });
    await renderModal();
    expect(screen.getByText('Help articles could not be loaded')).toBeTruthy();
    expect(screen.queryAllByRole('list')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(callsOf('helpCenter')).toHaveLength(2);
    expect(screen.queryByText('Help articles could not be loaded')).toBeNull();
    expect(titlesOf('Account')).toEqual(['How do I register?', 'I forgot my password']);
  });

  it('shows a spinner while the articles load', async () => {
    let answer: (value: StubValue<'helpCenter'>) => void = () => undefined;
    stubApi({ helpCenter: () => new Promise((resolve) => (answer = resolve)) });
    await renderModal();
    expect(within(screen.getByTestId('help-modal')).getByRole('status')).toBeTruthy();
    await act(async () => answer({ list: ARTICLES }));
    expect(within(screen.getByTestId('help-modal')).queryByRole('status')).toBeNull();
    expect(titlesOf('Terms')).toEqual(['User agreement']);
  });

  it('asks again in a newly chosen language', async () => {
    const { callsOf } = stubApi({ helpCenter: { list: ARTICLES } });
    await renderModal();
    await act(async () => setLanguage('BN', { api: null }));
    await settle();
    expect(callsOf('helpCenter')).toHaveLength(2);
  });

  it('takes the focus, closes on Escape and from its close button', async () => {
    stubApi({ helpCenter: { list: ARTICLES } });
    const onClose = jest.fn();
    await renderModal(onClose);
    const dialog = screen.getByRole('dialog', { name: 'Help centre' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('links the full help page, and closes when it is followed', async () => {
    stubApi({ helpCenter: new Error('offline') });
    const onClose = jest.fn();
    await renderModal(onClose);
    // Also from the error state: the page is always a way on.
    const link = screen.getByRole('link', { name: 'Open the full help centre' });
    expect(link.getAttribute('href')).toBe('/help');
    fireEvent.click(link);
    expect(currentLocation()).toBe('/help');
    expect(onClose).toHaveBeenCalled();
  });

  it('is a full-screen sheet with a back control on a phone', async () => {
    const media = mockMatchMedia(true);
    try {
      stubApi({ helpCenter: { list: ARTICLES } });
      const onClose = jest.fn();
      await renderModal(onClose);
      const dialog = screen.getByRole('dialog', { name: 'Help centre' });
      expect(dialog.parentElement?.className).toContain('sheet');
      expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(onClose).toHaveBeenCalled();
    } finally {
      media.restore();
    }
  });
});
