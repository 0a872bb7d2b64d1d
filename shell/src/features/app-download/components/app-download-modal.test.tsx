import { fireEvent, screen, within } from '@testing-library/react';
import { makeStatus, renderWithProviders, resource, setStatus } from '@platform/shared/testing';
import { AppDownloadModal } from './app-download-modal';

function qrCodes(): SVGElement[] {
  return [...screen.getByTestId('app-download-modal').querySelectorAll<SVGElement>('svg[data-testid="install-qr"]')];
}

/** The modal's content is its own chunk, loaded when the modal is first shown. */
async function renderModal(onClose: () => void) {
  renderWithProviders(<AppDownloadModal onClose={onClose} />);
  await screen.findByTestId('app-download-modal');
}

describe('AppDownloadModal', () => {
  it('shows four Android steps with a QR code of the Android link, then four iOS steps', async () => {
    setStatus(
      makeStatus({
        resources: [resource('Android', 'https://dl.example.test/app.apk'), resource('MOBILECONFIG', 'https://dl.example.test/app.mobileconfig')],
      }),
    );
    await renderModal(() => undefined);
    const android = screen.getByTestId('install-steps-android');
    expect(within(android).getAllByRole('listitem')).toHaveLength(4);
    expect(within(android).getByText('Open the browser menu (⋮)')).toBeTruthy();
    expect(within(android).getByText('Tap "Add to Home Screen"')).toBeTruthy();
    expect(within(android).getByText('Tap "Add" to finish')).toBeTruthy();
    const [androidQr] = qrCodes();
    expect(androidQr.getAttribute('height')).toBe('100');
    expect(androidQr.getAttribute('width')).toBe('100');

    fireEvent.click(screen.getByRole('tab', { name: 'iOS' }));
    const ios = screen.getByTestId('install-steps-ios');
    expect(within(ios).getAllByRole('listitem')).toHaveLength(4);
    expect(within(ios).getByText('Tap the Share button in Safari')).toBeTruthy();
    expect(within(ios).getByText('Choose "Add to Home Screen"')).toBeTruthy();
    expect(qrCodes()).toHaveLength(1);
    expect(within(ios).getByTitle('QR code for iOS')).toBeTruthy();
  });

  it('draws the QR code with no margin, so its modules fill the 100 px square', async () => {
    setStatus(makeStatus({ resources: [resource('Android', 'https://dl.example.test/app.apk')] }));
    await renderModal(() => undefined);
    const [qr] = qrCodes();
    const [, , width] = (qr.getAttribute('viewBox') ?? '').split(' ').map(Number);
    // A QR code is 17 + 4 × version modules wide; a margin would add to both sides.
    expect((width - 17) % 4).toBe(0);
  });

  it('says the link is not available instead of a QR code when the resource does not exist', async () => {
    setStatus(makeStatus({ resources: [resource('Android', 'https://dl.example.test/app.apk')] }));
    await renderModal(() => undefined);
    expect(qrCodes()).toHaveLength(1);
    fireEvent.click(screen.getByRole('tab', { name: 'iOS' }));
    expect(qrCodes()).toHaveLength(0);
    expect(within(screen.getByTestId('install-steps-ios')).getByText('The download link is not available yet')).toBeTruthy();
  });

  it('has no QR code for Android without the Android resource', async () => {
    setStatus(makeStatus({ resources: [resource('MOBILECONFIG', 'https://dl.example.test/app.mobileconfig')] }));
    await renderModal(() => undefined);
    expect(qrCodes()).toHaveLength(0);
    expect(screen.getByText('The download link is not available yet')).toBeTruthy();
  });

  it('closes from its close button', async () => {
    setStatus();
    const onClose = jest.fn();
    await renderModal(onClose);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
