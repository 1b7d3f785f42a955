import './app/zod-config';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { cspNonce, nonceScriptStyles } from './app/csp';
import { initI18n } from './app/i18n';
import { preloadCurrentRoute } from './app/router';
import './styles.css';

// Spec 01 §4.1 step 10: a mall token in the query string is kept in a cookie for that mall,
// then the page reloads without it.
const params = new URLSearchParams(window.location.search);
const mallId = params.get('mall_id');
const verifyAuthToken = params.get('verifyAuthToken');
if (window.location.pathname === '/' && mallId && verifyAuthToken) {
  document.cookie = `verifyAuthToken_${encodeURIComponent(mallId)}=${encodeURIComponent(verifyAuthToken)}; path=/; SameSite=Lax`;
  window.location.replace(window.location.origin + '/' + window.location.hash);
} else {
  nonceScriptStyles(cspNonce());
  preloadCurrentRoute();
  initI18n().then((language) => {
    createRoot(document.getElementById('root')!).render(<App initialLanguage={language} />);
  });
}
