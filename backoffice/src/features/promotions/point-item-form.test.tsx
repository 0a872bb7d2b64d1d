import { act, fireEvent, screen, within } from '@testing-library/react';
import { recordingApi, renderInOffice } from '../../testing/office';
import { draftOf, pointItemBody } from './point-item-form';
import { PointsPanel, type PointItem } from './points-panel';
import { PROMOTION_LANGUAGES } from './promotions-model';

// The point mall's item form: what it sends for each kind (only that kind's fields), what it
// refuses before sending, and adding and changing an item through the Points panel against a
// stubbed operator API (the server checks all of it again: points.test.ts).

const named = (name: string) => Object.fromEntries(PROMOTION_LANGUAGES.map((code) => [code, `${name} ${code}`]));

it('sends only the fields of the item kind, and says what is missing or wrong first', () => {
  const draft = { ...draftOf(), names: named('Cash'), point: '500', amount: '5.50', wageringMultiple: '3', ticketCount: '2', stock: '', memberLimit: '2' };
  expect(pointItemBody({ ...draft, kind: 'credit' })).toEqual({ body: { names: named('Cash'), point: 500, amount: 5.5, wageringMultiple: null, ticketCount: null, stock: null, memberLimit: 2 } });
  expect(pointItemBody({ ...draft, kind: 'bonus' })).toMatchObject({ body: { amount: 5.5, wageringMultiple: 3, ticketCount: null } });
  expect(pointItemBody({ ...draft, kind: 'tickets' })).toMatchObject({ body: { amount: null, wageringMultiple: null, ticketCount: 2 } });
  expect(pointItemBody({ ...draft, kind: 'physical', stock: '12' })).toMatchObject({ body: { amount: null, ticketCount: null, stock: 12 } });
  expect(pointItemBody({ ...draft, names: { ...draft.names, VI: ' ' } })).toEqual({ problem: 'promotions.points.form.namesMissing' });
  expect(pointItemBody({ ...draft, point: '0' })).toEqual({ problem: 'promotions.points.form.pointInvalid' });
  expect(pointItemBody({ ...draft, amount: '5.555' })).toEqual({ problem: 'promotions.points.form.amountInvalid' });
  expect(pointItemBody({ ...draft, kind: 'tickets', ticketCount: '0' })).toEqual({ problem: 'promotions.points.form.ticketsInvalid' });
  expect(pointItemBody({ ...draft, memberLimit: '0' })).toEqual({ problem: 'promotions.points.form.limitInvalid' });
});

it('adds an item and changes one from the Points panel, each read again after', async () => {
  let items: PointItem[] = [
    { itemId: 7, kind: 'physical', names: named('Jersey'), point: 5000, amount: null, wageringMultiple: null, ticketCount: null, stock: 12, memberLimit: 1, enabled: true, position: 0 },
  ];
  const { api, calls } = recordingApi((method, path, body) => {
    if (method === 'GET' && path === '/points/items') return { list: items };
    if (method === 'GET') return { list: [], total: 0 };
    const saved = { ...items[0], ...(body as object), itemId: path === '/points/items' ? 8 : 7 } as PointItem;
    items = path === '/points/items' ? [...items, saved] : [saved];
    return saved;
  });
  renderInOffice(<PointsPanel />, { api, permissions: ['GET /points/items', 'POST /points/items', 'POST /points/items/:id', 'GET /points/redeems'], role: 'content' });
  const opener = await screen.findByRole('button', { name: 'Add an item' });
  await act(async () => fireEvent.click(opener));
  const form = screen.getByRole('form', { name: 'Add an item' });
  fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'tickets' } });
  const nameFields = within(form).getAllByLabelText(/^Name \(/);
  PROMOTION_LANGUAGES.forEach((code, index) => fireEvent.change(nameFields[index], { target: { value: `Spin ${code}` } }));
  fireEvent.change(within(form).getByLabelText('Points'), { target: { value: '300' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
  expect(within(form).getByRole('alert').textContent).toBe('Give the number of tickets, at least 1.');
  fireEvent.change(within(form).getByLabelText('Prize-wheel tickets given'), { target: { value: '2' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
  expect(calls.find((call) => call.startsWith('POST /points/items '))).toContain('"kind":"tickets"');
  expect((await screen.findByRole('status')).textContent).toBe('Spin EN is in the point mall.');
  expect(screen.queryByRole('form', { name: 'Add an item' })).toBeNull();

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change Jersey EN' })));
  const change = screen.getByRole('form', { name: 'Change Jersey EN' });
  expect((within(change).getByLabelText('Kind') as HTMLSelectElement).disabled).toBe(true);
  fireEvent.change(within(change).getByLabelText('Stock (blank: unlimited)'), { target: { value: '' } });
  await act(async () => fireEvent.click(within(change).getByRole('button', { name: 'Save' })));
  expect(calls).toContain(`POST /points/items/7 ${JSON.stringify({ names: named('Jersey'), point: 5000, amount: null, wageringMultiple: null, ticketCount: null, stock: null, memberLimit: 1 })}`);
  expect((await screen.findByRole('status')).textContent).toBe('Jersey EN is changed.');
});
