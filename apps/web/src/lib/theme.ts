import { useSyncExternalStore } from 'react';

export type BodyTheme = 'light' | 'dark';

function readBodyTheme(): BodyTheme {
  return document.body.getAttribute('arco-theme') === 'dark' ? 'dark' : 'light';
}

function subscribeBodyTheme(onChange: () => void): () => void {
  // The app's theme switch sets Arco's attribute on <body>; watching it keeps lib free of app state.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ['arco-theme'] });
  return () => observer.disconnect();
}

/** The theme on screen, live: re-renders the caller when the user toggles it. */
export function useBodyTheme(): BodyTheme {
  return useSyncExternalStore(subscribeBodyTheme, readBodyTheme, () => 'light');
}
