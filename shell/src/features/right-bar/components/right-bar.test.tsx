import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@platform/shared/testing';
import { RightBar, SCROLL_TOP_THRESHOLD_PX } from './right-bar';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('RightBar', () => {
  afterEach(() => scrollTo(0));

  it('shows the scroll-to-top button once the page has scrolled, and scrolls to the top', () => {
    const scroll = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderWithProviders(<RightBar />);
    expect(screen.getByTestId('right-bar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();

    scrollTo(SCROLL_TOP_THRESHOLD_PX + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

    scrollTo(10);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
  });
});
