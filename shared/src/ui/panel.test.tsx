import { render, screen } from '@testing-library/react';
import { Panel } from './panel';
import { Spinner } from './spinner';

describe('Panel', () => {
  it('is a region named by its title, with actions beside it', () => {
    render(
      <Panel title="Recent games" actions={<button type="button">More</button>}>
        <p>List</p>
      </Panel>,
    );
    const region = screen.getByRole('region', { name: 'Recent games' });
    expect(region.textContent).toContain('List');
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
  });
});

describe('Spinner', () => {
  it('announces a custom label', () => {
    render(<Spinner label="Loading games" size="lg" />);
    expect(screen.getByRole('status').textContent).toBe('Loading games');
  });
});
