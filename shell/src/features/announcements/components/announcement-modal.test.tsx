import { formatDateTime, type Announcement } from '@platform/shared';
import { announcementsCall } from '@platform/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, settle, stubApi } from '@platform/shared/testing';
import { ANNOUNCEMENT_PARAMS } from '../hooks/use-announcements';
import { AnnouncementModal } from './announcement-modal';

const BASE_TIME = Date.UTC(2025, 0, 15, 8, 30, 5);

function announcement(id: number, overrides: Partial<Announcement> = {}): Announcement {
  return { id, type: 'B', title: `Notice ${id}`, content: `<p>Body ${id}</p>`, popup: false, createTime: BASE_TIME + id * 60_000, ...overrides };
}

function titles(): string[] {
  const list = screen.getByRole('list', { name: 'Announcements' });
  return within(list)
    .getAllByRole('button')
    .map((button) => button.querySelector('span')?.textContent ?? '');
}

describe('AnnouncementModal', () => {
  it('asks for the site announcements and lists their titles 9 per page', async () => {
    const list = Array.from({ length: 20 }, (_, index) => announcement(index + 1));
    const { cached } = stubApi({ announcements: { list, popup: [] } });
    renderWithProviders(<AnnouncementModal onClose={() => undefined} />);
    await settle();
    expect(cached).toHaveBeenCalledWith(announcementsCall, ANNOUNCEMENT_PARAMS);
    expect(ANNOUNCEMENT_PARAMS).toEqual({ types: 'B,PL,PU,PR', platform: 'W', execution: 'B' });
    expect(titles()).toEqual(list.slice(0, 9).map((item) => item.title));

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(titles()).toEqual(list.slice(9, 18).map((item) => item.title));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(titles()).toEqual(['Notice 19', 'Notice 20']);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows no pagination for a single page', async () => {
    stubApi({ announcements: { list: [announcement(1), announcement(2)], popup: [] } });
    renderWithProviders(<AnnouncementModal onClose={() => undefined} />);
    await settle();
    expect(titles()).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('dates announcements yyyy-MM-dd HH:mm:ss in the player’s time zone, on the 24-hour clock (no AM/PM to tell 03 from 15)', async () => {
    const afternoon = new Date(2025, 0, 15, 15, 4, 5).getTime();
    const night = new Date(2025, 0, 15, 3, 4, 5).getTime();
    stubApi({ announcements: { list: [announcement(1, { createTime: afternoon }), announcement(2, { createTime: night })], popup: [] } });
    renderWithProviders(<AnnouncementModal onClose={() => undefined} />);
    await settle();
    const list = screen.getByRole('list', { name: 'Announcements' });
    expect(within(list).getByText('2025-01-15 15:04:05')).toBeTruthy();
    expect(within(list).getByText('2025-01-15 03:04:05')).toBeTruthy();
  });

  it('shows a title’s detail as sanitized HTML with its date, and goes back to the list', async () => {
    const dangerous = announcement(3, {
      title: 'Maintenance window',
      content: '<p>Planned <b>upgrade</b></p><img src="x" onerror="alert(1)"><script>window.hacked = true</script><a href="javascript:alert(2)">link</a>',
    });
    stubApi({ announcements: { list: [announcement(1), dangerous], popup: [] } });
    renderWithProviders(<AnnouncementModal onClose={() => undefined} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Maintenance window/ }));

    const detail = screen.getByRole('article', { name: 'Maintenance window' });
    expect(within(detail).getByText(formatDateTime(dangerous.createTime))).toBeTruthy();
    expect(formatDateTime(dangerous.createTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Without the browser's Sanitizer API (jsdom), DOMPurify is fetched first.
    const content = await screen.findByTestId('announcement-content');
    expect(content.textContent).toContain('Planned upgrade');
    expect(content.querySelector('b')).not.toBeNull();
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(content.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript:');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Back to list' }));
    expect(titles()).toEqual(['Notice 1', 'Maintenance window']);
  });

  it('opens straight on a popup announcement', async () => {
    stubApi({ announcements: { list: [announcement(1)], popup: [announcement(50, { title: 'Welcome bonus', popup: true })] } });
    renderWithProviders(<AnnouncementModal initialAnnouncementId={50} onClose={() => undefined} />);
    await settle();
    expect(screen.getByRole('article', { name: 'Welcome bonus' })).toBeTruthy();
  });

  it('says so when there are no announcements or they cannot be loaded', async () => {
    stubApi({ announcements: { list: [], popup: [] } });
    const first = renderWithProviders(<AnnouncementModal onClose={() => undefined} />);
    await settle();
    expect(screen.getByText('There are no announcements')).toBeTruthy();
    first.unmount();

    stubApi({ announcements: new Error('offline') });
    renderWithProviders(<AnnouncementModal onClose={() => undefined} />);
    await settle();
    expect(screen.getByText('Announcements could not be loaded')).toBeTruthy();
  });

  it('is marked for the browser tests and closes from its close button', async () => {
    stubApi({ announcements: { list: [], popup: [] } });
    const onClose = jest.fn();
    renderWithProviders(<AnnouncementModal onClose={onClose} />);
    await settle();
    expect(screen.getByTestId('announcement-modal')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
