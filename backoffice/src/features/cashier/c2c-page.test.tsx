import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import C2CPage, { arrivedAmountOf, type C2COrderRow } from './c2c-page';

// The C2C desk against a stubbed operator API: it opens on the disputed orders, shows an order's
// two sides with its images inline, and decides one only after a confirmation, in the server's
// words when refused; a role without the decision (risk) reads the same order without it.

const CASHIER = ['GET /c2c', 'GET /c2c/:orderId/images', 'POST /c2c/:orderId/resolve'];
const RISK = ['GET /c2c', 'GET /c2c/:orderId/images'];
const PROOF = 'data:image/png;base64,iVBORw0KGgo=';
const EVIDENCE = 'data:image/jpeg;base64,/9j/4AAQ';

const order = (overrides: Partial<C2COrderRow> = {}): C2COrderRow => ({
  number: 'C12',
  deposit: 'D100',
  withdrawal: 'W200',
  depositor: 'payer1',
  withdrawer: 'taker1',
  payerName: 'Pay Er',
  amount: 500,
  receivedAmount: null,
  status: 'disputed',
  outcome: null,
  bankName: 'ICBC',
  cardNumber: '6222000011112222',
  payeeName: 'Ta Ker',
  createdAt: Date.UTC(2026, 10, 29, 10, 0),
  payDeadline: Date.UTC(2026, 10, 29, 10, 30),
  paidAt: Date.UTC(2026, 10, 29, 10, 10),
  confirmDeadline: Date.UTC(2026, 10, 29, 11, 10),
  closedAt: null,
  operator: null,
  hasProof: true,
  ...overrides,
});

function stubApi(post: (path: string, body: unknown) => unknown, { decided }: { decided?: C2COrderRow } = {}) {
  const calls: string[] = [];
  let listed = [order()];
  const api: OpsClient = {
    get: jest.fn(async (path: string, query?: object) => {
      calls.push(`GET ${path}${query ? ` ${JSON.stringify(query)}` : ''}`);
      if (path.endsWith('/images')) return { list: [{ role: 'proof', dataUrl: PROOF }, { role: 'dispute', dataUrl: EVIDENCE }] } as never;
      return { list: listed } as never;
    }),
    post: jest.fn(async (path: string, body?: unknown) => {
      calls.push(`POST ${path} ${JSON.stringify(body)}`);
      const answer = post(path, body);
      // Decided, the order leaves the disputed list.
      if (decided) listed = [];
      return answer as never;
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
        <C2CPage />
      </BackOfficeContext.Provider>
    </I18nextProvider>,
  );
}

async function openOrder() {
  const row = (await screen.findAllByTestId('c2c-row'))[0]!;
  await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Open' })));
  return screen.findByTestId('c2c-detail');
}

it('opens on the disputed orders and shows an order with its payer, withdrawer and images', async () => {
  const { api, calls } = stubApi(() => ({}));
  renderPage(api);
  const detail = await openOrder();
  expect(calls).toEqual(['GET /c2c {"status":"disputed","limit":200}', 'GET /c2c/C12/images']);
  expect(within(detail).getByText('payer1 (Pay Er)')).toBeTruthy();
  expect(within(detail).getByText('taker1')).toBeTruthy();
  expect(within(detail).getByText('ICBC 6222000011112222 · Ta Ker')).toBeTruthy();
  expect((await within(detail).findByAltText("Payer's proof of payment")).getAttribute('src')).toBe(PROOF);
  expect(within(detail).getByAltText("Withdrawer's evidence").getAttribute('src')).toBe(EVIDENCE);
  expect(within(detail).getByTestId('c2c-decision')).toBeTruthy();
});

it('reads another status when asked, every status included', async () => {
  const { api, calls } = stubApi(() => ({}));
  renderPage(api);
  await screen.findAllByTestId('c2c-row');
  await act(async () => fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } }));
  expect(calls.at(-1)).toBe('GET /c2c {"limit":200}');
});

it('credits the amount that arrived only after the confirmation, then reads the list again', async () => {
  const decided = order({ status: 'confirmed', outcome: 'operator', receivedAmount: 300 });
  const { api, calls } = stubApi(() => ({ order: decided, changed: true }), { decided });
  renderPage(api);
  const detail = await openOrder();
  fireEvent.change(within(detail).getByLabelText('Amount that arrived'), { target: { value: '300' } });
  await act(async () => fireEvent.click(within(detail).getByRole('button', { name: 'Decide' })));
  expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  expect(within(detail).getByText("Credit 300.00 to payer1 from taker1's withdrawal?")).toBeTruthy();
  await act(async () => fireEvent.click(within(detail).getByRole('button', { name: 'Confirm' })));
  expect(calls.slice(2)).toEqual(['POST /c2c/C12/resolve {"received":true,"amount":300}', 'GET /c2c {"status":"disputed","limit":200}']);
  expect(screen.getByRole('status').textContent).toBe('C12 decided: 300.00 credited to payer1.');
  expect(screen.queryByTestId('c2c-row')).toBeNull();
  expect(screen.queryByTestId('c2c-detail')).toBeNull();
});

it("decides that nothing arrived, and shows the server's refusal in its words", async () => {
  const { api, calls } = stubApi(() => {
    throw new OpsError('This order is not disputed', 409, 'c2c.order.not.disputed');
  });
  renderPage(api);
  const detail = await openOrder();
  fireEvent.change(within(detail).getByLabelText('Decision'), { target: { value: 'not' } });
  expect(within(detail).queryByLabelText('Amount that arrived')).toBeNull();
  await act(async () => fireEvent.click(within(detail).getByRole('button', { name: 'Decide' })));
  await act(async () => fireEvent.click(within(detail).getByRole('button', { name: 'Confirm' })));
  expect(calls.slice(2)).toEqual(['POST /c2c/C12/resolve {"received":false}', 'GET /c2c {"status":"disputed","limit":200}']);
  expect(screen.getByRole('alert').textContent).toBe('This order is not disputed');
});

it('refuses an amount above the order before any call', async () => {
  const { api } = stubApi(() => ({}));
  renderPage(api);
  const detail = await openOrder();
  fireEvent.change(within(detail).getByLabelText('Amount that arrived'), { target: { value: '500.01' } });
  expect((within(detail).getByRole('button', { name: 'Decide' }) as HTMLButtonElement).disabled).toBe(true);
  expect(arrivedAmountOf('500', 500)).toBe(500);
  expect(arrivedAmountOf('0', 500)).toBeNull();
  expect(arrivedAmountOf('1.234', 500)).toBeNull();
});

it('shows a role without the decision the order, not the decision', async () => {
  const { api } = stubApi(() => ({}));
  renderPage(api, RISK);
  const detail = await openOrder();
  await within(detail).findByAltText("Payer's proof of payment");
  expect(within(detail).queryByTestId('c2c-decision')).toBeNull();
});
