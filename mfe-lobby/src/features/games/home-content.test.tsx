import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, resetTestState, setStatus, stubApi } from '@platform/shared/testing';
import HomeContent from './home-content';
import { LANES } from './test-fixtures';

// The home page's rows of vendors with the network edge stubbed: a vendor with no game provider
// connected (the lanes mark it not playable) gets no card, and a row with none left says so.

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

afterEach(() => jest.restoreAllMocks());

it("offers no dead card: a row whose vendors are all not connected says there are no games yet", async () => {
  const [live, sports, rng] = LANES.data.lanes;
  stubApi({
    gameVendors: {
      data: {
        lanes: [
          { ...live, vendors: live.vendors.map((vendor) => ({ ...vendor, playable: false })) },
          sports,
          { ...rng, vendors: [{ ...rng.vendors[0], playable: false }, { ...rng.vendors[1], playable: true }] },
        ],
      },
    },
    hotGames: { list: [] },
  });
  renderWithProviders(<HomeContent />);
  await waitFor(() => expect(screen.getByTestId('home-lane-LIVE')).toBeTruthy());
  expect(within(screen.getByTestId('home-lane-LIVE')).queryAllByTestId('vendor-card')).toEqual([]);
  expect(screen.getByTestId('home-lane-LIVE-empty').textContent).toBe('No games here yet');
  expect(within(screen.getByTestId('home-lane-SPORTS')).getAllByTestId('vendor-card').map((card) => card.getAttribute('data-vassalage'))).toEqual(['SABA']);
  expect(within(screen.getByTestId('home-lane-RNG')).getAllByTestId('vendor-card').map((card) => card.getAttribute('data-vassalage'))).toEqual(['JL']);
});

it('shows the rows of vendors only once the hot games above them have answered, so no row on screen is pushed down', async () => {
  let answerHotGames: (value: { list: never[] }) => void = () => {};
  stubApi({ gameVendors: LANES, hotGames: () => new Promise((resolve) => (answerHotGames = resolve)) });
  renderWithProviders(<HomeContent />);
  // The lanes' answer is in (their call is made at once), yet no lane shows under the loading hot games.
  await waitFor(() => expect(screen.getByTestId('home-hot-games').textContent).not.toBe(''));
  await act(async () => {});
  expect(screen.queryByTestId('home-lane-LIVE')).toBeNull();
  await act(async () => answerHotGames({ list: [] }));
  await waitFor(() => expect(screen.getByTestId('home-lane-LIVE')).toBeTruthy());
});
