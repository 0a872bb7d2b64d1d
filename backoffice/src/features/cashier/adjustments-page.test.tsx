import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import AdjustmentsPage from './adjustments-page';
import type { AdjustmentRow } from './cashier-types';

// The four-eyes queue against a stubbed operator API: an operator is never offered the approval of
// their own request (the server refuses it anyway), a colleague's is approved or rejected with a
// reason, each answered in the server's words and followed by a read of the queue again.

const CASHIER = ['GET /adjustments', 'POST /adjustments/:id/approve', 'POST /adjustments/:id/reject'];

const request = (id: number, requestedBy: string): AdjustmentRow => ({
  id,
  username: 'rahim',
  amount: 5000,
  reason: 'Goodwill',
  requestedBy,
  status: 'awaiting',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  transactionId: null,
  createdAt: Date.UTC(2026, 10, 29, 10, 0),
});

function stubApi(post: (path: string, body: unknown) => unknown) {
  const calls: string[] = [];
  const api: OpsClient = {
    get: jest.fn(async (path: string, query?: object) => {
      calls.push(`GET ${path} ${JSON.stringify(query)}`);
      return { list: [request(7, 'alice'), request(8, 'bob')] } as never;
    }),
    post: jest.fn(async (path: string, body?: unknown) => {
      calls.push(`POST ${path} ${JSON.stringify(body)}`);
      return post(path, body) as never;
    }),
    put: jest.fn(),
    delete: jest.fn(),
    download: jest.fn(),
  };
  return { api, calls };
}

function renderPage(api: OpsClient, permissions = CASHIER) {
  return render(
    <I18nextProvider i18n={createI18n('EN')}>
      <BackOfficeContext.Provider
        value={{
          session: { token: 't', expiresAt: Date.now() + 3_600_000, operator: { id: 1, username: 'alice', merchantCode: 'DEFAULT', role: 'cashier' }, permissions },
          api,
          may: (route) => permissions.includes(route),
          signOut: () => undefined,
        }}
      >
        <AdjustmentsPage />
      </BackOfficeContext.Provider>
    </I18nextProvider>,
  );
}

const rowOf = async (id: number) => (await screen.findAllByTestId('adjustment-row')).find((element) => element.getAttribute('data-id') === String(id))!;

it("offers the approval of a colleague's request, not of one's own (which one may withdraw)", async () => {
  const { api, calls } = stubApi(() => ({ replayed: false }));
  renderPage(api);
  const own = await rowOf(7);
  expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
  expect(within(own).getByText('Yours: another cashier approves it')).toBeTruthy();
  expect(within(own).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  const colleague = await rowOf(8);
  expect(within(colleague).getByRole('button', { name: 'Approve' })).toBeTruthy();
  expect(calls).toEqual(['GET /adjustments {"status":"awaiting","limit":200}']);
});

it('approves, says so, and reads the queue again', async () => {
  const { api, calls } = stubApi(() => ({ replayed: false }));
  renderPage(api);
  const colleague = await rowOf(8);
  await act(async () => fireEvent.click(within(colleague).getByRole('button', { name: 'Approve' })));
  expect(calls.slice(1)).toEqual(['POST /adjustments/8/approve {}', 'GET /adjustments {"status":"awaiting","limit":200}']);
  expect(screen.getByRole('status').textContent).toContain('Adjustment 8 approved');
});

it("rejects with a reason, and shows the server's refusal in its words", async () => {
  const { api, calls } = stubApi(() => {
    throw new OpsError('This adjustment has already been decided (applied)', 409, 'operator.adjustment.decided');
  });
  renderPage(api);
  const colleague = await rowOf(8);
  fireEvent.click(within(colleague).getByRole('button', { name: 'Reject' }));
  fireEvent.change(within(colleague).getByLabelText('Why (kept in the audit log)'), { target: { value: 'Wrong member' } });
  await act(async () => fireEvent.click(within(colleague).getAllByRole('button', { name: 'Reject' }).at(-1)!));
  expect(calls.slice(1)).toEqual(['POST /adjustments/8/reject {"reason":"Wrong member"}', 'GET /adjustments {"status":"awaiting","limit":200}']);
  expect(screen.getByRole('alert').textContent).toBe('This adjustment has already been decided (applied)');
});
