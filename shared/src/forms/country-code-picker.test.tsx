import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { i18n } from '../i18n/i18n-instance';
import { COUNTRIES } from '../testing/fixtures';
import { CountryCodePicker } from './country-code-picker';

beforeAll(() => i18n.changeLanguage('EN'));

function Picker({ initial = '+880' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CountryCodePicker countries={COUNTRIES} value={value} onChange={setValue} />
      <output data-testid="chosen">{value}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

describe('CountryCodePicker', () => {
  it('shows the chosen country with its flag, opens on focus and lists every country with flags', () => {
    render(<Picker />);
    const picker = screen.getByRole('combobox', { name: 'Country code' });
    expect(picker.textContent).toContain('🇧🇩');
    expect(picker.textContent).toContain('+880');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.focus(picker);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['🇧🇩Bangladesh+880', '🇮🇳India+91', '🇻🇳Vietnam+84']);
    expect(picker.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes 200 ms after losing focus, leaving time for a click on an option', () => {
    jest.useFakeTimers();
    render(<Picker />);
    const picker = screen.getByRole('combobox', { name: 'Country code' });
    fireEvent.focus(picker);
    fireEvent.blur(picker);
    act(() => jest.advanceTimersByTime(199));
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: /Vietnam/ }));
    expect(screen.getByTestId('chosen').textContent).toBe('+84');
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.focus(picker);
    fireEvent.blur(picker);
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('can be used with the keyboard', () => {
    render(<Picker />);
    const picker = screen.getByRole('combobox', { name: 'Country code' });
    fireEvent.focus(picker);
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).toBe('+91');
  });
});
