// The React 19 host app, shared by the client-rendered and the server-rendered fixtures: the element
// in JSX with string attributes from state, a catalogue object and a function as properties, and
// its events through `onevc-…` props (or all three through a ref). It follows the protocol of
// test/e2e/host-checks.mjs.
import { useCallback, useEffect, useState } from 'react';
import { FIRST_NAME, catalogueNaming } from '../catalogue.mjs';

const FIRST_CATALOGUE = catalogueNaming(FIRST_NAME);
const EVENTS = ['evc-change', 'evc-step', 'evc-checkout', 'evc-request-sent', 'evc-error'];

/** The host's own sender of specification requests (the element's `mailSender`). */
async function sendRequest() {
  return { requestId: 'host-request-1' };
}

/**
 * `viaRef`: the catalogue, the sender and the listeners go on the element through a ref callback
 * instead of JSX props, as a server-rendered app needs. `onMounted` runs once the app has mounted
 * or hydrated.
 */
export function App({ viaRef = false, onMounted }) {
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
    };
    onMounted?.();
  }, [events, onMounted]);

  const record = useCallback((event) => events.push({ type: event.type, detail: event.detail }), [events]);
  // Hydration sets no property and adds no listener on a custom element: a ref callback does both.
  // A new callback only when the catalogue changes, as React calls a ref again only then.
  const attach = useCallback(
    (element) => {
      element.catalog = catalog;
      element.mailSender = sendRequest;
      for (const name of EVENTS) element.addEventListener(name, record);
      return () => {
        for (const name of EVENTS) element.removeEventListener(name, record);
      };
    },
    [catalog, record],
  );
  const objects = viaRef
    ? { ref: attach }
    : {
        catalog,
        mailSender: sendRequest,
        'onevc-change': record,
        'onevc-step': record,
        'onevc-checkout': record,
        'onevc-request-sent': record,
        'onevc-error': record,
      };

  const element = shown ? (
    <ev-charger-configurator
      key="element"
      mode={mode}
      persist="none"
      image-cdn="/cdn"
      storefront-endpoint="/api/2026-04/graphql.json"
      storefront-token="demo-storefront-token"
      {...objects}
    />
  ) : null;
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
