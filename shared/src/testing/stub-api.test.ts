// The stub is held to the wire contract: an answer the server could not send fails the call and
// the test, naming the call and where the answer is wrong.
import { api } from '../api/client';
import { countriesCall, memberInfoCall } from '@platform/contract';
import { makeMember } from './fixtures';
import { assertStubMatchesContract, DEFAULT_ANSWERS, stubApi, takeContractMismatches, type StubAnswers } from './stub-api';

afterEach(() => jest.restoreAllMocks());

describe('stubApi', () => {
  it('hands out an answer that matches its row', async () => {
    const member = makeMember({ account: 'player07' });
    stubApi({ memberInfo: member });
    await expect(api.call(memberInfoCall)).resolves.toEqual(member);
    expect(takeContractMismatches()).toEqual([]);
  });

  it('fails a call whose stubbed answer has a field of the wrong type, naming the call and the path', async () => {
    // An untyped fixture, as a test that drifted from the server would hold: the id as a string.
    const drifted = { ...makeMember(), id: '1' } as unknown as StubAnswers['memberInfo'];
    stubApi({ memberInfo: drifted });
    await expect(api.call(memberInfoCall)).rejects.toThrow(/memberInfo[\s\S]*\/id must be integer/);
    // Even when the component swallows the rejection, the test fails after it ends (taken here).
    const [mismatch, ...more] = takeContractMismatches();
    expect(more).toEqual([]);
    expect(mismatch.message).toContain('stubbed answer of memberInfo');
    expect(mismatch.message).toContain('/id must be integer');
  });

  it('checks what an answer function returns, for the cached calls too', async () => {
    stubApi({ countries: () => [{ countryCode: 'BD', name: 'Bangladesh' }] as never });
    await expect(api.cached(countriesCall)).rejects.toThrow(/countries[\s\S]*\/0 must have required property 'countryDialingCode'/);
    expect(takeContractMismatches()).toHaveLength(1);
  });

  it('passes an Error answer through as the failure, unchecked', async () => {
    const offline = new Error('offline');
    stubApi({ memberInfo: offline, countries: () => offline });
    await expect(api.call(memberInfoCall)).rejects.toBe(offline);
    await expect(api.cached(countriesCall)).rejects.toBe(offline);
    expect(takeContractMismatches()).toEqual([]);
  });

  it('keeps its default answers to the contract', () => {
    for (const [name, answer] of Object.entries(DEFAULT_ANSWERS)) {
      expect(() => assertStubMatchesContract(name, typeof answer === 'function' ? answer(undefined) : answer)).not.toThrow();
    }
    expect(Object.keys(DEFAULT_ANSWERS).sort()).toEqual(['countries', 'registerSettings']);
  });
});
