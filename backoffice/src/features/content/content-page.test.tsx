import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import type { AnnouncementRow, BannerRow } from './content-model';
import ContentPage from './content-page';

// The Content section against a stubbed operator API: what a role may do is what it is shown, an
// image chosen is read, uploaded and previewed, and the banner is saved with the address the
// upload answered; announcements are written from their tab; deletions are confirmed first.

const banners: BannerRow[] = [{ id: 3, group: 'w_home', imageUrl: '/assets/banners/home-welcome.svg', linkageType: 'ROUTE', linkageValue: '/lottery', enabled: true, sortOrder: 0 }];
const announcements: AnnouncementRow[] = [{ id: 5, type: 'B', title: 'Welcome', content: '<p>Hi</p>', popup: true, enabled: true, publishedAt: Date.UTC(2026, 10, 1), expiresAt: null, state: 'shown' }];
const UPLOADED = `/wps/content/images/${'c'.repeat(64)}.png`;

function fakeApi() {
  const api = {
    get: jest.fn(async (path: string) => {
      if (path === '/content/banners') return { list: banners, groups: ['w_home', 'w_games', 'w_promotion', 'w_help'] };
      if (path === '/content/announcements') return { list: announcements };
      if (path.endsWith('/image')) return { contentType: 'image/svg+xml', dataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' };
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string, body: Record<string, unknown>) => {
      if (path === '/content/banners/images') return { url: UPLOADED, contentType: 'image/png', size: 4 };
      if (path === '/content/banners') return { id: 12, ...body };
      if (path === '/content/announcements') return { id: 13, ...body, state: 'shown' };
      throw new Error(`unexpected POST ${path}`);
    }),
    put: jest.fn(),
    delete: jest.fn(async () => null),
    download: jest.fn(),
  };
  return api;
}

function renderPage(permissions: string[], api: ReturnType<typeof fakeApi>, path = '/content') {
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

const READ = ['GET /content/banners', 'GET /content/banners/:id/image', 'GET /content/announcements'];
const WRITE = [
  ...READ,
  'POST /content/banners',
  'POST /content/banners/images',
  'POST /content/banners/:id',
  'DELETE /content/banners/:id',
  'POST /content/announcements',
  'POST /content/announcements/:id',
  'DELETE /content/announcements/:id',
];

it('shows a reader the banners with their previews, and no way to change them', async () => {
  const api = fakeApi();
  renderPage(READ, api);
  const row = await screen.findByTestId('banner-row');
  expect(row.textContent).toContain('Home (w_home)');
  expect(row.textContent).toContain('/lottery');
  expect(((await within(row).findByRole('img', { name: 'Banner 3' })) as HTMLImageElement).src).toBe('data:image/svg+xml;base64,PHN2Zy8+');
  expect(screen.queryByRole('button', { name: 'New banner' })).toBeNull();
  expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
  expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();

  fireEvent.click(screen.getByRole('tab', { name: 'Announcements' }));
  expect((await screen.findByTestId('announcement-row')).textContent).toContain('Welcome');
  expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
});

it('uploads the chosen image, previews it, and saves the banner with the address answered', async () => {
  const api = fakeApi();
  renderPage(WRITE, api);
  await screen.findByTestId('banner-row');
  fireEvent.click(screen.getByRole('button', { name: 'New banner' }));
  const form = screen.getByRole('form', { name: 'New banner' });

  // A gif is refused before anything is sent.
  const input = within(form).getByLabelText('Image file (png, jpg or webp, 2 MB at most)');
  fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
  expect((await within(form).findByRole('alert')).textContent).toBe('Choose a png, jpg or webp image.');
  expect(api.post).not.toHaveBeenCalled();

  fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' })] } });
  const preview = (await within(form).findByRole('img', { name: 'Preview of the banner image' })) as HTMLImageElement;
  expect(preview.src).toBe('data:image/png;base64,iVBORw==');
  expect(api.post).toHaveBeenCalledWith('/content/banners/images', { image: 'data:image/png;base64,iVBORw==' });
  expect((within(form).getByLabelText('Image address') as HTMLInputElement).value).toBe(UPLOADED);
  // The preview frames show the chosen image at phone and desktop width, with where a click leads.
  for (const frame of ['Phone (390 px wide)', 'Desktop (1280 px wide)']) {
    const shown = within(form).getByRole('img', { name: `The banner on a ${frame}` }) as HTMLImageElement;
    expect(shown.src).toBe('data:image/png;base64,iVBORw==');
  }

  fireEvent.change(within(form).getByLabelText('Order (lowest first)'), { target: { value: '-1' } });
  fireEvent.change(within(form).getByLabelText('Link'), { target: { value: 'URL' } });
  fireEvent.change(within(form).getByLabelText('Link to'), { target: { value: 'https://example.com/a' } });
  expect(within(form).getByTestId('preview-mobile').textContent).toContain('A click opens Web address: https://example.com/a');
  fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
  expect((await screen.findByRole('status')).textContent).toBe('Banner 12 created.');
  expect(api.post).toHaveBeenLastCalledWith('/content/banners', { group: 'w_home', imageUrl: UPLOADED, linkageType: 'URL', linkageValue: 'https://example.com/a', sortOrder: -1, enabled: true });
  expect(screen.queryByRole('form', { name: 'New banner' })).toBeNull();
});

it('deletes a banner only once confirmed', async () => {
  const api = fakeApi();
  renderPage(WRITE, api);
  const row = await screen.findByTestId('banner-row');
  fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
  expect(api.delete).not.toHaveBeenCalled();
  fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete' }));
  await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/content/banners/3'));
  expect((await screen.findByRole('status')).textContent).toBe('Banner 3 deleted.');
});

it('writes an announcement from its tab', async () => {
  const api = fakeApi();
  renderPage(WRITE, api, '/content?tab=announcements');
  await screen.findByTestId('announcement-row');
  fireEvent.click(screen.getByRole('button', { name: 'New announcement' }));
  const form = screen.getByRole('form', { name: 'New announcement' });
  fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'PL' } });
  fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Maintenance tonight' } });
  fireEvent.change(within(form).getByLabelText('Text (HTML: paragraphs, bold, lists, links; scripts are removed)'), { target: { value: '<p>02:00 to 04:00</p>' } });
  fireEvent.click(within(form).getByLabelText('Also show as a popup when the site opens'));
  const phone = within(form).getByTestId('preview-mobile');
  expect(within(phone).getByRole('heading', { name: 'Maintenance tonight' })).toBeTruthy();
  expect(phone.querySelector('p')?.textContent).toBe('02:00 to 04:00');
  expect(within(form).getByTestId('preview-desktop').textContent).toContain('02:00 to 04:00');
  fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
  expect((await screen.findByRole('status')).textContent).toBe('Announcement 13 created.');
  expect(api.post).toHaveBeenCalledWith('/content/announcements', { type: 'PL', title: 'Maintenance tonight', content: '<p>02:00 to 04:00</p>', popup: true, enabled: true });
});
