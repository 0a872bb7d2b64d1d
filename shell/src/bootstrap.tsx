import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './locales';
import { registerServiceWorker } from './pwa/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App />);
registerServiceWorker();
