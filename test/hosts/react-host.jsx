// What the React host apps share, React 19's and React 18's alike: the state the protocol of
// test/e2e/host-checks.mjs drives (`window.hostFixture`), and the element, drawn by the app's
// `renderElement({ mode, catalog, record })`, beside a keyed sibling the host can swap it with.
// Built with the React of the fixture that imports it (test/hosts/build.mjs).
import { useCallback, useEffect, useState, version } from 'react';
import { FIRST_NAME, catalogueNaming } from './catalogue.mjs';

const FIRST_CATALOGUE = catalogueNaming(FIRST_NAME);
export const EVENTS = ['evc-change', 'evc-step', 'evc-checkout', 'evc-request-sent', 'evc-error'];

/** The host's own sender of specification requests (the element's `mailSender`). */
export async function sendRequest() {
  return { requestId: 'host-request-1' };
}

/** The attributes every host gives the element: the demo's stand-ins, and nothing saved between pages. */
export const DEMO_ATTRIBUTES = {
  persist: 'none',
  'image-cdn': '/cdn',
  'storefront-endpoint': '/api/2026-04/graphql.json',
  'storefront-token': 'demo-storefront-token',
};

/** `onMounted` runs once the app has mounted or hydrated. */
export function HostShell({ renderElement, onMounted }) {
  const [mode, setMode] = useState('order');
  const [catalog, setCatalog] = useState(FIRST_CATALOGUE);
  const [renders, setRenders] = useState(0);
  const [shown, setShown] = useState(true);
  const [swapped, setSwapped] = useState(false);
  const [events] = useState(() => []);

  useEffect(() => {
    window.hostFixture = {
      events,
      setMode,
      setCatalog,
      rerender: () => setRenders((count) => count + 1),
      toggle: () => setShown((value) => !value),
      swap: () => setSwapped((value) => !value),
      // Which React built the page, so a test can tell React 18's fixture really runs React 18.
      react: version,
    };
    onMounted?.();
  }, [events, onMounted]);

  const record = useCallback((event) => events.push({ type: event.type, detail: event.detail }), [events]);
  const element = shown ? renderElement({ mode, catalog, record }) : null;
  const sibling = (
    <p key="sibling" id="host-sibling">
      Rendered by React {renders + 1} time(s) since the first.
    </p>
  );
  return (
    <main id="host" data-host-renders={renders}>
      {swapped ? [sibling, element] : [element, sibling]}
    </main>
  );
}
