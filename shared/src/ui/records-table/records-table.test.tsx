import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createApiClient, type ApiClient } from '../../api/client';
import { createEventBus, type EventBus } from '../../bus/event-bus';
import { defineCall, pagedListSchemaOf } from '@platform/contract';
import { usePagedList } from '../../data/use-paged-list';
import { i18n, registerTranslations } from '../../i18n/i18n-instance';
import { amountMinorFromMajor, type AmountMinor } from '../../money/amount-minor';
import { envelope, failure, startTestApiServer, type TestApiServer } from '../../testing/test-api-server';
import { PeriodSelect } from './period-select';
import { periodRange, type RecordsPeriod } from './records-period';
import { RecordsTable, type RecordsColumn } from './records-table';

/** A row as the server sends it: amounts in major units. */
interface TransactionOnWire {
  orderNo: string;
  txTypeName: string;
  amount: number;
  currentAvailBalance: number;
}
/** A row as the page keeps it: amounts in minor units, converted at the wire edge. */
interface Transaction {
  orderNo: string;
  txTypeName: string;
  amountMinor: AmountMinor | null;
  balanceMinor: AmountMinor | null;
}
interface TransactionFooter {
  amountMinor: AmountMinor | null;
}
interface TransactionFilters {
  period: RecordsPeriod;
}

const NAMESPACE = 'records-table-test';
const COLUMN_LABELS = { tx_type: 'Type', amount: 'Amount', balance: 'Balance', order_no: 'Order number' };
registerTranslations(NAMESPACE, {
  BN: { tx_type: 'ধরন', amount: 'পরিমাণ', balance: 'ব্যালেন্স', order_no: 'অর্ডার নম্বর' },
  CN: COLUMN_LABELS, EN: COLUMN_LABELS, ID: COLUMN_LABELS, TH: COLUMN_LABELS, TY: COLUMN_LABELS, VI: COLUMN_LABELS,
});

const columns: RecordsColumn<Transaction, TransactionFooter>[] = [
  { id: 'type', headerKey: 'tx_type', render: (row) => row.txTypeName },
  { id: 'amount', headerKey: 'amount', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
  { id: 'balance', headerKey: 'balance', money: (row) => row.balanceMinor },
  { id: 'order', headerKey: 'order_no', render: (row) => row.orderNo },
];

/** A transaction-records call: amounts travel in major units. */
const transactionsCall = defineCall({
  name: 'testTransactions',
  method: 'GET',
  path: '/test/transactions',
  moduleId: 'MEMBER3',
  token: true,
  query: {
    type: 'object',
    required: ['page', 'size', 'startTime', 'endTime'],
    additionalProperties: false,
    properties: { page: { type: 'integer' }, size: { type: 'integer' }, startTime: { type: 'integer' }, endTime: { type: 'integer' } },
  },
  value: pagedListSchemaOf(
    {
      type: 'object',
      required: ['orderNo', 'txTypeName', 'amount', 'currentAvailBalance'],
      additionalProperties: false,
      properties: {
        orderNo: { type: 'string' },
        txTypeName: { type: 'string' },
        amount: { type: 'number', description: 'major units' },
        currentAvailBalance: { type: 'number', description: 'major units' },
      },
    },
    { type: 'object', required: ['amount'], additionalProperties: false, properties: { amount: { type: 'number' } } },
  ),
});
const RECORDS_ROUTE = 'GET /test/transactions';

let server: TestApiServer;
let bus: EventBus;
let api: ApiClient;

beforeEach(async () => {
  await i18n.changeLanguage('EN');
  sessionStorage.clear();
  localStorage.clear();
  server = await startTestApiServer();
  bus = createEventBus({ initial: { language: 'EN', session: { token: 'tok-1', member: null, isAgent: 0 } } });
  api = createApiClient({ bus, baseURL: server.origin });
});

afterEach(async () => {
  api.dispose();
  bus.close();
  await server.close();
});

/** A transaction-records page as later issues write one: period filter, 2 rows a page. */
function TransactionRecords() {
  const records = usePagedList<Transaction, TransactionFilters, TransactionFooter>(
    async ({ page, pageSize, filters }, signal) => {
      const { startMs, endMs } = periodRange(filters.period);
      const value = await api.call(transactionsCall, { params: { page, size: pageSize, startTime: startMs, endTime: endMs }, signal });
      return {
        list: value.list.map((row) => ({
          orderNo: row.orderNo,
          txTypeName: row.txTypeName,
          amountMinor: amountMinorFromMajor(row.amount),
          balanceMinor: amountMinorFromMajor(row.currentAvailBalance),
        })),
        totalPages: value.totalPages,
        footer: value.footer && { amountMinor: amountMinorFromMajor(value.footer.amount) },
      };
    },
    { bus, filters: { period: 'today' }, pageSize: 2, requiresSession: true },
  );
  return (
    <RecordsTable
      records={records}
      columns={columns}
      rowKey={(row) => row.orderNo}
      label="Transactions"
      namespace={NAMESPACE}
      filters={<PeriodSelect value={records.filters.period} onChange={(period) => records.setFilter('period', period)} />}
    />
  );
}

/** Five transactions in pages of `size`, with the total of all of them. */
function answerTransactions(options: { rows?: number; delayMs?: number } = {}) {
  const rows: TransactionOnWire[] = Array.from({ length: options.rows ?? 5 }, (_, index) => ({
    orderNo: `TX-${index + 1}`,
    txTypeName: index % 2 === 0 ? 'Deposit' : 'Withdraw',
    amount: 1000.5 * (index + 1),
    currentAvailBalance: 20 + index,
  }));
  server.on(RECORDS_ROUTE, (request) => {
    const page = Number(request.query.get('page'));
    const size = Number(request.query.get('size'));
    return {
      delayMs: options.delayMs,
      body: envelope({
        list: rows.slice((page - 1) * size, page * size),
        totalPages: Math.ceil(rows.length / size),
        footer: { amount: rows.reduce((sum, row) => sum + row.amount, 0) },
      }),
    };
  });
}

const bodyRows = () =>
  screen
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0 && !row.closest('tfoot'))
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('RecordsTable', () => {
  it('shows a spinner, then the rows with translated headers, money columns and the totals row', async () => {
    answerTransactions({ delayMs: 50 });
    render(<TransactionRecords />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');

    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Type',
      'Amount',
      'Balance',
      'Order number',
    ]);
    expect(bodyRows()).toEqual([
      ['Deposit', '$1,000.50', '$20.00', 'TX-1'],
      ['Withdraw', '$2,001.00', '$21.00', 'TX-2'],
    ]);
    const totals = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(within(totals).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$15,007.50', '', '']);
    // Each cell names its column for the phone layout's cards.
    expect(within(table).getAllByRole('cell')[1].getAttribute('data-label')).toBe('Amount');
  });

  it('moves between pages with its pagination', async () => {
    answerTransactions();
    render(<TransactionRecords />);
    await screen.findByRole('table');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getAllByRole('button', { name: /^Page \d$/ }).map((button) => button.textContent)).toEqual(['1', '2', '3']);
    expect((within(pagination).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(pagination).getByRole('button', { name: 'Page 3' }));

    await waitFor(() => expect(bodyRows()).toEqual([['Deposit', '$5,002.50', '$24.00', 'TX-5']]));
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.requests.map((request) => request.query.get('page'))).toEqual(['1', '3']);
  });

  it('keeps the rows on screen, dimmed and busy, while the next page loads', async () => {
    answerTransactions({ delayMs: 100 });
    render(<TransactionRecords />);
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));

    const section = screen.getByRole('region', { name: 'Transactions' });
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(bodyRows()[0][3]).toBe('TX-1');
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(bodyRows()[0][3]).toBe('TX-3'));
    expect(section.getAttribute('aria-busy')).toBe('false');
  });

  it('asks for the chosen period from page 1 when the period filter changes', async () => {
    answerTransactions();
    render(<TransactionRecords />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodyRows()[0][3]).toBe('TX-3'));

    const period = screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    expect([...period.options].map((option) => option.textContent)).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'This week',
      'Last week',
      'This month',
      'Last month',
    ]);
    fireEvent.change(period, { target: { value: 'lastWeek' } });

    await waitFor(() => expect(server.requests).toHaveLength(3));
    const { startMs, endMs } = periodRange('lastWeek');
    expect(Object.fromEntries(server.requests[2].query)).toEqual({ page: '1', size: '2', startTime: String(startMs), endTime: String(endMs) });
    await waitFor(() => expect(bodyRows()[0][3]).toBe('TX-1'));
    expect(period.value).toBe('lastWeek');
  });

  it('shows the empty state, without totals or pagination, for an empty list', async () => {
    server.on(RECORDS_ROUTE, () => ({ body: envelope({ list: [], totalPages: 0, footer: { amount: 0 } }) }));
    render(<TransactionRecords />);

    expect(await screen.findByText('No records found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Period' })).toBeTruthy();
  });

  it('shows the error with the server message and loads again on Retry', async () => {
    let failing = true;
    server.on(RECORDS_ROUTE, () =>
      failing
        ? { status: 400, body: failure('date.range.too.long', 'At most 29 days') }
        : { body: envelope({ list: [{ orderNo: 'TX-9', txTypeName: 'Deposit', amount: 1, currentAvailBalance: 2 }], totalPages: 1 }) },
    );
    render(<TransactionRecords />);

    expect(await screen.findByText('Could not load the records')).toBeTruthy();
    expect(screen.getByText('At most 29 days')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(bodyRows()).toEqual([['Deposit', '$1.00', '$2.00', 'TX-9']]));
    // No footer in the answer: no totals row; one page: no pagination.
    expect(screen.queryByRole('rowheader')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('speaks the player language: its own strings and the page column labels', async () => {
    answerTransactions();
    render(<TransactionRecords />);
    await screen.findByRole('table');

    await act(async () => {
      await i18n.changeLanguage('BN');
      bus.set('language', 'BN');
    });

    await waitFor(() => expect(screen.getByRole('rowheader').textContent).toContain('মোট'));
    expect(screen.getAllByRole('columnheader')[1].textContent).toBe('পরিমাণ');
    expect(screen.getByRole('combobox', { name: 'সময়কাল' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'গত ৭ দিন' })).toBeTruthy();
    await waitFor(() => expect(server.requests.map((request) => request.headers.language)).toEqual(['EN', 'BN']));
  });
});
