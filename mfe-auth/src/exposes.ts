// The modules this remote exposes (apps.json), checked against the interface the shell places
// them by (@platform/remote-types): a component whose props or `ready` drift from it, or an exposed
// module missing or extra, fails the type-check. Types only: nothing here is bundled.
import type { CheckedExposes } from '@platform/remote-types';
import type * as LoginModal from './features/auth-flow/components/login-modal';
import type * as LoginPage from './features/auth-flow/components/login-page';
import type * as RegisterPage from './features/register/components/register-page';

export type Exposes = CheckedExposes<
  'mfe_auth',
  {
    './LoginModal': typeof LoginModal;
    './LoginPage': typeof LoginPage;
    './RegisterPage': typeof RegisterPage;
  }
>;
