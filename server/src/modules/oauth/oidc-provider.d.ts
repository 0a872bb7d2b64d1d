// The part of oidc-provider (a test-only dependency, shipped without types) that oauth.test.ts
// uses to run a real OpenID Connect provider.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface ProviderConfiguration {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    findAccount?: (context: unknown, id: string) => Promise<Account | undefined>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean }>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
