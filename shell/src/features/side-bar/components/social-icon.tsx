/** Brand-neutral marks for the social and customer-service channels, in the current colour. */
export type SocialKind = 'FACEBOOK' | 'INSTAGRAM' | 'TELEGRAM' | 'WHATSAPP' | 'LIVECHAT' | 'VIP';

const PATHS: Record<SocialKind, string> = {
  FACEBOOK: 'M14 8h2.5V4.5H14c-2.5 0-4 1.7-4 4.2V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V9c0-.6.4-1 1-1Z',
  INSTAGRAM: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm4 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.2-2.2a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  TELEGRAM: 'M21 4 2.8 11.1c-1 .4-1 1.1-.2 1.4l4.6 1.4 1.8 5.4c.2.6.4.8.9.8.4 0 .6-.2.9-.5l2.2-2.1 4.6 3.4c.8.5 1.4.2 1.6-.8L22.2 5.3c.3-1.2-.4-1.8-1.2-1.3ZM8 13.5l9.6-6.1-7.4 7-.3 3.2L8 13.5Z',
  WHATSAPP: 'M12 3a9 9 0 0 0-7.8 13.4L3 21l4.7-1.2A9 9 0 1 0 12 3Zm4.6 12.3c-.2.6-1.1 1.1-1.6 1.2-.4 0-.9.2-3-.7-2.5-1-4.1-3.6-4.2-3.8-.1-.2-1-1.4-1-2.6s.6-1.9.9-2.1c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 1.9c.1.1.1.3 0 .5l-.3.5-.4.4c-.1.2-.3.3-.1.6.2.3.8 1.2 1.6 2 1.1 1 2 1.3 2.3 1.4.3.2.4.1.6-.1l.8-1c.2-.3.4-.2.6-.1l1.8.9c.3.1.4.2.5.3.1.2.1.6-.1 1.5Z',
  LIVECHAT: 'M4 4h16v12H9l-5 4V4Zm4 6h.01M12 10h.01M16 10h.01',
  VIP: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5L3 8Z',
};

/** Filled marks (the others are outlines). */
const FILLED: ReadonlySet<SocialKind> = new Set<SocialKind>(['FACEBOOK', 'INSTAGRAM', 'TELEGRAM', 'WHATSAPP']);

export function SocialIcon({ kind, size = 20 }: { kind: SocialKind; size?: number }) {
  const filled = FILLED.has(kind);
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      fillRule="evenodd"
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth="1.7"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}
