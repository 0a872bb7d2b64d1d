import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeStatus, renderWithProviders, resetTestState, resource, settle, setStatus } from '@platform/shared/testing';
import { AppDownload } from './app-download';
import DownloadPage from './download-page';
import { createInstallPromptStore, type BeforeInstallPromptEvent, type InstallEnvironment } from './install-prompt';

// The download page: the install button by what the browser offers (its install dialog, iOS's
// Add to Home Screen, the browser's menu, already installed), the QR code of the site and the
// operator's app downloads.

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

const SITE = 'https://www.example.test/';

/** A browser as the install store sees it: its events, whether the page runs installed, whether it is iOS. */
function fakeBrowser({ ios = false, standalone = false } = {}) {
  const events = new EventTarget();
  const environment: InstallEnvironment = { events, standalone: () => standalone, ios: () => ios };
  /** Chromium's event, its prompt answered with `outcome`. */
  const offerInstall = (outcome: 'accepted' | 'dismissed') => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
    const prompt = jest.fn(async () => undefined);
    Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
    act(() => {
      events.dispatchEvent(event);
    });
    return { event, prompt };
  };
  return { environment, events, offerInstall };
}

async function renderDownload(environment: InstallEnvironment) {
  const store = createInstallPromptStore(environment);
  const view = renderWithProviders(<AppDownload store={store} siteUrl={SITE} />, { route: '/download' });
  await settle();
  return view;
}

const installState = () => screen.getByTestId('download-install').getAttribute('data-state');

describe('installing the site as an app', () => {
  it('shows the browser-menu and iOS steps while the browser offers no install dialog', async () => {
    await renderDownload(fakeBrowser().environment);
    expect(installState()).toBe('manual');
    expect(screen.queryByTestId('download-install-button')).toBeNull();
    expect(screen.getByTestId('download-manual-steps').textContent).toContain('Open the browser menu (⋮)');
    expect(screen.getByText('On iPhone or iPad (Safari)')).toBeTruthy();
  });

  it('offers the install button once the browser allows it, and shows the app installed once accepted', async () => {
    const browser = fakeBrowser();
    await renderDownload(browser.environment);
    const { event, prompt } = browser.offerInstall('accepted');
    // Kept for the button rather than the browser's own bar.
    expect(event.defaultPrevented).toBe(true);
    expect(installState()).toBe('available');
    await act(async () => fireEvent.click(screen.getByTestId('download-install-button')));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(installState()).toBe('installed'));
    expect(screen.getByTestId('download-installed').textContent).toBe('The app is installed on this device.');
  });

  it('catches the browser’s offer made before the page was shown', async () => {
    const browser = fakeBrowser();
    const store = createInstallPromptStore(browser.environment);
    browser.offerInstall('accepted');
    renderWithProviders(<AppDownload store={store} siteUrl={SITE} />);
    await settle();
    expect(installState()).toBe('available');
  });

  it('falls back to the browser’s menu when the player dismisses the dialog (an offer prompts once)', async () => {
    const browser = fakeBrowser();
    await renderDownload(browser.environment);
    browser.offerInstall('dismissed');
    await act(async () => fireEvent.click(screen.getByTestId('download-install-button')));
    await waitFor(() => expect(installState()).toBe('manual'));
    expect(screen.getByTestId('download-dismissed')).toBeTruthy();
    expect(screen.queryByTestId('download-install-button')).toBeNull();
  });

  it('shows Add to Home Screen on iOS, and nothing to do when running as the installed app', async () => {
    const view = await renderDownload(fakeBrowser({ ios: true }).environment);
    expect(installState()).toBe('ios');
    expect(screen.getByTestId('download-ios-steps').textContent).toContain('Choose "Add to Home Screen"');
    view.unmount();

    await renderDownload(fakeBrowser({ standalone: true }).environment);
    expect(installState()).toBe('installed');
  });

  it('shows the app installed when the browser says it was installed from its own menu', async () => {
    const browser = fakeBrowser();
    await renderDownload(browser.environment);
    act(() => {
      browser.events.dispatchEvent(new Event('appinstalled'));
    });
    expect(installState()).toBe('installed');
  });
});

describe('the QR code and the app downloads', () => {
  it('draws a QR code of the site, and lists the operator’s Android and iOS downloads', async () => {
    setStatus(makeStatus({ resources: [resource('Android', 'https://cdn.example.test/app.apk'), resource('MOBILECONFIG', 'https://cdn.example.test/app.mobileconfig'), resource('WHATSAPP', 'https://wa.me/1')] }));
    await renderDownload(fakeBrowser().environment);
    const qr = screen.getByTestId('download-qr');
    expect(qr.getAttribute('data-value')).toBe(SITE);
    expect(qr.getAttribute('aria-label')).toBe(`QR code of ${SITE}`);
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    expect(screen.getByTestId('download-url').textContent).toBe(SITE);
    expect(screen.getByTestId('download-android').getAttribute('href')).toBe('https://cdn.example.test/app.apk');
    expect(screen.getByTestId('download-ios').getAttribute('href')).toBe('https://cdn.example.test/app.mobileconfig');
    expect(screen.getByTestId('download-android').getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('leaves the downloads out when the operator has none (or none that is a web address)', async () => {
    setStatus(makeStatus({ resources: [resource('Android', 'javascript:alert(1)')] }));
    await renderDownload(fakeBrowser().environment);
    expect(screen.queryByTestId('download-apps')).toBeNull();
  });
});

describe('the page', () => {
  it('is titled App Download and shows the QR code of the site this page is on', async () => {
    renderWithProviders(<DownloadPage />, { route: '/down' });
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('App Download');
    expect(screen.getByTestId('download-qr').getAttribute('data-value')).toBe(`${window.location.origin}/`);
  });
});
