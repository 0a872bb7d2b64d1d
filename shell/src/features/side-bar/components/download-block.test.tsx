import { screen, within } from '@testing-library/react';
import { makeStatus, renderWithProviders, resource, settle, setStatus } from '@platform/shared/testing';
import { DownloadBlock } from './download-block';

// Its own file: React keeps a lazy component once loaded, so the first render here is the first
// time the QR code is drawn in this module registry.
describe('DownloadBlock', () => {
  it("draws the codes with the QR code fetched on first use, keeping each code's box meanwhile", async () => {
    setStatus(makeStatus({ resources: [resource('Android', 'https://dl.example.test/app.apk')] }));
    renderWithProviders(<DownloadBlock collapsed={false} />, { route: '/' });
    // qrcode.react is not in the shell's first chunk: until it arrives, empty squares of the sizes.
    const block = screen.getByTestId('side-bar-download');
    expect([...block.querySelectorAll('li [data-size]')].map((box) => box.getAttribute('data-size'))).toEqual(['100', '125']);
    expect(within(block).queryByTitle('QR code for Android')).toBeNull();
    expect(await within(block).findByTitle('QR code for Android')).toBeTruthy();
    await settle();
  });
});
