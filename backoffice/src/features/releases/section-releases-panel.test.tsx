import { fireEvent, screen, within } from '@testing-library/react';
import { OpsError } from '../../api/ops-client';
import { recordingApi, renderInOffice } from '../../testing/office';
import ReleasesPage from './releases-page';
import { newestRelease, releaseBefore, type SectionReleases } from './section-releases-panel';

// The Releases section's back office tab against a stubbed operator API: each section's releases,
// and each change (roll out, roll back, follow the newest) confirmed from → to, sent, answered in
// the server's words and followed by a fresh read. The browser test
// (e2e/tests/backoffice-sections.spec.ts) releases a section and rolls it out and back for real.

const ADMIN = [
  'GET /remotes/releases',
  'GET /backoffice/section-releases',
  'POST /backoffice/section-releases/rollout',
  'POST /backoffice/section-releases/rollback',
  'POST /backoffice/section-releases/follow',
];

const release = (version: string, problem = '') => ({ version, compatible: problem === '', problem });

const risk = (changes: Partial<SectionReleases> = {}): SectionReleases => ({
  name: 'risk',
  pinned: null,
  serving: '1.1.0',
  releases: [release('2.0.0', "it needs the back office's kit ^2.0.0 (the back office has 1.0.0)"), release('1.1.0'), release('1.0.0'), release('1.2.0-rc.1')],
  ...changes,
});

function renderSectionsTab(list: () => SectionReleases[], post: (path: string, body: unknown) => unknown, permissions = ADMIN) {
  const { api, calls } = recordingApi((method, path, body) => (method === 'GET' ? (path === '/backoffice/section-releases' ? list() : []) : post(path, body)));
  renderInOffice(<ReleasesPage />, { api, permissions });
  fireEvent.click(screen.getByRole('tab', { name: 'Back office sections' }));
  return calls;
}

const card = async () => (await screen.findAllByTestId('section-releases')).find((element) => element.getAttribute('data-section-name') === 'risk')!;

it('works out what a rollback and following the newest serve, as the server does', () => {
  expect(releaseBefore(risk())).toBe('1.0.0');
  expect(releaseBefore(risk({ serving: '1.0.0' }))).toBeNull();
  // A pre-release served (pinned) rolls back to the release it follows, though listed after it.
  expect(releaseBefore(risk({ serving: '1.2.0-rc.1' }))).toBe('1.1.0');
  expect(releaseBefore(risk({ serving: '1.0.1-e2e', releases: [release('1.0.0'), release('1.0.1-e2e')] }))).toBe('1.0.0');
  // A release the back office cannot run is stepped over, and never the newest followed.
  expect(releaseBefore(risk({ serving: '1.1.0', releases: [release('1.1.0'), release('1.0.5', 'needs kit ^2.0.0'), release('1.0.0')] }))).toBe('1.0.0');
  expect(newestRelease(risk())).toBe('1.1.0');
  expect(newestRelease(risk({ releases: [release('2.0.0-rc.1')] }))).toBe('2.0.0-rc.1');
});

it('rolls a section out after confirming from → to, and reads the list again', async () => {
  let current = risk();
  const calls = renderSectionsTab(
    () => [current],
    (_path, body) => {
      current = risk({ pinned: (body as { version: string }).version, serving: (body as { version: string }).version });
      return current;
    },
  );
  const section = await card();
  expect(within(section).getByRole('heading', { name: 'Risk' })).toBeTruthy();
  // A release the deployed back office cannot run says why, and offers no roll-out.
  const notRunnable = section.querySelector('[data-version="2.0.0"]') as HTMLElement;
  expect(notRunnable.textContent).toContain("The deployed back office cannot run it: it needs the back office's kit ^2.0.0 (the back office has 1.0.0)");
  expect(within(notRunnable).queryByRole('button')).toBeNull();
  expect(within(section).getByTestId('section-summary').textContent).toBe('Operators get 1.1.0 (not pinned: the newest release).');
  fireEvent.click(within(section).getByRole('button', { name: 'Roll out 1.2.0-rc.1…' }));
  expect(within(section).getByTestId('release-from-to').textContent).toBe('Risk 1.1.0 → 1.2.0-rc.1');
  expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  fireEvent.click(within(section).getByRole('button', { name: 'Confirm' }));
  expect(await within(section).findByText('Risk: operators now get 1.2.0-rc.1.')).toBeTruthy();
  expect(calls).toContain('POST /backoffice/section-releases/rollout {"name":"risk","version":"1.2.0-rc.1"}');
  expect((await within(await card()).findByTestId('section-summary')).textContent).toBe('Operators get 1.2.0-rc.1 (pinned).');
  expect(calls.filter((call) => call === 'GET /backoffice/section-releases')).toHaveLength(2);
});

it('rolls back to the release before and follows the newest again, each confirmed; a refusal is told in the server\'s words', async () => {
  let current = risk({ pinned: '1.1.0' });
  const calls = renderSectionsTab(
    () => [current],
    (path) => {
      if (path.endsWith('/follow')) throw new OpsError('Only admins may change what is released.', 403, 'operator.role.forbidden');
      current = risk({ pinned: '1.0.0', serving: '1.0.0' });
      return current;
    },
  );
  const section = await card();
  expect(within(section).getByText('Serves the release before to every device: 1.0.0.')).toBeTruthy();
  fireEvent.click(within(section).getByRole('button', { name: 'Roll back…' }));
  expect(within(section).getByTestId('release-from-to').textContent).toBe('Risk 1.1.0 → 1.0.0');
  fireEvent.click(within(section).getByRole('button', { name: 'Confirm' }));
  expect(await within(section).findByText('Risk: operators now get 1.0.0.')).toBeTruthy();
  expect(calls).toContain('POST /backoffice/section-releases/rollback {"name":"risk"}');

  fireEvent.click(within(await card()).getByRole('button', { name: 'Follow the newest…' }));
  expect(within(await card()).getByTestId('release-from-to').textContent).toBe('Risk 1.0.0 → 1.1.0');
  fireEvent.click(within(await card()).getByRole('button', { name: 'Confirm' }));
  expect(await within(await card()).findByText('Only admins may change what is released.')).toBeTruthy();
});

it('shows no change button to a role that may only read', async () => {
  renderSectionsTab(() => [risk()], () => null, ['GET /backoffice/section-releases']);
  const section = await card();
  expect(within(section).queryAllByRole('button')).toEqual([]);
});
