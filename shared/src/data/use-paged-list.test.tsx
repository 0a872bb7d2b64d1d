import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { createApiClient, type ApiClient } from '../api/client';
import { createEventBus, type EventBus } from '../bus/event-bus';
import { defineCall, pagedListSchemaOf } from '@platform/contract';
import { i18n } from '../i18n/i18n-instance';
import { envelope, failure, startTestApiServer, type RecordedRequest, type TestApiServer } from '../testing/test-api-server';
import { usePagedList, type PagedFetcher } from './use-paged-list';

interface Transaction {
  orderNo: string;
  amount: number;
}
interface TransactionFilters {
  txType: string;
  period: string;
}
interface TransactionFooter {
  amount: number;
}

let server: TestApiServer;
let bus: EventBus;
let api: ApiClient;

beforeAll(() => i18n.changeLanguage('EN'));

beforeEach(async () => {
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

/** A records call as later issues will define them: the query as parameters, a paged value. */
const transactionsCall = defineCall({
  name: 'testTransactions',
  method: 'GET',
  path: '/test/transactions',
  moduleId: 'MEMBER3',
  token: true,
  query: {
    type: 'object',
    required: ['page', 'size'],
    additionalProperties: false,
    properties: { page: { type: 'integer' }, size: { type: 'integer' }, txType: { type: 'string' }, period: { type: 'string' } },
  },
  value: pagedListSchemaOf(
    { type: 'object', required: ['orderNo', 'amount'], additionalProperties: false, properties: { orderNo: { type: 'string' }, amount: { type: 'number' } } },
    { type: 'object', required: ['amount'], additionalProperties: false, properties: { amount: { type: 'number' } } },
  ),
});
const RECORDS_ROUTE = 'GET /test/transactions';

const loadTransactions: PagedFetcher<Transaction, TransactionFilters, TransactionFooter> = ({ page, pageSize, filters }, signal) =>
  api.call(transactionsCall, { params: { page, size: pageSize, ...filters }, signal });

/** 23 rows of the asked type: pages of `size`, the asked page's rows, totals of all rows. */
function answerTransactions(totalRows = 23) {
  server.on(RECORDS_ROUTE, (request: RecordedRequest) => {
    const page = Number(request.query.get('page'));
    const size = Number(request.query.get('size'));
    const txType = request.query.get('txType');
    const rows = Array.from({ length: totalRows }, (_, index) => ({ orderNo: `${txType}-${index + 1}`, amount: index + 1 }));
    return {
      body: envelope({
        list: rows.slice((page - 1) * size, page * size),
        totalPages: Math.ceil(rows.length / size),
        footer: { amount: rows.reduce((sum, row) => sum + row.amount, 0) },
      }),
    };
  });
}

const askedPages = () => server.requests.map((request) => `${request.query.get('txType')}:${request.query.get('page')}`);

function renderList(filters: TransactionFilters = { txType: 'deposit', period: 'today' }) {
  return renderHook(() => usePagedList(loadTransactions, { bus, filters, pageSize: 5 }));
}

describe('usePagedList', () => {
  it('asks for page 1 with the page size and filters, and holds list, totalPages and footer', async () => {
    answerTransactions();
    const { result } = renderList();

    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data?.list.map((row) => row.orderNo)).toEqual(['deposit-1', 'deposit-2', 'deposit-3', 'deposit-4', 'deposit-5']);
    expect(result.current.data).toMatchObject({ totalPages: 5, footer: { amount: 276 } });
    expect(result.current).toMatchObject({ page: 1, pageSize: 5, filters: { txType: 'deposit', period: 'today' } });
    expect(Object.fromEntries(server.requests[0].query)).toEqual({ page: '1', size: '5', txType: 'deposit', period: 'today' });
  });

  it('moves between pages, and returns to page 1 when a filter changes', async () => {
    answerTransactions();
    const { result } = renderList();
    await waitFor(() => expect(result.current.status).toBe('success'));

    act(() => result.current.setPage(3));
    await waitFor(() => expect(result.current.data?.list[0]?.orderNo).toBe('deposit-11'));
    expect(result.current.page).toBe(3);

    act(() => result.current.setFilter('txType', 'withdraw'));
    expect(result.current.page).toBe(1);
    await waitFor(() => expect(result.current.data?.list[0]?.orderNo).toBe('withdraw-1'));

    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.data?.list[0]?.orderNo).toBe('withdraw-6'));
    act(() => result.current.setFilters((previous) => ({ ...previous, period: 'lastWeek' })));
    expect(result.current.page).toBe(1);
    await waitFor(() => expect(result.current.status).toBe('success'));

    expect(askedPages()).toEqual(['deposit:1', 'deposit:3', 'withdraw:1', 'withdraw:2', 'withdraw:1']);
    expect(server.requests.at(-1)?.query.get('period')).toBe('lastWeek');
  });

  it('returns to page 1 when the page size changes', async () => {
    answerTransactions();
    const { result } = renderList();
    await waitFor(() => expect(result.current.status).toBe('success'));
    act(() => result.current.setPage(4));
    await waitFor(() => expect(result.current.data?.list[0]?.orderNo).toBe('deposit-16'));

    act(() => result.current.setPageSize(20));

    expect(result.current).toMatchObject({ page: 1, pageSize: 20 });
    await waitFor(() => expect(result.current.data?.totalPages).toBe(2));
  });

  it('shows the last page when the list shrank under the current one', async () => {
    let rows = 23;
    server.on(RECORDS_ROUTE, (request) => {
      const page = Number(request.query.get('page'));
      const totalPages = Math.ceil(rows / 5);
      return { body: envelope({ list: page <= totalPages ? [{ orderNo: `row-page-${page}`, amount: 1 }] : [], totalPages }) };
    });
    const { result } = renderList();
    await waitFor(() => expect(result.current.status).toBe('success'));
    act(() => result.current.setPage(5));
    await waitFor(() => expect(result.current.data?.list[0]?.orderNo).toBe('row-page-5'));

    rows = 12;
    act(() => result.current.refresh());

    await waitFor(() => expect(result.current.data?.list[0]?.orderNo).toBe('row-page-3'));
    expect(result.current.page).toBe(3);
  });

  it('loads the same page again on a language or session change', async () => {
    answerTransactions();
    const { result } = renderList();
    await waitFor(() => expect(result.current.status).toBe('success'));
    act(() => result.current.setPage(2));
    await waitFor(() => expect(server.requests).toHaveLength(2));
    await waitFor(() => expect(result.current.status).toBe('success'));

    act(() => bus.set('language', 'VI'));
    await waitFor(() => expect(server.requests).toHaveLength(3));
    await waitFor(() => expect(result.current.status).toBe('success'));
    act(() => bus.set('session', { token: 'tok-2', member: null, isAgent: 0 }));
    await waitFor(() => expect(server.requests).toHaveLength(4));
    await waitFor(() => expect(result.current.status).toBe('success'));

    expect(askedPages()).toEqual(['deposit:1', 'deposit:2', 'deposit:2', 'deposit:2']);
    expect(server.requests.map((request) => [request.headers.language, request.headers.authorization])).toEqual([
      ['EN', 'tok-1'],
      ['EN', 'tok-1'],
      ['VI', 'tok-1'],
      ['VI', 'tok-2'],
    ]);
  });

  it('holds the ApiError of a failed page', async () => {
    server.on(RECORDS_ROUTE, () => ({ status: 400, body: failure('date.range.too.long', 'At most 29 days') }));
    const { result } = renderList();

    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ errorCode: 'date.range.too.long', message: 'At most 29 days' });
  });
});
