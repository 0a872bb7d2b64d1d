import { fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n-instance';
import { Pagination } from './pagination';
import { paginationItems } from './pagination-range';

beforeAll(() => i18n.changeLanguage('EN'));

describe('paginationItems', () => {
  it.each([
    [1, 10, [1, 2, 3, 'ellipsis', 10]],
    [5, 10, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]],
    [10, 10, [1, 'ellipsis', 8, 9, 10]],
    [4, 10, [1, 2, 3, 4, 5, 'ellipsis', 10]],
    [7, 10, [1, 'ellipsis', 6, 7, 8, 9, 10]],
    [2, 5, [1, 2, 3, 4, 5]],
    [1, 1, [1]],
    [1, 0, []],
  ])('page %i of %i shows %j', (page, total, expected) => {
    expect(paginationItems(page, total)).toEqual(expected);
  });

  it('honours other ranges and margins', () => {
    expect(paginationItems(10, 20, 5, 2)).toEqual([1, 2, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 19, 20]);
  });
});

describe('Pagination', () => {
  it('does nothing on previous at page 1, or next at the last page', () => {
    const onChange = jest.fn();
    const { rerender } = render(<Pagination page={1} totalPages={3} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);

    onChange.mockClear();
    rerender(<Pagination page={3} totalPages={3} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('shows the page range with ellipses and marks the current page', () => {
    const onChange = jest.fn();
    render(<Pagination page={5} totalPages={10} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.textContent).toContain('…');
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent);
    expect(pages).toEqual(['1', '4', '5', '6', '10']);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Page 5 of 10')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onChange).toHaveBeenCalledWith(10);
  });

  it('renders nothing without pages', () => {
    const { container } = render(<Pagination page={1} totalPages={0} onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
