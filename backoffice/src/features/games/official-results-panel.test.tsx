import { fireEvent, screen, within } from '@testing-library/react';
import { OpsError } from '@backoffice/kit';
import { recordingApi, renderInOffice } from '../../testing/office';
import { misfit, OfficialResultsPanel, typedNumbers, type AwaitingRound } from './official-results-panel';

// The official results' entry against a stubbed operator API: what waits and who entered it once
// (never the numbers), the entry form counting what was typed, the server's answer or refusal in
// its words, and no form for the operator whose entry waits. The server test
// (server/src/modules/lottery/official-results.test.ts) holds the four-eyes rules.

const waiting = (overrides: Partial<AwaitingRound> = {}): AwaitingRound => ({
  roundId: 41, gameCode: 'SSC1', gameName: '1-minute SSC', kind: 'SSC', size: 5, numero: '20261130-0001', drawAt: Date.UTC(2026, 10, 30, 0, 1), openBets: 3, firstEntry: null, mismatches: 0, ...overrides,
});

function renderPanel(list: () => AwaitingRound[], post: (path: string, body: unknown) => unknown, username = 'rita') {
  const { api, calls } = recordingApi((method, path, body) => (method === 'GET' ? { list: list() } : post(path, body)));
  renderInOffice(<OfficialResultsPanel />, { api, permissions: ['GET /lottery/results', 'POST /lottery/results/:roundId'], username, role: 'risk' });
  return calls;
}

it('reads typed numbers separated by spaces, commas or lines', () => {
  expect(typedNumbers(' 01234, 00007\n 5 ')).toEqual(['01234', '00007', '5']);
  expect(typedNumbers('')).toEqual([]);
});

it('enters a result once all its numbers are typed, and says another operator must enter it again', async () => {
  let list = [waiting()];
  const calls = renderPanel(
    () => list,
    () => {
      list = [waiting({ firstEntry: { operator: 'rita', enteredAt: Date.UTC(2026, 10, 30, 0, 2) } })];
      return { state: 'awaiting_second' };
    },
  );
  const round = await screen.findByTestId('awaiting-result');
  expect(round.textContent).toContain('Nobody has entered it yet.');
  const field = within(round).getByLabelText("The numbers in the draw's order (5)");
  const enter = within(round).getByRole('button', { name: 'Enter the result' });
  fireEvent.change(field, { target: { value: '3 0 9 1' } });
  expect(within(round).getByText('4 of 5 typed')).toBeTruthy();
  expect((enter as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(field, { target: { value: '3 0 9 1 7' } });
  fireEvent.click(enter);
  expect((await screen.findByRole('status')).textContent).toBe('1-minute SSC 20261130-0001: entered. Another operator must now enter it again.');
  expect(calls).toContain('POST /lottery/results/41 {"numbers":["3","0","9","1","7"]}');
  // The operator whose entry waits is told so, and has no form.
  expect((await screen.findByTestId('awaiting-result')).textContent).toMatch(/You entered it at .*: another operator must enter it again\./);
  expect(screen.queryByRole('button', { name: 'Enter the result' })).toBeNull();
});

it("shows the second operator who entered it once, and the server's refusal in its words", async () => {
  renderPanel(
    () => [waiting({ firstEntry: { operator: 'omar', enteredAt: Date.UTC(2026, 10, 30, 0, 2) }, mismatches: 2 })],
    () => {
      throw new OpsError('Your numbers differ from the first entry: both are set aside, and the result must be entered twice again', 409, 'lottery.result.mismatch');
    },
  );
  const round = await screen.findByTestId('awaiting-result');
  expect(round.textContent).toMatch(/Entered once by omar at .*: enter it again from the official source\./);
  expect(round.textContent).toContain('Entries set aside because they did not agree: 2.');
  fireEvent.change(within(round).getByLabelText("The numbers in the draw's order (5)"), { target: { value: '3 0 9 1 8' } });
  fireEvent.click(within(round).getByRole('button', { name: 'Enter the result' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Your numbers differ from the first entry: both are set aside, and the result must be entered twice again');
});

it('asks a southern or central result special prize first, each number with its digits, and catches one typed from G8 up as the sheet prints it', async () => {
  const widths = [6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 3, 2];
  const xsmn = waiting({ roundId: 52, gameCode: 'XSMNHCM', gameName: 'Southern: Ho Chi Minh City', kind: 'VN18', size: 18, widths, numero: '20261128' });
  expect(misfit(xsmn, ['385172', '40972'])).toBeNull();
  expect(misfit(xsmn, ['05', '618'])).toEqual({ index: 1, digits: 6 });
  // The other kinds: at most their digits.
  expect(misfit(waiting({ widths: [1, 1, 1, 1, 1] }), ['3', '10'])).toEqual({ index: 2, digits: 1 });
  expect(misfit(waiting(), ['3', '10'])).toBeNull();

  const calls = renderPanel(() => [xsmn], () => ({ state: 'awaiting_second' }));
  const round = await screen.findByTestId('awaiting-result');
  expect(round.textContent).toContain('the special prize (6 digits) first');
  const field = within(round).getByLabelText("The numbers in the draw's order (18)");
  const enter = within(round).getByRole('button', { name: 'Enter the result' });
  const sheet = [['05'], ['618'], ['4472', '0926', '7390'], ['1805'], ['83540', '27718', '05526', '91363', '44809', '30251', '76637'], ['62172', '09415'], ['18305'], ['40972'], ['385172']];
  fireEvent.change(field, { target: { value: sheet.flat().join(' ') } });
  expect(within(round).getByText(/18 of 18 typed/).textContent).toContain('Number 1 must have 6 digits.');
  expect((enter as HTMLButtonElement).disabled).toBe(true);
  const entered = [...sheet].reverse().flat();
  fireEvent.change(field, { target: { value: entered.join('\n') } });
  expect((enter as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(enter);
  await screen.findByRole('status');
  expect(calls).toContain(`POST /lottery/results/52 ${JSON.stringify({ numbers: entered })}`);
});
