import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import type { HelpArticleRow, ServiceLinkRow } from './content-model';
import ContentPage from './content-page';

// The help centre's articles and the customer-service links in the Content section, against a
// stubbed operator API: a reader sees them and no way to change them; an editor writes an article
// while a preview at phone and desktop width shows it sanitized; a refused link shows the server's
// words and changes nothing on screen; deletions are confirmed first.

const articles: HelpArticleRow[] = [
  { id: 7, category: 'Deposits', title: 'How long does a deposit take?', content: '<p>Minutes.</p>', enabled: true, sortOrder: 0 },
  { id: 8, category: 'Account', title: 'Resetting a password', content: '<p>Use the link.</p>', enabled: false, sortOrder: 1 },
];
const links: ServiceLinkRow[] = [{ id: 4, csType: 'TELEGRAM', title: 'Telegram Support', type: 2, url: 'https://t.me/support', enabled: true, sortOrder: 0 }];

function fakeApi() {
  return {
    get: jest.fn(async (path: string) => {
      if (path === '/content/banners') return { list: [], groups: ['w_home'] };
      if (path === '/content/help-articles') return { list: articles };
      if (path === '/content/service-links') return { list: links };
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string, body: Record<string, unknown>) => {
      if (path === '/content/help-articles') return { id: 21, ...body };
      if (path === '/content/service-links') throw new OpsError('Invalid content: the link must be an http(s) address', 400, 'operator.content.invalid');
      if (path === '/content/service-links/4') return { ...links[0], ...body, type: 1 };
      throw new Error(`unexpected POST ${path}`);
    }),
    put: jest.fn(),
    delete: jest.fn(async () => null),
    download: jest.fn(),
  };
}

function renderPage(permissions: string[], api: ReturnType<typeof fakeApi>, path: string) {
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
          <ContentPage />
        </BackOfficeContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const READ = ['GET /content/banners', 'GET /content/help-articles', 'GET /content/service-links'];
const WRITE = [
  ...READ,
  'POST /content/help-articles',
  'POST /content/help-articles/:id',
  'DELETE /content/help-articles/:id',
  'POST /content/service-links',
  'POST /content/service-links/:id',
  'DELETE /content/service-links/:id',
];

it('offers the tabs only to a role that reads them', async () => {
  renderPage(['GET /content/banners'], fakeApi(), '/content?tab=help');
  expect(screen.queryByRole('tab', { name: 'Help centre' })).toBeNull();
  expect(screen.queryByRole('tab', { name: 'Customer-service links' })).toBeNull();
  // The tab asked for in the address is not the role's: the banners show.
  expect(screen.getByRole('tab', { name: 'Banners' }).getAttribute('aria-selected')).toBe('true');
  expect(await screen.findByText('No banners here yet.')).toBeTruthy();
});

it('shows a reader the help articles, filtered by category and title, and no way to change them', async () => {
  const api = fakeApi();
  renderPage(READ, api, '/content?tab=help');
  const rows = await screen.findAllByTestId('article-row');
  expect(rows.map((row) => row.dataset.id)).toEqual(['7', '8']);
  expect(rows[1].textContent).toContain('Hidden');
  expect(screen.queryByRole('button', { name: 'New help article' })).toBeNull();
  expect(within(rows[0]).queryByRole('button', { name: 'Edit' })).toBeNull();

  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Account' } });
  expect(screen.getAllByTestId('article-row').map((row) => row.dataset.id)).toEqual(['8']);
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Title contains'), { target: { value: 'DEPOSIT' } });
  expect(screen.getAllByTestId('article-row').map((row) => row.dataset.id)).toEqual(['7']);
});

it('writes a help article while previewing it, sanitized, at phone and desktop width', async () => {
  const api = fakeApi();
  renderPage(WRITE, api, '/content?tab=help');
  await screen.findAllByTestId('article-row');
  fireEvent.click(screen.getByRole('button', { name: 'New help article' }));
  const form = screen.getByRole('form', { name: 'New help article' });
  fireEvent.change(within(form).getByLabelText('Category'), { target: { value: ' Withdrawals ' } });
  fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'When is my withdrawal paid?' } });
  fireEvent.change(within(form).getByLabelText('Text (HTML: paragraphs, bold, lists, links; scripts are removed)'), {
    target: { value: '<p onclick="steal()">Within <b>24 hours</b>.</p><script>steal()</script><a href="javascript:steal()">x</a><a href="https://help.example/">more</a>' },
  });

  const phone = within(form).getByTestId('preview-mobile');
  const desktop = within(form).getByTestId('preview-desktop');
  expect(phone.style.width).toBe('390px');
  expect(desktop.style.width).toBe('1280px');
  expect(within(form).getByRole('group', { name: 'Phone (390 px wide)' })).toBe(phone);
  for (const frame of [phone, desktop]) {
    expect(within(frame).getByRole('heading', { name: 'When is my withdrawal paid?' })).toBeTruthy();
    expect(frame.textContent).toContain('Withdrawals');
    expect(frame.querySelector('b')?.textContent).toBe('24 hours');
    // What the player's browser removes is not drawn here either.
    expect(frame.querySelector('script')).toBeNull();
    expect(frame.querySelector('[onclick]')).toBeNull();
    expect([...frame.querySelectorAll('a')].map((link) => [link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')])).toEqual([
      [null, '_blank', 'noopener noreferrer'],
      ['https://help.example/', '_blank', 'noopener noreferrer'],
    ]);
  }

  fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
  expect((await screen.findByRole('status')).textContent).toBe('Help article 21 created.');
  // The text goes as written: the server keeps it and sanitizes it on the way to players.
  expect(api.post).toHaveBeenCalledWith('/content/help-articles', {
    category: 'Withdrawals',
    title: 'When is my withdrawal paid?',
    content: '<p onclick="steal()">Within <b>24 hours</b>.</p><script>steal()</script><a href="javascript:steal()">x</a><a href="https://help.example/">more</a>',
    sortOrder: 0,
    enabled: true,
  });
  expect(screen.queryByRole('form', { name: 'New help article' })).toBeNull();
});

it('deletes a help article only once confirmed', async () => {
  const api = fakeApi();
  renderPage(WRITE, api, '/content?tab=help');
  const [row] = await screen.findAllByTestId('article-row');
  fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
  expect(api.delete).not.toHaveBeenCalled();
  fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete' }));
  await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/content/help-articles/7'));
  expect((await screen.findByRole('status')).textContent).toBe('Help article 7 deleted.');
});

it("shows the server's refusal of a link and keeps the form as it was", async () => {
  const api = fakeApi();
  renderPage(WRITE, api, '/content?tab=serviceLinks');
  const row = await screen.findByTestId('service-link-row');
  expect(row.textContent).toContain('Telegram Support');
  expect(row.textContent).toContain('https://t.me/support');
  fireEvent.click(screen.getByRole('button', { name: 'New link' }));
  const form = screen.getByRole('form', { name: 'New link' });
  fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'VIP desk' } });
  fireEvent.change(within(form).getByLabelText('Address'), { target: { value: 'javascript:alert(1)' } });
  expect(form.textContent).toContain('An http(s) address only');
  fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
  expect((await within(form).findByRole('alert')).textContent).toBe('Invalid content: the link must be an http(s) address');
  expect(screen.getByRole('form', { name: 'New link' })).toBe(form);
  expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('VIP desk');
  expect(screen.getAllByTestId('service-link-row')).toHaveLength(1);
});

it('changes a link and shows it saved', async () => {
  const api = fakeApi();
  renderPage(WRITE, api, '/content?tab=serviceLinks');
  const row = await screen.findByTestId('service-link-row');
  fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const form = screen.getByRole('form', { name: 'Edit link 4' });
  fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'FACEBOOK' } });
  fireEvent.change(within(form).getByLabelText('Address'), { target: { value: ' https://m.me/support ' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('status')).textContent).toBe('Link 4 saved.');
  expect(api.post).toHaveBeenCalledWith('/content/service-links/4', { csType: 'FACEBOOK', title: 'Telegram Support', url: 'https://m.me/support', sortOrder: 0, enabled: true });
});
