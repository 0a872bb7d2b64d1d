import {
  bus,
  GUEST_ACCOUNT_TYPE,
  hasAuthLink,
  useBusState,
  useLocation,
  useNavigate,
  type AgentCenterPage,
  type LoginTab,
  type MemberCenterPage,
} from '@platform/shared';
import { useEffect, useState } from 'react';
import { RemoteSlot } from '../remotes/remote-slot';

type Overlay =
  | { kind: 'login'; tab: LoginTab }
  | { kind: 'memberCenter'; page: MemberCenterPage }
  | { kind: 'agentCenter'; page: AgentCenterPage }
  | null;

/**
 * The popups and overlays other apps ask for through the bus: the login popup (auth remote),
 * the member centre and the agent centre. Who may open what is decided here from the session;
 * the server refuses anyway.
 */
export function Overlays() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useBusState('session');
  const { status } = useBusState('settings');
  const [overlay, setOverlay] = useState<Overlay>(null);

  useEffect(() => {
    const subscriptions = [
      bus.on('openLogin').subscribe(({ tab }) => setOverlay({ kind: 'login', tab })),
      bus.on('openRegister').subscribe(() => {
        if (status?.info.site.registerPage) {
          setOverlay(null);
          navigate('/register');
        } else {
          setOverlay({ kind: 'login', tab: 'register' });
        }
      }),
      bus.on('openMemberCenter').subscribe(({ page }) => {
        const { token, isAgent } = bus.get('session');
        if (!token) return setOverlay({ kind: 'login', tab: 'login' });
        if (isAgent === GUEST_ACCOUNT_TYPE) return;
        setOverlay({ kind: 'memberCenter', page });
      }),
      bus.on('openAgentCenter').subscribe(({ page }) => {
        const { token, isAgent } = bus.get('session');
        if (!token) return setOverlay({ kind: 'login', tab: 'login' });
        // An agent gets its centre; a real player gets it too, where the remote shows the affiliate
        // application (the "Become an agent" link). A guest account gets neither.
        if (isAgent === GUEST_ACCOUNT_TYPE) return;
        setOverlay({ kind: 'agentCenter', page });
      }),
      bus.on('closeOverlay').subscribe(() => setOverlay(null)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [navigate, status]);

  // A link that lands here to finish an auth step (the e-mailed reset link) opens the auth popup,
  // which completes it and takes the link out of the address.
  useEffect(() => {
    if (hasAuthLink(location.search)) setOverlay({ kind: 'login', tab: 'login' });
  }, [location.search]);

  // A session that ends closes what only a session may see.
  useEffect(() => {
    if (!session.token) setOverlay((current) => (current?.kind === 'login' ? current : null));
  }, [session.token]);

  const close = () => setOverlay(null);
  if (!overlay) return null;
  switch (overlay.kind) {
    case 'login':
      return <RemoteSlot remote="mfe_auth" module="./LoginModal" props={{ tab: overlay.tab, onClose: close }} compact />;
    case 'memberCenter':
      return <RemoteSlot remote="mfe_member_center" module="./MemberCenter" props={{ page: overlay.page, onClose: close }} compact />;
    case 'agentCenter':
      return <RemoteSlot remote="mfe_agent_center" module="./AgentCenter" props={{ page: overlay.page, onClose: close }} compact />;
  }
}
