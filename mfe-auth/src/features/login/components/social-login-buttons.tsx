import { AUTH_LINK_PARAMS, Button, useLocation, useT } from '@platform/shared';
import { leaveSite } from '../../../lib/leave-site';
import { NAMESPACE } from '../../../locales';
import { startAddress, type OAuthProvider } from '../api/oauth-api';
import { useOAuthProviders } from '../hooks/use-oauth-providers';
import styles from './social-login-buttons.module.css';

/** The page to come back to after the provider: where the player is, without old auth links. */
function returnPath(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  for (const name of Object.values(AUTH_LINK_PARAMS)) query.delete(name);
  const rest = query.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}

/** Google and Facebook login buttons, only for the providers the site configured. */
export function SocialLoginButtons() {
  const { t } = useT(NAMESPACE);
  const location = useLocation();
  const providers = useOAuthProviders();
  if (providers.length === 0) return null;

  const start = (provider: OAuthProvider) => {
    leaveSite(startAddress(provider, returnPath(location.pathname, location.search)));
  };

  return (
    <div className={styles.social} data-testid="social-login">
      <p className={styles.divider}>{t('social_divider')}</p>
      {providers.map((provider) => (
        <Button key={provider.provider} variant="secondary" block data-testid={`oauth-${provider.provider}`} onClick={() => start(provider)}>
          <span className={styles.mark} aria-hidden="true">
            {provider.label.charAt(0)}
          </span>
          {t('login_with', { provider: provider.label })}
        </Button>
      ))}
    </div>
  );
}
