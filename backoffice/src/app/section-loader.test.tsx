import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { OpsClient } from '../api/ops-client';
import { OpsError } from '../api/ops-client';
import { createI18n } from '../i18n/i18n';
import { failing, registered } from '../testing/federation-runtime';
import { forgetServedSections, SectionPage, type ServedSection } from './section-loader';
import { BackOfficeContext } from './session-context';

// The host's loader against a stubbed operator API and the federation runtime's stand-in (the
// checkout's own section modules, src/testing/federation-runtime.ts): it registers the releases
// the server names, renders the page with the section's own strings merged into the host's (a
// host without them, as in production), says so when a section cannot be loaded, and loads it on
// a retry. The browser test (e2e/tests/backoffice-sections.spec.ts) runs real containers.

function renderSection(section: string, page: string, answer: () => Promise<{ sections: ServedSection[] }>) {
  // The section's own pages ask for their data too: left loading, they are not what is tested.
  const get = jest.fn((path: string) => (path === '/backoffice/sections' ? answer() : new Promise(() => undefined)));
  const api = { get } as unknown as OpsClient;
  const session = { token: 't', expiresAt: Date.now() + 60_000, operator: { id: 1, username: 'ann', merchantCode: 'DEFAULT', role: 'admin' }, permissions: [] };
  render(
    <I18nextProvider i18n={createI18n('EN')}>
      <MemoryRouter>
        <BackOfficeContext.Provider value={{ api, session, may: () => false, signOut: () => undefined } as never}>
          <SectionPage section={section} page={page} />
        </BackOfficeContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return get;
}

const served = (name: string, version: string): ServedSection => ({ name, version, entry: `/ops/assets/sections/${name}/${version}/remoteEntry.js` });

afterEach(() => {
  forgetServedSections();
  registered.length = 0;
  failing.clear();
});

it("registers the releases the server serves and renders the page in the section's own words", async () => {
  const get = renderSection('audit', 'audit', async () => ({ sections: [served('audit', '1.4.0'), served('risk', '2.0.0')] }));
  // "From day" is the audit section's string, not the host's: merged in when the section loaded.
  expect(await screen.findByLabelText('From day')).toBeTruthy();
  expect(get).toHaveBeenCalledWith('/backoffice/sections');
  expect(registered).toEqual([
    { name: 'bo_audit', entry: '/ops/assets/sections/audit/1.4.0/remoteEntry.js' },
    { name: 'bo_risk', entry: '/ops/assets/sections/risk/2.0.0/remoteEntry.js' },
  ]);
  // The version shown is the one the loaded code says it is (its build's), here the checkout's.
  expect(document.querySelector('[data-section="audit"]')?.getAttribute('data-section-version')).toBe('test');
});

it('says a section is unavailable when no release of it is served, and tells the server\'s refusal in its words', async () => {
  renderSection('audit', 'audit', async () => ({ sections: [served('risk', '2.0.0')] }));
  expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded/);
  forgetServedSections();
  document.body.innerHTML = '';
  renderSection('audit', 'audit', async () => {
    throw new OpsError('Your session has ended.', 401, 'operator.session.expired');
  });
  expect((await screen.findByRole('alert')).textContent).toBe('Your session has ended.');
});

it('loads the section on a retry after its container could not be fetched', async () => {
  failing.add('bo_risk');
  renderSection('risk', 'risk', async () => ({ sections: [served('risk', '2.0.0')] }));
  expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded/);
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Risk' })).toBeTruthy();
  // The retry registered the container afresh (a failed fetch is remembered by the runtime).
  expect(registered.filter((remote) => remote.name === 'bo_risk')).toHaveLength(2);
});
