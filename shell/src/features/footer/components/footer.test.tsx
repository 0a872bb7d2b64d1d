import type { GameLane, VendorCard } from '@platform/shared';
import { gameVendorsCall } from '@platform/contract';
import { fireEvent, screen, within, waitFor } from '@testing-library/react';
import { makeStatus, renderWithProviders, resource, settle, setStatus, stubApi } from '@platform/shared/testing';
import { Footer } from './footer';

function vendor(provider: string, colorIconUrl: string | null, extra: Partial<VendorCard> = {}): VendorCard {
  return {
    vassalage: provider,
    vendorName: provider,
    provider,
    isHot: false,
    gameCategory: 'RNG',
    gameClassify: null,
    iconUrl: null,
    colorIconUrl,
    accountTypeName: null,
    ...extra,
  };
}

const LANES: GameLane[] = [
  { gameCategory: 'RNG', vendors: [vendor('JL', '/icons/jl.png'), vendor('PG', '/icons/pg.png'), vendor('NOICON', null)] },
  { gameCategory: 'FISH', vendors: [vendor('JL', '/icons/jl-fish.png', { vassalage: 'JL_FISH', gameCategory: 'FISH' })] },
  { gameCategory: 'LIVE', vendors: [vendor('EVO', 'https://icons.example.test/evo.png', { gameCategory: 'LIVE' })] },
];

describe('Footer', () => {
  it('shows the operator’s about-us text, payment image, age texts and copyright', async () => {
    setStatus();
    stubApi({ gameVendors: { data: { lanes: [] } } });
    renderWithProviders(<Footer />);
    await settle();
    const footer = screen.getByTestId('footer');
    expect(within(footer).getByText('Lucky Star is a licensed entertainment site.')).toBeTruthy();
    expect(within(footer).getByRole('img', { name: 'Payment methods' }).getAttribute('src')).toBe('https://cdn.example.test/payments.png');
    expect(within(footer).getByText(/aged 21 and over/)).toBeTruthy();
    expect(within(footer).getByText(/at least 18 years old/)).toBeTruthy();
    expect(within(footer).getByText('© 2025 Lucky Star. All rights reserved.')).toBeTruthy();
  });

  it('shows one colour icon per provider, skipping vendors without one', async () => {
    setStatus();
    const { cached } = stubApi({ gameVendors: { data: { lanes: LANES } } });
    renderWithProviders(<Footer />);
    const strip = await screen.findByRole('list', { name: 'Game providers' });
    const icons = within(strip).getAllByRole('img');
    expect(icons.map((icon) => icon.getAttribute('alt'))).toEqual(['JL', 'PG', 'EVO']);
    expect(icons.map((icon) => icon.getAttribute('src'))).toEqual([
      'https://cdn.example.test/icons/jl.png',
      'https://cdn.example.test/icons/pg.png',
      'https://icons.example.test/evo.png',
    ]);
    expect(cached).toHaveBeenCalledWith(gameVendorsCall, { platform: 'html5-desktop' });
  });

  it('starts the affiliate link when the operator configured one', async () => {
    setStatus(makeStatus({ resources: [resource('AFFILIATELINK', 'https://agents.example.test/join')] }));
    stubApi({ gameVendors: { data: { lanes: [] } } });
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<Footer />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Start now' }));
    expect(open).toHaveBeenCalledWith('https://agents.example.test/join', '_blank', 'noopener,noreferrer');
  });

  it('without an affiliate link starts the customer-service flow instead', async () => {
    setStatus(makeStatus({ customerService: [] }));
    stubApi({ gameVendors: { data: { lanes: [] } } });
    const popup = { close: jest.fn(), location: { href: '' }, opener: {} } as unknown as Window;
    const open = jest.spyOn(window, 'open').mockReturnValue(popup);
    renderWithProviders(<Footer />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Start now' }));
    // The support popup opens at once, then closes: this site has no service entry to send it to.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
  });
});
