import type { SessionState } from '@platform/shared';
import { makeMember } from '@platform/shared/testing';
import { MEMBER_CENTRE } from '../member-center/page-registry';

const { visiblePages } = MEMBER_CENTRE;

// The member centre's menu shows Transfer to Upline only to an agent with an upline; every
// other page of the registry is everyone's.

const session = (isAgent: number, toUpline: '0' | '1' | null): SessionState => ({
  token: 't',
  isAgent,
  member: toUpline === null ? null : makeMember({ type: isAgent, isAgent, toUpline }),
});

test('Transfer to Upline is in the menu of an agent with an upline only', () => {
  for (const isAgent of [1, 2, 41, 42]) {
    expect({ isAgent, shown: visiblePages(session(isAgent, '1')).includes('transferUpline') }).toEqual({ isAgent, shown: true });
    expect({ isAgent, shown: visiblePages(session(isAgent, '0')).includes('transferUpline') }).toEqual({ isAgent, shown: false });
  }
  for (const isAgent of [0, 4]) expect(visiblePages(session(isAgent, '1'))).not.toContain('transferUpline');
  // The member not loaded yet: not shown until it is.
  expect(visiblePages(session(1, null))).not.toContain('transferUpline');
  // Everyone else's pages stay, in menu order.
  expect(visiblePages(session(0, '0'))).toEqual(visiblePages(session(1, '1')).filter((page) => page !== 'transferUpline'));
  expect(visiblePages(session(0, '0'))).toContain('personalProfit');
});
