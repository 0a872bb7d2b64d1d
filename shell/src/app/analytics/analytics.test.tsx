import { bus, localStore } from '@platform/shared';
import { makeStatus } from '@platform/shared/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AnalyticsSlot } from '../analytics-slot';
import { gtagScriptUrl, isTagId, loadAnalyticsTag } from './analytics-tag';

// No network here: the tag is asserted as the <script> element the page would fetch, never fetched
// (jsdom loads no external scripts).

const tagScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-analytics-tag]')];

function showStatus(analytics: { gtagId: string | null; consentRequired: boolean }) {
  const status = makeStatus();
  status.info.analytics = analytics;
  act(() => bus.set('settings', { status }));
}

beforeEach(() => {
  for (const script of tagScripts()) script.remove();
  delete window.dataLayer;
  delete window.gtag;
  localStorage.clear();
});

describe('the analytics tag', () => {
  it('is added once, async, from googletagmanager with the merchant’s id, with gtag set up without an inline script', () => {
    const script = loadAnalyticsTag('G-TEST123');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(script?.async).toBe(true);
    expect(tagScripts()).toHaveLength(1);
    expect(window.dataLayer?.map((entry) => Array.from(entry as ArrayLike<unknown>)[0])).toEqual(['js', 'config']);
    expect(Array.from(window.dataLayer?.[1] as ArrayLike<unknown>)).toEqual(['config', 'G-TEST123']);
    loadAnalyticsTag('G-TEST123');
    expect(tagScripts()).toHaveLength(1);
  });

  it('is not added for an id that is not a tag id (nothing of an operator’s typo reaches a URL)', () => {
    for (const id of ['', 'G-', 'javascript:alert(1)', 'G-1"><script>', 'https://evil.example/x.js']) {
      expect(isTagId(id)).toBe(false);
      expect(loadAnalyticsTag(id)).toBeNull();
    }
    expect(tagScripts()).toHaveLength(0);
    expect(isTagId('UA-12345-1')).toBe(true);
    expect(gtagScriptUrl('AW-1234567')).toBe('https://www.googletagmanager.com/gtag/js?id=AW-1234567');
  });
});

describe('AnalyticsSlot', () => {
  it('loads nothing without a tag id', async () => {
    render(<AnalyticsSlot />);
    showStatus({ gtagId: null, consentRequired: false });
    await act(async () => undefined);
    expect(tagScripts()).toHaveLength(0);
    expect(screen.queryByTestId('analytics-consent')).toBeNull();
  });

  it('loads the tag at once when the merchant does not require consent', async () => {
    render(<AnalyticsSlot />);
    showStatus({ gtagId: 'G-NOCONSENT', consentRequired: false });
    await waitFor(() => expect(tagScripts().map((script) => script.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-NOCONSENT']));
    expect(screen.queryByTestId('analytics-consent')).toBeNull();
  });

  it('asks first where the merchant requires consent: loads after Accept and remembers it', async () => {
    const { unmount } = render(<AnalyticsSlot />);
    showStatus({ gtagId: 'G-CONSENT1', consentRequired: true });
    const question = await screen.findByTestId('analytics-consent');
    expect(question.textContent).toContain('Google Analytics');
    expect(screen.getByRole('region', { name: 'Analytics' })).toBe(question);
    expect(tagScripts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await act(async () => undefined);
    expect(screen.queryByTestId('analytics-consent')).toBeNull();
    expect(tagScripts().map((script) => script.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-CONSENT1']);
    expect(localStore.get('analyticsConsent')).toBe('granted');

    // The next page load loads it without asking.
    unmount();
    for (const script of tagScripts()) script.remove();
    render(<AnalyticsSlot />);
    await waitFor(() => expect(tagScripts()).toHaveLength(1));
    expect(screen.queryByTestId('analytics-consent')).toBeNull();
  });

  it('never loads the tag after Decline, nor asks again', async () => {
    const { unmount } = render(<AnalyticsSlot />);
    showStatus({ gtagId: 'G-CONSENT2', consentRequired: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await act(async () => undefined);
    expect(screen.queryByTestId('analytics-consent')).toBeNull();
    expect(tagScripts()).toHaveLength(0);
    expect(localStore.get('analyticsConsent')).toBe('denied');
    unmount();
    render(<AnalyticsSlot />);
    await act(async () => undefined);
    expect(screen.queryByTestId('analytics-consent')).toBeNull();
    expect(tagScripts()).toHaveLength(0);
  });
});
