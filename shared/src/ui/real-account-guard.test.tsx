import { act, fireEvent, render, screen } from '@testing-library/react';
import type { BusCommand } from '../bus/bus-types';
import { createEventBus, type EventBus } from '../bus/event-bus';
import { i18n } from '../i18n/i18n-instance';
import { sessionStore } from '../storage/web-storage';
import type { MemberInfo } from '../types/wire';
import { requireRealAccount, useRequireRealAccount } from './real-account-guard';

let bus: EventBus;
let commands: BusCommand[];
beforeAll(() => i18n.changeLanguage('EN'));
beforeEach(() => {
  sessionStorage.clear();
  bus = createEventBus();
  commands = [];
  bus.on('openLogin').subscribe((command) => commands.push(command));
});

const member = { id: 1 } as MemberInfo;

describe('requireRealAccount', () => {
  it('without a session opens the login popup and blocks the action', () => {
    expect(requireRealAccount(bus)).toBe(false);
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets a real account through', () => {
    bus.set('session', { token: 'tok', member, isAgent: 0 });
    expect(requireRealAccount(bus)).toBe(true);
    bus.set('session', { token: 'tok', member, isAgent: 1 });
    expect(requireRealAccount(bus)).toBe(true);
    expect(commands).toEqual([]);
  });

  it("tells a guest account 'Please Register An Account First' and blocks the action", async () => {
    bus.set('session', { token: 'tok', member, isAgent: 4 });
    let allowed = true;
    act(() => {
      allowed = requireRealAccount(bus);
    });
    expect(allowed).toBe(false);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Please Register An Account First');

    // Asking again while it is open shows no second dialog.
    act(() => {
      requireRealAccount(bus);
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads the session from storage before the bus knows it', async () => {
    sessionStore.set('token', 'tok');
    sessionStore.set('isAgent', 4);
    act(() => {
      expect(requireRealAccount(bus)).toBe(false);
    });
    expect(screen.getByRole('dialog').textContent).toContain('Please Register An Account First');
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('useRequireRealAccount', () => {
  it('guards a component action', () => {
    const favourite = jest.fn();
    function FavouriteButton() {
      const requireReal = useRequireRealAccount(bus);
      return (
        <button type="button" onClick={() => requireReal() && favourite()}>
          Favourite
        </button>
      );
    }
    render(<FavouriteButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Favourite' }));
    expect(favourite).not.toHaveBeenCalled();
    expect(commands).toHaveLength(1);

    bus.set('session', { token: 'tok', member, isAgent: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Favourite' }));
    expect(favourite).toHaveBeenCalledTimes(1);
  });
});
