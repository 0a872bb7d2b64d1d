import { act, render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n-instance';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it("says 'No data' in the page's language by default", async () => {
    await i18n.changeLanguage('EN');
    const { rerender } = render(<EmptyState />);
    expect(screen.getByText('No data')).toBeTruthy();
    await act(() => i18n.changeLanguage('TH'));
    rerender(<EmptyState />);
    expect(screen.getByText('ไม่มีข้อมูล')).toBeTruthy();
  });

  it('shows a title, description and action', () => {
    render(<EmptyState title="No favourites yet" description="Tap the star on a game" action={<button type="button">Browse</button>} />);
    expect(screen.getByText('No favourites yet')).toBeTruthy();
    expect(screen.getByText('Tap the star on a game')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Browse' })).toBeTruthy();
  });
});
