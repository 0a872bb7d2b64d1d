import { getRememberedLogin } from '@platform/shared';
import { makeStatus, stubApi } from '@platform/shared/testing';
import { startUp } from './start-up';

// The federation runtime cannot load in Jest: the remote list is not what is tested here.
jest.mock('../remotes/remote-registry', () => ({ loadRemoteManifest: jest.fn(async () => []) }));

describe('start-up', () => {
  it('deletes a password an earlier version remembered in a script-readable cookie, keeping the remembered username', async () => {
    // What the site wrote before issue 7: the username, the flag, and pwd_<username> in clear.
    document.cookie = 'lastUser=alice; Path=/';
    document.cookie = 'remember=true; Path=/';
    document.cookie = 'pwd_alice=a-secret-pw; Path=/';
    stubApi({ systemStatus: makeStatus(), countries: [] });

    await startUp();

    expect(document.cookie).not.toContain('pwd_');
    expect(document.cookie).not.toContain('a-secret-pw');
    expect(getRememberedLogin()).toEqual({ username: 'alice' });
  });
});
