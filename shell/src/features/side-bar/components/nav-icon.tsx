import type { NavIconName } from '../side-bar-entries';

/** 24×24 outline paths drawn in the current text colour. */
const PATHS: Record<NavIconName, string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  hot: 'M12 21c-4 0-7-2.8-7-6.6 0-3.4 2.3-5.3 3.6-7.6.3 1.7 1.2 2.8 2.3 3.4C11 6.6 12.6 4.2 15 3c-.4 2.8.8 4.6 2.2 6.3 1.1 1.4 1.8 2.9 1.8 5.1 0 3.8-3 6.6-7 6.6Z',
  lottery: 'M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4V7Zm10 0v10',
  live: 'M3 6h18v12H3zM10 9.5v5l4.5-2.5L10 9.5Z',
  sports: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4.5 3.6 2.6-1.4 4.2H9.8L8.4 10.1 12 7.5ZM12 3v4.5M3.5 9.5l4.9.6M20.5 9.5l-4.9.6M7 19.5l2.8-5.2M17 19.5l-2.8-5.2',
  fish: 'M3 12c2.5-4 6-6 9.5-6 3.5 0 6 2.5 7.5 6-1.5 3.5-4 6-7.5 6C9 18 5.5 16 3 12Zm0 0-1-3m1 3-1 3M16 10.5v.01',
  slots: 'M4 5h14v14H4zM18 9h2v6M8 9v6M14 9v6M4 12h14',
  pvp: 'M5 4h10l4 4v12H5zM9 10h.01M12 13h.01M15 16h.01',
  esports: 'M6 8h12a3 3 0 0 1 3 3v2a3 3 0 0 1-5.2 2l-.8-1h-6l-.8 1A3 3 0 0 1 3 13v-2a3 3 0 0 1 3-3Zm2 2v4m-2-2h4m6-1h.01m2 2h.01',
  cockfight: 'M9 20v-3m6 3v-3M6 11c0-3.3 2.7-6 6-6 1 0 2 .3 2.8.8L17 4v3l2 1-2 1c0 4.4-2.2 8-5 8s-6-2.7-6-6Zm8-3h.01',
  inhouse: 'M12 3 3 8v2h18V8l-9-5ZM5 10v8m4-8v8m6-8v8m4-8v8M3 21h18',
  promotions: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7C9 7 7.5 5.5 8.5 4c1.2-1.6 3.5.5 3.5 3Zm0 0c3 0 4.5-1.5 3.5-3-1.2-1.6-3.5.5-3.5 3Z',
  support: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v5H4zM17 13h3v5h-3zM20 18a4 4 0 0 1-4 3h-3',
  messages: 'M4 5h16v11H9l-5 4V5Zm4 5h8M8 8h5',
  announcements: 'M4 10v4h3l6 4V6L7 10H4Zm13-1.5a4 4 0 0 1 0 7',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-2.5 6.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5M12 17h.01',
  download: 'M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14',
  language: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.5 3.8 5.5 3.8 9S14.5 18.5 12 21c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3Z',
};

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
