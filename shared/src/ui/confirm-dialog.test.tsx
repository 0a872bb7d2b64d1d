import { fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n-instance';
import { ConfirmDialog } from './confirm-dialog';

beforeAll(() => i18n.changeLanguage('EN'));

describe('ConfirmDialog', () => {
  it('asks, then confirms or cancels', () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open title="Sign out" message="Are you sure?" danger onConfirm={onConfirm} onCancel={onCancel} />);

    expect(screen.getByRole('dialog', { name: 'Sign out' }).textContent).toContain('Are you sure?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm.className).toContain('danger');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('as a notice has one button, and dismissing it confirms', () => {
    const onConfirm = jest.fn();
    render(<ConfirmDialog open hideCancel message="Saved" confirmLabel="OK" onConfirm={onConfirm} />);
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('blocks a second confirm, and dismissal, while busy', () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open busy message="Signing out" onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: /Confirm/ }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
  });
});
