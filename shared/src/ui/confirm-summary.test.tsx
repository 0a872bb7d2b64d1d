import { render, screen } from '@testing-library/react';
import { ConfirmDialog } from './confirm-dialog';
import { ConfirmSummary } from './confirm-summary';

describe('ConfirmSummary', () => {
  it('lists each label with its value, in order, inside a confirmation', () => {
    render(
      <ConfirmDialog
        open
        title="Confirm the transfer"
        onConfirm={() => undefined}
        onCancel={() => undefined}
        message={
          <ConfirmSummary
            rows={[
              { label: 'To', value: 'player01' },
              { label: 'Amount', value: '$12.50', testId: 'summary-amount' },
            ]}
          />
        }
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm the transfer' });
    expect(dialog.textContent).toContain('To' + 'player01');
    expect(screen.getByTestId('summary-amount').textContent).toBe('$12.50');
    // Valid inside the dialog's paragraph: no block element.
    expect(dialog.querySelector('p div')).toBeNull();
  });
});
