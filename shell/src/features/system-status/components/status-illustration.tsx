/** A simple line drawing above the status pages' titles, in the theme's colours. */
export function StatusIllustration({ kind }: { kind: 'maintenance' | 'restricted' }) {
  return (
    <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="60" cy="60" r="52" strokeOpacity="0.25" />
      {kind === 'maintenance' ? (
        <path d="M74 30a18 18 0 0 0-22 22L32 72a7 7 0 0 0 10 10l20-20a18 18 0 0 0 22-22l-11 11-9-3-3-9 11-11Z" />
      ) : (
        <>
          <path d="M60 28c-12 0-22 9.5-22 22 0 16 22 40 22 40s22-24 22-40c0-12.5-10-22-22-22Z" />
          <path d="M50 42l20 20M70 42 50 62" />
        </>
      )}
    </svg>
  );
}
