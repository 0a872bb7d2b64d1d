import { act, renderHook } from '@testing-library/react';
import type { StubValue } from '../testing/stub-api';
import { setStatus } from '../testing/bus-state';
import { makeStatus, REGISTER_RULES } from '../testing/fixtures';
import { resetTestState } from '../testing/reset';
import { stubApi } from '../testing/stub-api';
import { settle } from '../testing/render';
import { sessionStore } from '../storage/web-storage';
import { useRegisterRules } from './use-register-rules';

const SERVER_RULES = { ...REGISTER_RULES, username: { ...REGISTER_RULES.username, minLength: 8 } };

beforeEach(async () => {
  await resetTestState();
  setStatus(makeStatus());
});

afterEach(() => jest.restoreAllMocks());

describe('useRegisterRules', () => {
  it("uses the status copy until the server's rules arrive, then those, kept for a form opened later", async () => {
    let answer: (value: StubValue<'registerSettings'>) => void = () => undefined;
    const { cached } = stubApi({ registerSettings: () => new Promise((resolve) => (answer = resolve)) });
    const first = renderHook(() => useRegisterRules());
    expect(first.result.current.username.minLength).toBe(6);

    await act(async () => answer(SERVER_RULES));

    expect(first.result.current.username.minLength).toBe(8);
    expect(sessionStore.get('validationSettings')).toEqual(SERVER_RULES);
    first.unmount();
    const later = renderHook(() => useRegisterRules());
    expect(later.result.current.username.minLength).toBe(8);
    expect(cached).toHaveBeenCalledTimes(1);
  });

  it('keeps the status copy when the rules cannot be had', async () => {
    const { cached } = stubApi({ registerSettings: new Error('offline') });
    const { result } = renderHook(() => useRegisterRules());
    await settle();
    expect(cached).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual(REGISTER_RULES);
  });
});
