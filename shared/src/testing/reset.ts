import { act } from '@testing-library/react';
import { api } from '../api/client';
import { bus, INITIAL_STATES } from '../bus/event-bus';
import type { BusStates } from '../bus/bus-types';
import { i18n, loadAllTranslations } from '../i18n/i18n-instance';
import { forgetCachedAnswers } from '../data/call-cache';
import { dismissAllNotices } from '../ui/show-notice';

function clearCookies(): void {
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${pair.split('=')[0]}=; Max-Age=0; Path=/`;
  }
}

/**
 * A clean page for the next test: no notices, the bus at its start values, no cached answers (the
 * API client's and useCall's), empty storage and cookies, an empty body, and strings in English (what
 * tests assert). Each app's setup resets its own module state besides.
 */
export async function resetTestState(): Promise<void> {
  act(() => dismissAllNotices());
  const start: BusStates = { ...INITIAL_STATES, language: 'EN' };
  for (const state of Object.keys(start) as (keyof BusStates)[]) {
    // Only what changed: each set also reaches the buses of earlier test files through BroadcastChannel.
    if (JSON.stringify(bus.get(state)) !== JSON.stringify(start[state])) bus.set(state, start[state] as never);
  }
  api.clearCache();
  forgetCachedAnswers();
  window.sessionStorage.clear();
  window.localStorage.clear();
  clearCookies();
  document.body.innerHTML = '';
  // Tests switch languages freely: every translation set is there (the page fetches per language).
  await loadAllTranslations();
  await i18n.changeLanguage('EN');
}
