import { act, fireEvent, screen } from '@testing-library/react';
import { sessionStore } from '@platform/shared';
import { currentLocation, renderWithProviders, resetTestState, settle } from '@platform/shared/testing';
import FrameContent from './frame-content';
import { setFrameUrl } from './frame-url';

beforeEach(async () => {
  await resetTestState();
});

describe('the /game frame', () => {
  it('shows the game kept in session storage (a reload keeps it), and a new launch while on the page', async () => {
    sessionStore.set('iframeUrl', '/jl/play/JLS001?session=a&lang=EN');
    renderWithProviders(<FrameContent />, { route: '/game' });
    await settle();
    expect(screen.getByTestId('game-frame').getAttribute('src')).toBe('/jl/play/JLS001?session=a&lang=EN');
    act(() => setFrameUrl('/jl/play/JLS002?session=b&lang=EN'));
    expect(screen.getByTestId('game-frame').getAttribute('src')).toBe('/jl/play/JLS002?session=b&lang=EN');
  });

  it('never frames a script address; without a game, a way back to the lobby', async () => {
    sessionStore.set('iframeUrl', 'javascript:alert(1)');
    renderWithProviders(<FrameContent />, { route: '/game' });
    await settle();
    expect(screen.queryByTestId('game-frame')).toBeNull();
    fireEvent.click(screen.getByTestId('frame-back'));
    expect(currentLocation()).toBe('/');
  });
});
