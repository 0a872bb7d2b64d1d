import {
  announcementBody,
  announcementDraftOf,
  bannerBody,
  bannerDraftOf,
  emptyAnnouncementDraft,
  emptyBannerDraft,
  fromLocalInput,
  IMAGE_MAX_BYTES,
  imageFileProblem,
  readAsDataUrl,
  toLocalInput,
  type AnnouncementRow,
  type BannerRow,
} from './content-model';

// The Content section's pure steps: file checks before an upload, times as datetime-local inputs
// hold them, and the bodies sent to the operator API.

it('lets only a png, jpg or webp of 2 MB at most be uploaded', () => {
  expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
  expect(imageFileProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES })).toBeNull();
  expect(imageFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
  expect(imageFileProblem({ type: 'image/gif', size: 10 })).toBe('wrongType');
  expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('wrongType');
  expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('tooLarge');
});

it('reads a file as a data URL', async () => {
  const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
  expect(await readAsDataUrl(file)).toBe('data:image/png;base64,iVBORw==');
});

it("turns instants into the browser's datetime-local values and back, to the minute", () => {
  const instant = new Date(2026, 10, 29, 9, 5, 42).getTime();
  expect(toLocalInput(instant)).toBe('2026-11-29T09:05');
  expect(fromLocalInput('2026-11-29T09:05')).toBe(new Date(2026, 10, 29, 9, 5).getTime());
  expect(toLocalInput(null)).toBe('');
  expect(fromLocalInput('')).toBeNull();
  expect(fromLocalInput('2026-02-30T10:00')).toBeNull();
  expect(fromLocalInput('tomorrow')).toBeNull();
});

const banner: BannerRow = { id: 4, group: 'w_games', imageUrl: '/wps/content/images/ab.png', linkageType: 'ROUTE', linkageValue: '/rng', enabled: false, sortOrder: 3 };

it('sends a banner whole, without a link value when it links nowhere', () => {
  expect(bannerBody(bannerDraftOf(banner))).toEqual({ group: 'w_games', imageUrl: '/wps/content/images/ab.png', linkageType: 'ROUTE', linkageValue: '/rng', sortOrder: 3, enabled: false });
  expect(bannerBody({ ...bannerDraftOf(banner), linkageType: 'NONE', imageUrl: '  /assets/a.svg ' })).toMatchObject({ linkageType: 'NONE', linkageValue: null, imageUrl: '/assets/a.svg' });
  expect(bannerBody({ ...emptyBannerDraft('w_home'), imageUrl: '/x.png', sortOrder: '' })).toEqual({ group: 'w_home', imageUrl: '/x.png', linkageType: 'NONE', linkageValue: null, sortOrder: 0, enabled: true });
  expect(bannerBody({ ...emptyBannerDraft('w_home'), sortOrder: '-2' }).sortOrder).toBe(-2);
  expect(bannerBody({ ...emptyBannerDraft('w_home'), sortOrder: '1.5' }).sortOrder).toBe(0);
});

it('sends an announcement with its times only when the operator set or changed them', () => {
  // New: no time set means now (the server's), an end only when given.
  expect(announcementBody({ ...emptyAnnouncementDraft('PL'), title: '  Hello ', content: '<p>Hi</p>' })).toEqual({ type: 'PL', title: 'Hello', content: '<p>Hi</p>', popup: false, enabled: true });
  expect(announcementBody({ ...emptyAnnouncementDraft(), title: 'T', content: 'C', publishedAt: '2026-12-01T08:00', expiresAt: '2026-12-02T08:00' })).toMatchObject({
    publishedAt: new Date(2026, 11, 1, 8, 0).getTime(),
    expiresAt: new Date(2026, 11, 2, 8, 0).getTime(),
  });

  // Stored with seconds: sent back unchanged, its time would move; so it is not sent.
  const stored: AnnouncementRow = { id: 9, type: 'B', title: 'T', content: 'C', popup: true, enabled: true, publishedAt: new Date(2026, 10, 1, 12, 30, 17).getTime(), expiresAt: null, state: 'shown' };
  const draft = announcementDraftOf(stored);
  expect(draft.publishedAt).toBe('2026-11-01T12:30');
  expect(announcementBody(draft, stored)).toEqual({ type: 'B', title: 'T', content: 'C', popup: true, enabled: true });
  expect(announcementBody({ ...draft, expiresAt: '2026-11-05T00:00' }, stored)).toEqual({ type: 'B', title: 'T', content: 'C', popup: true, enabled: true, expiresAt: new Date(2026, 10, 5).getTime() });
  // An end cleared: never expires.
  const ending = { ...stored, expiresAt: new Date(2026, 10, 5).getTime() };
  expect(announcementBody({ ...announcementDraftOf(ending), expiresAt: '' }, ending)).toMatchObject({ expiresAt: null });
  expect(announcementBody({ ...draft, publishedAt: '2026-11-02T00:00' }, stored).publishedAt).toBe(new Date(2026, 10, 2).getTime());
});
