// The security headers of every answer: helmet's, the Content-Security-Policy built from the
// remote registry's allowed origins and the configured CDNs, and HSTS over TLS.
export {
  headersBeforeRouting,
  PAGE_HEADERS_PATH,
  PAGE_POLICY_HEADER,
  registerSecurityHeaders,
  type SecurityHeadersOptions,
} from './security-headers';
