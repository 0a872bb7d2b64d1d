// The modules this remote exposes (apps.json), checked against the interface the shell places
// them by (@platform/remote-types): a component whose props or `ready` drift from it, or an exposed
// module missing or extra, fails the type-check. Types only: nothing here is bundled.
import type { CheckedExposes } from '@platform/remote-types';
import type * as MemberCenter from './features/member-center/member-center';

export type Exposes = CheckedExposes<
  'mfe_member_center',
  {
    './MemberCenter': typeof MemberCenter;
  }
>;
