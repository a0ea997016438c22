import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';
import { startErrorReporting } from './telemetry';

// Before the first render is not needed: errors thrown later are caught by the SDK's global handlers.
void startErrorReporting();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
