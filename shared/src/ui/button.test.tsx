import { fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n-instance';
import { Button } from './button';
import { IconButton } from './icon-button';

beforeAll(() => i18n.changeLanguage('EN'));

describe('Button', () => {
  it('is a plain button of the chosen variant and size', () => {
    const onClick = jest.fn();
    render(
      <Button variant="danger" size="lg" onClick={onClick}>
        Sign out
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sign out' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('danger');
    expect(button.className).toContain('lg');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('defaults to primary, medium', () => {
    render(<Button>Deposit</Button>);
    expect(screen.getByRole('button').className).toMatch(/primary.*md/);
  });

  it('ignores clicks and says it is busy while loading', () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('submits forms when asked to', () => {
    const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Log in</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onSubmit).toHaveBeenCalled();
  });
});

describe('IconButton', () => {
  it('is named by its label, not its icon', () => {
    const onClick = jest.fn();
    render(<IconButton label="Refresh balance" icon="↻" onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    expect(onClick).toHaveBeenCalled();
  });
});
