import { formatDateTime } from '@platform/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeStatus, renderWithProviders, serviceItem, setStatus } from '@platform/shared/testing';
import { IpRestrictionPage } from './ip-restriction-page';
import { MaintenancePage } from './maintenance-page';

describe('MaintenancePage', () => {
  it('shows the title, the end time, and contact and refresh buttons', async () => {
    const end = Date.UTC(2025, 5, 1, 14, 0, 0);
    setStatus(makeStatus({ status: { maintenance: true, maintenanceEnd: end }, customerService: [serviceItem('https://chat.example.test/')] }));
    renderWithProviders(<MaintenancePage />);
    expect(screen.getByTestId('maintenance-page')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'System Maintenance' })).toBeTruthy();
    expect(screen.getByTestId('maintenance-end').textContent).toBe(formatDateTime(end));

    const popup = { close: jest.fn(), location: { href: '' }, opener: null } as unknown as Window;
    jest.spyOn(window, 'open').mockReturnValue(popup);
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    // The popup is sent on once the decryption code has loaded.
    await waitFor(() => expect(popup.location.href).toBe('https://chat.example.test/'));
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('leaves the end time out when it is not known', () => {
    setStatus(makeStatus({ status: { maintenance: true, maintenanceEnd: null } }));
    renderWithProviders(<MaintenancePage />);
    expect(screen.queryByTestId('maintenance-end')).toBeNull();
    expect(screen.queryByText('Expected to end at')).toBeNull();
  });
});

describe('IpRestrictionPage', () => {
  it('shows the visitor’s IP and country, the restriction message and a contact button', () => {
    setStatus(makeStatus({ status: { regionRestriction: true, location: { ip: '198.51.100.23', country: 'Singapore' } } }));
    renderWithProviders(<IpRestrictionPage />);
    expect(screen.getByTestId('ip-restriction-page')).toBeTruthy();
    expect(screen.getByText('Due to restriction of your location or IP address, you are not allowed to access the site.')).toBeTruthy();
    expect(screen.getByTestId('visitor-ip').textContent).toBe('198.51.100.23');
    expect(screen.getByTestId('visitor-country').textContent).toBe('Singapore');
    expect(screen.getByRole('button', { name: 'Contact us' })).toBeTruthy();
  });

  it('says the country is unknown when the server could not tell', () => {
    setStatus(makeStatus({ status: { regionRestriction: true, location: { ip: '198.51.100.23', country: null } } }));
    renderWithProviders(<IpRestrictionPage />);
    expect(screen.getByTestId('visitor-country').textContent).toBe('Unknown');
  });

  it('closes the support popup when there is no usable service link', async () => {
    setStatus(makeStatus({ status: { regionRestriction: true }, customerService: [serviceItem(null)] }));
    const popup = { close: jest.fn(), location: { href: '' }, opener: null } as unknown as Window & { close: jest.Mock };
    jest.spyOn(window, 'open').mockReturnValue(popup);
    renderWithProviders(<IpRestrictionPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    // The popup is closed once the decryption code has found nothing usable.
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
  });
});
