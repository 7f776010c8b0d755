// First: zod goes jitless before any schema is built, whatever order the bundle's chunks load in.
import '@rpm/shared/zod-csp';
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadOnlyUsedIcons } from './icons/icon-files';

loadOnlyUsedIcons();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
