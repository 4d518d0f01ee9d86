import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { applyTheme, readStoredTheme } from '@/features/auth';
import '@/styles/app.css';

// Apply the stored theme before the first paint so the page never flashes the default.
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no <div id="root">');
createRoot(container).render(<App />);
