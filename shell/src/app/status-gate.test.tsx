import { act, screen } from '@testing-library/react';
import { bus, createApiClient, formatDateTime } from '@platform/shared';
import { freePlayLoginCall } from '@platform/contract';
import { makeStatus, renderWithProviders, setStatus } from '@platform/shared/testing';
import { StatusGate } from './status-gate';

// The server refuses every route but a few during maintenance and to restricted visitors.
// Whatever call meets the refusal, the root view turns to the page the status would have
// chosen (1 maintenance, 2 IP restriction), with the facts the refusal carries.

/** A client whose every call the server refuses with `body` (the network edge replaced). */
function refusingClient(status: number, body: unknown) {
  return createApiClient({
    bus,
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  });
}

function renderApp() {
  renderWithProviders(
    <StatusGate>
      <p data-testid="the-app">app</p>
    </StatusGate>,
  );
  expect(screen.getByTestId('the-app')).toBeTruthy();
}

it('turns to the maintenance page, with its end, when a call meets system_under_maintenance', async () => {
  setStatus(makeStatus());
  renderApp();
  const end = Date.UTC(2025, 5, 1, 14, 0, 0);
  const client = refusingClient(503, {
    success: false,
    errorCode: 'system_under_maintenance',
    message: 'The system is under maintenance, please try again later',
    value: { content: { data: { maintainTime: end - 3_600_000, endTime: end } } },
  });
  try {
    await act(() => client.call(freePlayLoginCall).catch(() => undefined));
  } finally {
    client.dispose();
  }
  expect(screen.queryByTestId('the-app')).toBeNull();
  expect(screen.getByTestId('maintenance-page')).toBeTruthy();
  expect(screen.getByTestId('maintenance-end').textContent).toBe(formatDateTime(end));
});

it('turns to the IP-restriction page, with the address and country the server saw, when a call meets region_restricted', async () => {
  setStatus(makeStatus());
  renderApp();
  const client = refusingClient(403, {
    success: false,
    errorCode: 'region_restricted',
    message: 'Due to restriction of your location or IP address, you are not allowed to access the site.',
    value: { ip: '14.160.0.1', country: 'VN' },
  });
  try {
    await act(() => client.call(freePlayLoginCall).catch(() => undefined));
  } finally {
    client.dispose();
  }
  expect(screen.queryByTestId('the-app')).toBeNull();
  expect(screen.getByTestId('ip-restriction-page')).toBeTruthy();
  expect(screen.getByTestId('visitor-ip').textContent).toBe('14.160.0.1');
  expect(screen.getByTestId('visitor-country').textContent).toBe('VN');
});
