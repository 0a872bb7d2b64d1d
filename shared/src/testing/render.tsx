import { act, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { i18n } from '../i18n/i18n-instance';

/** Where the router is: `pathname + search`, in a hidden element tests can read. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div hidden data-testid="location">
      {location.pathname + location.search}
    </div>
  );
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the router starts at. */
  route?: string;
}

/** Renders inside what the shell gives every page: the page's i18n instance and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: RenderWithProvidersOptions = {}): RenderResult {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}

/** The router's current `pathname + search` (rendered by renderWithProviders). */
export function currentLocation(container: ParentNode = document): string {
  return container.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** Whether Jest's fake timers stand in for setTimeout (modern ones carry their clock). */
function timersAreFake(): boolean {
  return jest.isMockFunction(setTimeout) || 'clock' in setTimeout;
}

/**
 * Lets pending answers of the stubbed API reach the components, inside act(): microtasks, and
 * with real timers one turn of the event loop too (fake timers would never fire it).
 */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let round = 0; round < 50; round += 1) await Promise.resolve();
    if (!timersAreFake()) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
