import { act } from '@testing-library/react';
import { api } from '../api/client';
import { bus, INITIAL_STATES } from '../bus/event-bus';
import type { BusStates } from '../bus/bus-types';
import { i18n } from '../i18n/i18n-instance';
import { dismissAllNotices } from '../ui/show-notice';

function clearCookies(): void {
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${pair.split('=')[0]}=; Max-Age=0; Path=/`;
  }
}

/**
 * A clean page for the next test: no notices, the bus at its start values, no cached answers,
 * empty storage and cookies, an empty body, and strings in English (what tests assert).
 * Each app's setup resets its own module state besides.
 */
export async function resetTestState(): Promise<void> {
  act(() => dismissAllNotices());
  for (const state of Object.keys(INITIAL_STATES) as (keyof BusStates)[]) bus.set(state, INITIAL_STATES[state] as never);
  bus.set('language', 'EN');
  api.clearCache();
  window.sessionStorage.clear();
  window.localStorage.clear();
  clearCookies();
  document.body.innerHTML = '';
  await i18n.changeLanguage('EN');
}
