import { screen, within } from '@testing-library/react';
import { agentCreateDownlineCall, type AgentLink } from '@platform/contract';
import { apiFailure, stubApi } from '@platform/shared/testing';
import { cellsOf, click, renderAgentPage, setUpAgentTests, typeInto } from '../../testing/agent-fixtures';
import RegisterCenterPage from './register-center-page';

// Register Centre with the network edge stubbed: the account it creates (sent encrypted) and the
// refusals it explains, and the invitation links: creating, the link's address, copying, deleting.

const range = { ownSeries: 1950, minSeries: 1900, maxSeries: 2000 };
const CREATED = new Date(2025, 2, 4, 5, 6, 7).getTime();
const link = (affiUrlId: number, overrides: Partial<AgentLink> = {}): AgentLink => ({
  affiUrlId,
  code: `CODE${affiUrlId}`,
  accountType: 'player',
  rebateSeries: 1940,
  channel: 'Facebook',
  createdTime: CREATED,
  expiryTime: null,
  registrations: 3,
  status: 'normal',
  ...overrides,
});
const noAffiliates = { list: [], totalPages: 0 };

setUpAgentTests();

const renderPage = () => renderAgentPage(RegisterCenterPage);


describe('Create account', () => {
  it('offers the rebate settings from the merchant’s lowest to the agent’s own, with their rebate', async () => {
    stubApi({ agentRebateSettings: range });
    await renderPage();
    const options = [...(screen.getByTestId('create-account-rebateSeries') as HTMLSelectElement).options].map((option) => option.textContent);
    expect(options).toEqual(['Choose a rebate setting', '1950 (2.50%)', '1940 (3.00%)', '1930 (3.50%)', '1920 (4.00%)', '1910 (4.50%)', '1900 (5.00%)']);
    expect((screen.getByTestId('create-account-password') as HTMLInputElement).value).toBe('123456');
    expect(screen.getByTestId('create-account-password-hint').textContent).toBe('The default 123456 is allowed: the member changes it at first login');
  });

  it('checks the form, then sends the encrypted call with the account type, username, password and setting', async () => {
    const { call, callsOf } = stubApi({ agentRebateSettings: range, agentCreateDownline: { memberId: 42, username: 'alice_01' } });
    await renderPage();
    typeInto('create-account-username', 'al');
    await click(screen.getByTestId('create-account-submit'));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Use 4-16 letters, digits or underscores', 'Choose a rebate setting']);
    expect(callsOf('agentCreateDownline')).toHaveLength(0);

    typeInto('create-account-accountType', 'agent');
    typeInto('create-account-username', ' alice_01 ');
    typeInto('create-account-rebateSeries', '1940');
    await click(screen.getByTestId('create-account-submit'));
    expect(callsOf('agentCreateDownline').map((options) => options?.data)).toEqual([{ accountType: 'agent', username: 'alice_01', password: '123456', rebateSeries: 1940 }]);
    const row = call.mock.calls.find(([called]) => called.name === 'agentCreateDownline')?.[0];
    expect(row).toBe(agentCreateDownlineCall);
    expect(row?.encrypted).toBe(true);
    expect((screen.getByTestId('create-account-username') as HTMLInputElement).value).toBe('');
  });

  it('explains a taken username and a refused rebate setting under their fields', async () => {
    let answer = 'agent.username.taken';
    stubApi({
      agentRebateSettings: range,
      agentCreateDownline: () => {
        throw apiFailure(answer, 'server says no');
      },
    });
    await renderPage();
    typeInto('create-account-username', 'bob_02');
    typeInto('create-account-password', 'secret99');
    typeInto('create-account-rebateSeries', '1950');
    await click(screen.getByTestId('create-account-submit'));
    expect(screen.getByRole('alert').textContent).toBe('This username is already taken: choose another');
    answer = 'agent.rebate.invalid';
    await click(screen.getByTestId('create-account-submit'));
    expect(screen.getByRole('alert').textContent).toBe('This rebate setting is above your own or outside the allowed range');
    answer = 'agent.only';
    await click(screen.getByTestId('create-account-submit'));
    expect(screen.getByTestId('create-account-error').textContent).toBe('server says no');
  });
});

describe('Invitation links', () => {
  const openLinks = async () => click(screen.getByRole('tab', { name: 'Invitation links' }));

  it('lists the links with their address on this site, copy, and the legacy page’s columns', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    stubApi({
      agentRebateSettings: range,
      agentLinks: [link(7), link(8, { accountType: 'agent', expiryTime: new Date(2025, 3, 4, 5, 6, 7).getTime(), status: 'expired', channel: '', registrations: 0 })],
      agentRegisteredAffiliates: noAffiliates,
    });
    await renderPage();
    await openLinks();
    const table = screen.getByRole('table', { name: 'My invitation links' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Invitation link',
      'Code',
      'Type',
      'Rebate setting',
      'Promotion channel',
      'New users',
      'Created',
      'Date of expiry',
      'Status',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(rows[0])).toEqual([
      `${window.location.origin}/register?affiliateCode=CODE7Copy`,
      'CODE7',
      'Player',
      '1940 (3.00%)',
      'Facebook',
      '3',
      '2025-03-04 05:06:07',
      'No expiration',
      'Normal',
      'Delete',
    ]);
    expect(cellsOf(rows[1]).slice(1)).toEqual(['CODE8', 'Agent', '1940 (3.00%)', '-', '0', '2025-03-04 05:06:07', '2025-04-04 05:06:07', 'Expired', 'Delete']);
    expect(screen.getAllByTestId('link-url')[0].textContent).toBe('http://localhost/register?affiliateCode=CODE7');
    await click(screen.getByTestId('link-copy-7'));
    expect(writeText).toHaveBeenCalledWith('http://localhost/register?affiliateCode=CODE7');
    expect(screen.getByTestId('link-copy-7').textContent).toBe('Copied');
  });

  it('creates a link with type, setting, expiry and channel, then lists it', async () => {
    const { callsOf } = stubApi({
      agentRebateSettings: range,
      agentLinks: () => (callsOf('agentCreateLink').length > 0 ? [link(9)] : []),
      agentCreateLink: link(9),
      agentRegisteredAffiliates: noAffiliates,
    });
    await renderPage();
    await openLinks();
    expect(screen.getByText('You have no invitation links yet')).toBeTruthy();
    const expiries = [...(screen.getByTestId('link-expiry') as HTMLSelectElement).options].map((option) => [option.value, option.textContent]);
    expect(expiries).toEqual([
      ['never', 'No expiration'],
      ['1d', '1 day'],
      ['7d', '7 days'],
      ['30d', '30 days'],
      ['1y', '1 year'],
    ]);
    await click(screen.getByTestId('link-submit'));
    expect(screen.getByRole('alert').textContent).toBe('Choose a rebate setting');
    typeInto('link-rebateSeries', '1950');
    typeInto('link-expiry', '7d');
    typeInto('link-channel', ' Telegram group ');
    await click(screen.getByTestId('link-submit'));
    expect(callsOf('agentCreateLink').map((options) => options?.data)).toEqual([{ accountType: 'player', rebateSeries: 1950, expiry: '7d', channel: 'Telegram group' }]);
    expect(screen.getAllByTestId('link-url').map((url) => url.textContent)).toEqual(['http://localhost/register?affiliateCode=CODE9']);
  });

  it('deletes a link only after the confirmation', async () => {
    const { callsOf } = stubApi({
      agentRebateSettings: range,
      agentLinks: () => (callsOf('agentDeleteLink').length > 0 ? [] : [link(7)]),
      agentDeleteLink: null,
      agentRegisteredAffiliates: noAffiliates,
    });
    await renderPage();
    await openLinks();
    await click(screen.getByTestId('link-delete-7'));
    const dialog = screen.getByTestId('link-delete-confirm');
    expect(dialog.textContent).toContain('Delete the invitation link CODE7?');
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf('agentDeleteLink')).toHaveLength(0);
    await click(screen.getByTestId('link-delete-7'));
    await click(within(screen.getByTestId('link-delete-confirm')).getByRole('button', { name: 'Delete' }));
    expect(callsOf('agentDeleteLink').map((options) => options?.params)).toEqual([{ affiUrlId: 7 }]);
    expect(screen.getByText('You have no invitation links yet')).toBeTruthy();
  });

  it('lists who registered through the links, paged', async () => {
    const { callsOf } = stubApi({
      agentRebateSettings: range,
      agentLinks: [],
      agentRegisteredAffiliates: {
        list: [{ memberId: 3, username: 'carol', accountType: 'player', registrationTime: CREATED, code: 'CODE7' }],
        totalPages: 2,
      },
    });
    await renderPage();
    await openLinks();
    expect(callsOf('agentRegisteredAffiliates')[0]?.params).toEqual({ page: 1, size: 10 });
    const table = screen.getByRole('table', { name: 'Registered through my links' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Username', 'Type', 'Registration date', 'Code']);
    expect(cellsOf(within(table).getAllByRole('row')[1])).toEqual(['carol', 'Player', '2025-03-04 05:06:07', 'CODE7']);
    await click(screen.getByRole('button', { name: /2/ }));
    expect(callsOf('agentRegisteredAffiliates').at(-1)?.params).toEqual({ page: 2, size: 10 });
  });
});
