// Loads a section's container at run time (Module Federation): the server says which release of
// each section this brand's operators get (GET /ops/v1/backoffice/sections, decided per brand by
// its admins in Releases), the host registers those entries once per page load, and a section is
// fetched the first time one of its pages is opened. A section released or rolled back reaches an
// operator on their next page load; nothing of the host is rebuilt for it.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsError, type OpsClient } from '../api/ops-client';
import { NAMESPACE } from '../i18n/i18n';
import type { SectionModule } from '../kit/section-module';
import { Button, ErrorMessage } from '../ui/ui';
import { useBackOffice } from './session-context';

/** A section's release served to this brand, as the server answers it. */
export interface ServedSection {
  name: string;
  version: string;
  entry: string;
}

/** The federation name of a section's container (sections.json's name, e.g. risk → bo_risk). */
export const containerName = (section: string): string => `bo_${section.replace(/-/g, '_')}`;

let served: Promise<ServedSection[]> | null = null;

/** The releases served, asked once per page load (again after a failure). */
function servedSections(api: OpsClient): Promise<ServedSection[]> {
  served ??= api.get<{ sections: ServedSection[] }>('/backoffice/sections').then(
    ({ sections }) => {
      registerRemotes(sections.map((section) => ({ name: containerName(section.name), entry: section.entry })));
      return sections;
    },
    (error: unknown) => {
      served = null;
      throw error;
    },
  );
  return served;
}

/** Forgets what was asked (tests; a new sign-in may be another brand's). */
export function forgetServedSections(): void {
  served = null;
}

class SectionUnavailable extends Error {}

async function loadSection(api: OpsClient, name: string, retry: boolean): Promise<SectionModule> {
  const release = (await servedSections(api)).find((section) => section.name === name);
  if (!release) throw new SectionUnavailable(name);
  // A failed fetch of the container is remembered by the runtime: a retry registers it afresh.
  if (retry) registerRemotes([{ name: containerName(name), entry: release.entry }], { force: true });
  const loaded = await loadRemote<{ default: SectionModule }>(`${containerName(name)}/Section`);
  if (!loaded?.default?.pages) throw new SectionUnavailable(name);
  return loaded.default;
}

/** One page of a section, its container loaded (and its strings merged in) first. */
export function SectionPage({ section, page }: { section: string; page: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useBackOffice();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ module: SectionModule | null; error: string | null }>({ module: null, error: null });

  useEffect(() => {
    let current = true;
    setState({ module: null, error: null });
    loadSection(api, section, attempt > 0).then(
      (module) => {
        for (const language of ['EN', 'CN'] as const) i18n.addResourceBundle(language, NAMESPACE, module.strings[language], true, true);
        if (current) setState({ module, error: null });
      },
      (error: unknown) => {
        if (current) setState({ module: null, error: error instanceof OpsError ? error.message : t('section.unavailable') });
      },
    );
    return () => {
      current = false;
    };
  }, [api, section, attempt, i18n, t]);

  const Page = state.module?.pages[page];
  if (state.error || (state.module && !Page)) {
    return (
      <div data-section={section}>
        <ErrorMessage>{state.error ?? t('section.unavailable')}</ErrorMessage>
        <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
          {t('section.retry')}
        </Button>
      </div>
    );
  }
  if (!state.module || !Page) return <p role="status">{t('loading')}</p>;
  return (
    <div data-section={section} data-section-version={state.module.version}>
      <Page />
    </div>
  );
}
