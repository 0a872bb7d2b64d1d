import { changeChoices, compareVersions, parseCanaryShare, releaseBefore, rollBackPlan, type RemoteReleases } from './release-plans';

const runs = (version: string) => ({ version, compatible: true, problems: '' });
const cannot = (version: string) => ({ version, compatible: false, problems: '@platform/shared ^6.0.0 (the shell has 5.6.0)' });

/** As the server lists a remote: releases newest first, releases before pre-releases. */
function remote(serving: string | null, more: Partial<RemoteReleases> = {}): RemoteReleases {
  return {
    name: 'mfe_lobby',
    pinned: null,
    serving,
    canary: null,
    releases: [cannot('2.0.0'), runs('1.10.0'), runs('1.9.3'), runs('1.2.0'), runs('1.3.0-rc.2'), runs('1.3.0-rc.10'), runs('1.10.1-e2e.5')],
    ...more,
  };
}

describe('compareVersions', () => {
  it('orders by semantic version: numbers as numbers, a release after its pre-releases', () => {
    const sorted = ['1.9.3', '1.10.0', '1.3.0-rc.10', '1.3.0', '1.3.0-rc.2', '1.3.0-beta', '0.9.0', '10.0.0'].sort(compareVersions);
    expect(sorted).toEqual(['0.9.0', '1.3.0-beta', '1.3.0-rc.2', '1.3.0-rc.10', '1.3.0', '1.9.3', '1.10.0', '10.0.0']);
    expect(compareVersions('1.0.1-bo-e2e.1', '1.0.1-e2e.1')).toBeLessThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
  });
});

describe('the release before', () => {
  it('is the newest release the shell can run that is older than the one served, by version order', () => {
    expect(releaseBefore(remote('1.10.0'))).toBe('1.9.3');
    expect(releaseBefore(remote('1.9.3'))).toBe('1.3.0-rc.10');
    // A pinned pre-release rolls back to the release before it, not to an older pre-release of its own.
    expect(releaseBefore(remote('1.10.1-e2e.5', { pinned: '1.10.1-e2e.5' }))).toBe('1.10.0');
    expect(releaseBefore(remote('1.3.0-rc.10'))).toBe('1.3.0-rc.2');
  });

  it('is none for the oldest release, nothing served, or a release the server does not list as runnable', () => {
    expect(releaseBefore(remote('1.2.0'))).toBeUndefined();
    expect(releaseBefore(remote(null))).toBeUndefined();
    expect(releaseBefore(remote('2.0.0'))).toBeUndefined();
    expect(releaseBefore(remote('1.5.0'))).toBeUndefined();
  });
});

describe('a roll-back', () => {
  it('ends a running canary: every device back on the release served to the others', () => {
    expect(rollBackPlan(remote('1.9.3', { pinned: '1.9.3', canary: { version: '1.10.0', percent: 25 } }))).toEqual({
      kind: 'endCanary',
      canary: { version: '1.10.0', percent: 25 },
      to: '1.9.3',
    });
  });

  it('without a canary serves the release before, from → to; none when there is none', () => {
    expect(rollBackPlan(remote('1.10.0', { pinned: '1.10.0' }))).toEqual({ kind: 'previous', from: '1.10.0', to: '1.9.3' });
    expect(rollBackPlan(remote('1.2.0'))).toBeUndefined();
  });
});

describe('the releases a change may serve', () => {
  it('are those the shell can run but the one every device outside a canary gets already', () => {
    expect(changeChoices(remote('1.10.0', { pinned: '1.10.0' }))).toEqual(['1.9.3', '1.2.0', '1.3.0-rc.2', '1.3.0-rc.10', '1.10.1-e2e.5']);
    expect(changeChoices(remote('1.9.3'))).toEqual(['1.10.0', '1.2.0', '1.3.0-rc.2', '1.3.0-rc.10', '1.10.1-e2e.5']);
    // The canary's release stays offered: rolled out, it is promoted to every device.
    expect(changeChoices(remote('1.9.3', { canary: { version: '1.10.0', percent: 5 } }))).toContain('1.10.0');
    expect(changeChoices(remote('1.9.3', { releases: [runs('1.9.3'), cannot('2.0.0')] }))).toEqual([]);
  });
});

describe('a canary share', () => {
  it('is a whole number of per cent from 1 to 100', () => {
    expect(parseCanaryShare('1')).toBe(1);
    expect(parseCanaryShare(' 25 ')).toBe(25);
    expect(parseCanaryShare('25%')).toBe(25);
    expect(parseCanaryShare('100')).toBe(100);
  });

  it('is nothing else: 0 (a canary is ended by rolling back), over 100, fractions, words, empty', () => {
    for (const text of ['0', '101', '12.5', '-5', 'half', '', '1e2', '0x10']) expect(parseCanaryShare(text)).toBeUndefined();
  });
});
