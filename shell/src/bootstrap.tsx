import { yieldToBrowser } from './app/yield-to-browser';

// The page's code is fetched at once (every import below is "eager": in this chunk group, loaded
// in parallel), but evaluated in steps, each a task of its own with the browser free in between:
// React and react-dom; @platform/shared with its libraries (the API client, i18next, the router);
// the shell. Evaluated in one piece it was the longest task of a phone's start-up (total blocking
// time).
async function start(): Promise<void> {
  const [{ startTransition }, { createRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ]);
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ '@platform/shared');
  await yieldToBrowser();
  const [{ App }, , { registerServiceWorker }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/app'),
    import(/* webpackMode: "eager" */ './locales'),
    import(/* webpackMode: "eager" */ './pwa/register-service-worker'),
  ]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // As a transition, React renders the first screen in slices, yielding to the browser between them.
  startTransition(() => root.render(<App />));
  registerServiceWorker();
}

void start();
