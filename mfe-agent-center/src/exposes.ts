// The modules this remote exposes (apps.json), checked against the interface the shell places
// them by (@platform/remote-types): a component whose props or `ready` drift from it, or an exposed
// module missing or extra, fails the type-check. Types only: nothing here is bundled.
import type { CheckedExposes } from '@platform/remote-types';
import type * as AgentCenter from './features/agent-center/agent-center';

export type Exposes = CheckedExposes<
  'mfe_agent_center',
  {
    './AgentCenter': typeof AgentCenter;
  }
>;
