import { screen, within } from '@testing-library/react';
import type { AgentAnnouncement } from '@platform/contract';
import { apiFailure, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { click, renderAgentPage, setUpAgentTests } from '../../testing/agent-fixtures';
import AnnouncementsPage from './announcements-page';

// Announcements with the network edge stubbed: the page asked for, the list newest first with its
// dates, a title opened in place with its HTML sanitized in the browser, paging, and the empty and
// failed states.

const at = (month: number, day: number, hours: number, minutes: number, seconds: number) => new Date(2025, month - 1, day, hours, minutes, seconds).getTime();

const announcement = (id: number, createTime: number, overrides: Partial<AgentAnnouncement> = {}): AgentAnnouncement => ({
  id,
  title: `Notice ${id}`,
  content: `<p>Body ${id}</p>`,
  createTime,
  ...overrides,
});

const DANGEROUS =
  '<p>New <b>commission</b> rates</p><img src="x" onerror="window.hacked = true"><script>window.hacked = true</script><a href="javascript:window.hacked = true">terms</a>';

setUpAgentTests();

const renderPage = () => renderAgentPage(AnnouncementsPage);


const titles = () =>
  within(screen.getByRole('list', { name: 'Agent announcements' }))
    .getAllByRole('listitem')
    .map((item) => [item.querySelector('time')?.previousSibling?.textContent, item.querySelector('time')?.textContent]);

describe('Announcements', () => {
  it('lists the announcements newest first with their dates (yyyy-MM-dd HH:mm:ss, 24-hour clock)', async () => {
    const { callsOf } = stubApi({
      agentAnnouncements: {
        list: [announcement(1, at(1, 15, 3, 4, 5)), announcement(3, at(3, 1, 15, 4, 5)), announcement(2, at(2, 28, 23, 59, 59))],
        totalPages: 1,
      },
    });
    await renderPage();
    expect(callsOf('agentAnnouncements').map((options) => options?.params)).toEqual([{ page: 1, size: 10 }]);
    expect(titles()).toEqual([
      ['Notice 3', '2025-03-01 15:04:05'],
      ['Notice 2', '2025-02-28 23:59:59'],
      ['Notice 1', '2025-01-15 03:04:05'],
    ]);
    // Closed until opened; no pagination for one page.
    expect(screen.queryByTestId('agent-announcement-content')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('opens an announcement in place with its content sanitized: no script, handler or javascript: link survives', async () => {
    stubApi({ agentAnnouncements: { list: [announcement(7, at(4, 2, 10, 0, 0), { title: 'Commission update', content: DANGEROUS }), announcement(6, at(4, 1, 9, 0, 0))], totalPages: 1 } });
    await renderPage();
    const toggle = screen.getByRole('button', { name: /Commission update/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // Without the browser's Sanitizer API (jsdom), DOMPurify is fetched first.
    const content = await screen.findByTestId('agent-announcement-content');
    expect(within(screen.getByTestId('agent-announcement-7')).getByTestId('agent-announcement-content')).toBe(content);
    expect(content.textContent).toContain('New commission rates');
    expect(content.querySelector('b')).not.toBeNull();
    expect(content.querySelector('script')).toBeNull();
    expect(content.innerHTML).not.toContain('<script');
    expect(content.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(content.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript:');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    // The other one stays closed; the opened one closes again.
    expect(within(screen.getByTestId('agent-announcement-6')).queryByTestId('agent-announcement-content')).toBeNull();
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('agent-announcement-content')).toBeNull();
  });

  it('pages through the announcements', async () => {
    const { callsOf } = stubApi({
      agentAnnouncements: (options: CallOptionsSeen) =>
        options?.params?.page === 2 ? { list: [announcement(1, at(1, 1, 0, 0, 0))], totalPages: 2 } : { list: [announcement(11, at(2, 1, 0, 0, 0))], totalPages: 2 },
    });
    await renderPage();
    expect(titles().map(([title]) => title)).toEqual(['Notice 11']);
    await click(screen.getByRole('button', { name: 'Page 2' }));
    expect(callsOf('agentAnnouncements').at(-1)?.params).toEqual({ page: 2, size: 10 });
    expect(titles().map(([title]) => title)).toEqual(['Notice 1']);
  });

  it('says so when there are no announcements', async () => {
    stubApi({ agentAnnouncements: { list: [], totalPages: 0 } });
    await renderPage();
    expect(screen.getByText('There are no announcements')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failure in place with a retry', async () => {
    let fail = true;
    stubApi({ agentAnnouncements: () => (fail ? apiFailure('server.error', 'Something went wrong', null, 500) : { list: [announcement(1, at(1, 1, 0, 0, 0))], totalPages: 1 }) });
    await renderPage();
    expect(screen.getByText('Announcements could not be loaded')).toBeTruthy();
    fail = false;
    await click(screen.getByRole('button', { name: 'Retry' }));
    expect(titles().map(([title]) => title)).toEqual(['Notice 1']);
  });
});
