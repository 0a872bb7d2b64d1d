import { fireEvent, screen, within } from '@testing-library/react';
import { PLAYS, popcount } from '@platform/lottery-rules';
import { renderWithProviders, resetTestState, settle } from '@platform/shared/testing';
import { useState } from 'react';
import { NumberPicker } from './number-picker';

// The random button of each row of a banker/drag (胆拖) play makes a bet: the drags one ticket
// needs beside the bankers picked, and never a number that the other row holds.

const play = (code: string) => PLAYS.find((candidate) => candidate.code === code)!;

beforeEach(async () => {
  await resetTestState();
});

function Picker({ code, seen }: { code: string; seen: (picks: bigint[]) => void }) {
  const banker = play(code);
  const [picks, setPicks] = useState<bigint[]>(banker.rows.map(() => 0n));
  return (
    <NumberPicker
      play={banker}
      picks={picks}
      onChange={(next) => {
        setPicks(next);
        seen(next);
      }}
    />
  );
}

it.each(['11X5_ANY3_BANKER', '11X5_ANY8_BANKER'])('%s: random bankers, then random drags, make a bet', async (code) => {
  let picks: bigint[] = [];
  renderWithProviders(<Picker code={code} seen={(next) => (picks = next)} />);
  await settle();
  const [bankers, drags] = screen.getAllByTestId('pick-row');
  fireEvent.click(within(bankers).getByTestId('quick-random'));
  fireEvent.click(within(drags).getByTestId('quick-random'));
  const banker = play(code);
  expect(popcount(picks[0])).toBe(1);
  expect(popcount(picks[1])).toBe((banker.k as number) - 1);
  expect(picks[0] & picks[1]).toBe(0n);
  expect(banker.ticketsOf(picks)).toBe(1);
  // The drags' buttons show what was picked.
  expect(within(drags).getAllByRole('button', { pressed: true })).toHaveLength((banker.k as number) - 1);
});
