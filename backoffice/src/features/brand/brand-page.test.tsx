import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import type { Brand } from './brand-model';
import BrandPage from './brand-page';

// The Brand section against a stubbed operator API: a reader sees every group and no way to change
// it; an admin sends only what changed, reads the server's words on a refusal, and is asked before
// a maintenance window or a new region rule turns players away.

const brand = (): Brand => ({
  merchantCode: 'DEFAULT',
  site: { brandName: 'Lucky Star', logoUrl: '/assets/logo.svg', defaultLanguage: 'BN', languages: ['BN', 'EN'], currency: { code: 'BDT', symbol: '৳', decimals: 2, symbolPlacement: 'before' } },
  accounts: { sessionIdleMinutes: 30, passwordMaxAgeDays: null },
  featureSwitches: [
    { name: 'freePlay', moduleId: 'FREEPLAY3', enabled: true },
    { name: 'smsLogin', moduleId: 'MOBILEVERCODELOGIN3', enabled: false },
  ],
  registrationRules: [
    { field: 'username', enabled: true, required: true, minLength: 6, maxLength: 16, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', patternId: 2, type: 'text', reads: { enabled: false, required: false } },
    { field: 'email', enabled: true, required: false, minLength: 5, maxLength: 64, acceptedPattern: '*', patternId: 3, type: 'email', reads: { enabled: true, required: true } },
  ],
  maintenance: [],
  regionRules: [{ id: 4, kind: 'country', value: 'KP', note: '' }],
  domains: { hosts: ['luckystar.example'], mirrors: [{ id: 2, domain: 'https://m1.luckystar.example', enabled: true, sortOrder: 0 }] },
});

function fakeApi() {
  return {
    get: jest.fn(async (path: string) => {
      if (path === '/brand') return brand();
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string, body: Record<string, unknown>) => {
      if (path === '/brand/maintenance') return { id: 9, startsAt: Date.now(), endsAt: null, reason: body.reason };
      return brand().domains;
    }),
    put: jest.fn(async () => ({ list: [] })),
    delete: jest.fn(async () => brand().domains),
    download: jest.fn(),
  };
}

const READ = ['GET /brand', 'GET /brand/domains'];
const ADMIN = [
  ...READ,
  'PUT /brand/feature-switches',
  'PUT /brand/registration-rules',
  'POST /brand/maintenance',
  'DELETE /brand/maintenance/:id',
  'PUT /brand/region-rules',
  'POST /brand/domains',
  'DELETE /brand/domains/hosts/:domain',
  'DELETE /brand/domains/mirrors/:id',
];

function renderPage(permissions: string[], api: ReturnType<typeof fakeApi>) {
  return render(
    <I18nextProvider i18n={createI18n('EN')}>
      <MemoryRouter initialEntries={['/brand']}>
        <BackOfficeContext.Provider
          value={{
            session: { token: 't', expiresAt: Date.now() + 60_000, operator: { id: 1, username: 'ann', merchantCode: 'DEFAULT', role: 'admin' }, permissions },
            api: api as unknown as OpsClient,
            may: (route) => permissions.includes(route),
            signOut: () => undefined,
          }}
        >
          <BrandPage />
        </BackOfficeContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

it('shows a reader every group, and no way to change it', async () => {
  const api = fakeApi();
  renderPage(READ, api);
  const site = await screen.findByTestId('brand-site');
  expect(site.textContent).toContain('Lucky Star');
  expect(site.textContent).toContain('BDT (৳)');
  expect((screen.getByRole('checkbox', { name: /Free play/ }) as HTMLInputElement).disabled).toBe(true);
  expect(within(screen.getByTestId('brand-rules')).getAllByRole('row')).toHaveLength(3);
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Schedule maintenance' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  expect(screen.getByTestId('brand-domains').textContent).toContain('https://m1.luckystar.example');
});

it('sends only the switch that changed, then reads the settings again', async () => {
  const api = fakeApi();
  renderPage(ADMIN, api);
  const panel = await screen.findByTestId('brand-switches');
  const save = within(panel).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  fireEvent.click(within(panel).getByRole('checkbox', { name: /Free play/ }));
  fireEvent.click(save);
  await waitFor(() => expect(api.put).toHaveBeenCalledWith('/brand/feature-switches', { switches: { FREEPLAY3: false } }));
  expect((await within(panel).findByRole('status')).textContent).toContain('Switches saved: 1.');
  await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
});

it("shows the server's words when a registration rule is refused", async () => {
  const api = fakeApi();
  api.put.mockRejectedValueOnce(new OpsError('Invalid setting: the shortest email (70) is longer than the longest (64)', 400, 'operator.brand.invalid'));
  renderPage(ADMIN, api);
  const panel = await screen.findByTestId('brand-rules');
  // The username's presence is the registration mode's: its flags cannot be changed here.
  expect((within(panel).getByRole('checkbox', { name: 'username shown' }) as HTMLInputElement).disabled).toBe(true);
  fireEvent.change(within(panel).getByRole('spinbutton', { name: 'email shortest' }), { target: { value: '70' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.put).toHaveBeenCalledWith('/brand/registration-rules', { fields: { email: { minLength: 70 } } }));
  expect((await within(panel).findByRole('alert')).textContent).toContain('the shortest email (70) is longer than the longest (64)');
  expect(api.get).toHaveBeenCalledTimes(1);
});

it('asks before closing the site for maintenance, and sends nothing when told no', async () => {
  const api = fakeApi();
  renderPage(ADMIN, api);
  const panel = await screen.findByTestId('brand-maintenance');
  fireEvent.change(within(panel).getByLabelText('Reason (for the desk)'), { target: { value: 'database upgrade' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Schedule maintenance' }));
  const question = within(panel).getByRole('alertdialog');
  expect(question.textContent).toContain('Every player will see the maintenance page from now to until ended here');
  fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
  expect(api.post).not.toHaveBeenCalled();

  fireEvent.click(within(panel).getByRole('button', { name: 'Schedule maintenance' }));
  fireEvent.click(within(panel).getByRole('button', { name: 'Close the site' }));
  await waitFor(() => expect(api.post).toHaveBeenCalledWith('/brand/maintenance', { endsAt: null, reason: 'database upgrade' }));
  expect((await within(panel).findByRole('status')).textContent).toContain('Maintenance scheduled');
});

it('asks before a new region rule, not before lifting one', async () => {
  const api = fakeApi();
  renderPage(ADMIN, api);
  const panel = await screen.findByTestId('brand-region');
  fireEvent.click(within(panel).getByRole('button', { name: 'Add a rule' }));
  const values = within(panel).getAllByRole('textbox', { name: 'Value' });
  fireEvent.change(values[1], { target: { value: 'bd' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
  const question = within(panel).getByRole('alertdialog');
  expect(question.textContent).toContain('Visitors matching Country bd will be turned away');
  expect(api.put).not.toHaveBeenCalled();
  fireEvent.click(within(question).getByRole('button', { name: 'Restrict' }));
  await waitFor(() =>
    expect(api.put).toHaveBeenCalledWith('/brand/region-rules', {
      rules: [
        { kind: 'country', value: 'KP', note: '' },
        { kind: 'country', value: 'bd', note: '' },
      ],
    }),
  );

  // Lifting the rule in force needs no question.
  await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(within(panel).getAllByTestId('region-rule')).toHaveLength(1));
  fireEvent.click(within(panel).getByRole('button', { name: 'Remove' }));
  fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.put).toHaveBeenLastCalledWith('/brand/region-rules', { rules: [] }));
  expect(within(panel).queryByRole('alertdialog')).toBeNull();
});

it('asks before removing a host name', async () => {
  const api = fakeApi();
  renderPage(ADMIN, api);
  const panel = await screen.findByTestId('brand-domains');
  fireEvent.click(within(within(panel).getByTestId('host')).getByRole('button', { name: 'Remove' }));
  expect(within(panel).getByRole('alertdialog').textContent).toContain('Players who open luckystar.example will no longer reach this site');
  fireEvent.click(within(within(panel).getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/brand/domains/hosts/luckystar.example'));
  fireEvent.change(within(panel).getByRole('textbox', { name: 'New mirror address' }), { target: { value: 'https://m2.luckystar.example' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Add mirror' }));
  await waitFor(() => expect(api.post).toHaveBeenCalledWith('/brand/domains', { kind: 'mirror', domain: 'https://m2.luckystar.example' }));
});
