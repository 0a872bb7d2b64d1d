import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Tabs, type TabItem } from './tabs';

type Tab = 'username' | 'sms' | 'google';
const items: TabItem<Tab>[] = [
  { value: 'username', label: 'Username' },
  { value: 'sms', label: 'SMS' },
  { value: 'google', label: 'Google', disabled: true },
];

function Harness({ onChange }: { onChange?: (tab: Tab) => void }) {
  const [tab, setTab] = useState<Tab>('username');
  return (
    <Tabs
      items={items}
      value={tab}
      label="Login method"
      onChange={(next) => {
        onChange?.(next);
        setTab(next);
      }}
    >
      <p>Panel of {tab}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('marks the selected tab and labels its panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Login method' })).toBeTruthy();
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.textContent).toBe('Username');
    expect(screen.getByRole('tabpanel', { name: 'Username' }).textContent).toBe('Panel of username');
    expect(selected.getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
  });

  it('selects on click; clicking the selected tab changes nothing', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Username' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'SMS' }));
    expect(onChange).toHaveBeenCalledWith('sms');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel of sms');
  });

  it('moves with the arrow keys, skipping disabled tabs and wrapping around', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('SMS');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'SMS' }));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Username');
    fireEvent.keyDown(list, { key: 'End' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('SMS');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Username');
  });

  it('keeps only the selected tab in the tab order', () => {
    render(<Harness />);
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });
});
