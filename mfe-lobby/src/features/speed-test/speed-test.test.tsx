import { act, fireEvent, screen, within } from '@testing-library/react';
import { apiFailure, renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import { SpeedTest } from './speed-test';
import { testNetwork, type MirrorDelays } from './test-network';

// The speed test on the page with the mirror list stubbed and a pretend network: the ranking by
// median, the fastest marked with a link to switch to it, an unreachable mirror, the page's own
// origin, a failed list and a second run.

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

const PAGE = 'https://www.example.test';
const SLOW = 'https://slow.example.test';
const FAST = 'https://fast.example.test';
const DOWN = 'https://down.example.test';

async function renderSpeedTest(domains: string[], delays: MirrorDelays) {
  const network = testNetwork(delays);
  stubApi({ domainRoute: { domainList: domains.map((domain) => ({ domain })) } });
  renderWithProviders(<SpeedTest probe={network.probe} now={network.now} pageOrigin={PAGE} />, { route: '/help?tab=speed' });
  await settle();
  return network;
}

const rows = () => screen.getAllByTestId('speed-test-mirror');
const origins = () => rows().map((row) => row.getAttribute('data-origin'));
const times = () => screen.getAllByTestId('speed-test-time').map((cell) => cell.textContent);

describe('the mirror speed test', () => {
  it('ranks the mirrors by their median, fastest first, marks it and links to it; one that fails is unreachable, last', async () => {
    const network = await renderSpeedTest([DOWN, SLOW, `${FAST}/`], {
      // The slow mirror's first answer is quick and the fast one's first is slow: the median decides.
      [SLOW]: [20, 300, 310, 290, 305],
      [FAST]: [900, 40, 45, 35, 50],
      [DOWN]: 'fail',
    });
    // While measuring: the operator's order, nothing ranked yet.
    expect(screen.getByTestId('speed-test').getAttribute('data-state')).toBe('measuring');
    expect(origins()).toEqual([DOWN, SLOW, FAST]);
    expect(times()).toEqual(['Unreachable', 'Measuring…', 'Measuring…']);
    expect(screen.queryByTestId('speed-test-switch')).toBeNull();

    await network.run();
    expect(screen.getByTestId('speed-test').getAttribute('data-state')).toBe('done');
    expect(origins()).toEqual([FAST, SLOW, DOWN]);
    expect(times()).toEqual(['45 ms', '300 ms', 'Unreachable']);
    expect(rows()[0].getAttribute('data-fastest')).toBe('true');
    expect(within(rows()[0]).getByText('Fastest')).toBeTruthy();
    expect(rows().filter((row) => row.hasAttribute('data-fastest'))).toHaveLength(1);
    const link = screen.getByTestId('speed-test-switch');
    expect(link.getAttribute('href')).toBe(`${FAST}/`);
    expect(link.textContent).toBe('Switch to the fastest mirror: fast.example.test');
    // Five requests to each mirror that answers, one to the one that failed.
    expect(network.requests.filter(({ url }) => url.startsWith(FAST))).toHaveLength(5);
    expect(network.requests.filter(({ url }) => url.startsWith(DOWN))).toHaveLength(1);
  });

  it('says so when the page is already on the fastest mirror, and measures again on request', async () => {
    const network = await renderSpeedTest([SLOW, PAGE], { [SLOW]: [200], [PAGE]: [30] });
    await network.run();
    expect(origins()).toEqual([PAGE, SLOW]);
    expect(within(rows()[0]).getByText('This site')).toBeTruthy();
    expect(screen.getByTestId('speed-test-summary').textContent).toBe('You are already on the fastest mirror.');
    expect(screen.queryByTestId('speed-test-switch')).toBeNull();

    await act(async () => fireEvent.click(screen.getByTestId('speed-test-again')));
    expect(screen.getByTestId('speed-test').getAttribute('data-state')).toBe('measuring');
    await network.run();
    expect(network.requests).toHaveLength(20);
    expect(screen.getByTestId('speed-test').getAttribute('data-state')).toBe('done');
  });

  it('says when no mirror answered', async () => {
    const network = await renderSpeedTest([DOWN, 'not a site at all'], { [DOWN]: 'fail' });
    await network.run();
    expect(times()).toEqual(['Unreachable', 'Unreachable']);
    expect(screen.getByTestId('speed-test-summary').textContent).toBe('No mirror answered. Check your connection and test again.');
  });

  it('shows an empty list and a failed list with a retry', async () => {
    await renderSpeedTest([], {});
    expect(screen.getByText('No mirror sites are listed')).toBeTruthy();

    let asked = 0;
    stubApi({ domainRoute: () => (++asked === 1 ? apiFailure('http.502', 'Bad Gateway') : { domainList: [{ domain: FAST }] }) });
    const network = testNetwork({ [FAST]: [10] });
    renderWithProviders(<SpeedTest probe={network.probe} now={network.now} pageOrigin={PAGE} />);
    await settle();
    const error = screen.getByTestId('speed-test-error');
    expect(error.textContent).toContain('The mirror list could not be loaded');
    await act(async () => fireEvent.click(within(error).getByRole('button')));
    await settle();
    await network.run();
    expect(screen.getAllByTestId('speed-test-mirror')).toHaveLength(1);
  });
});
