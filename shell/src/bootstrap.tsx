import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './locales';
import { registerServiceWorker } from './pwa/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// As a transition, React renders the first screen in slices, yielding to the browser between them.
startTransition(() => root.render(<App />));
registerServiceWorker();
