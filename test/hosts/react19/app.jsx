// The React 19 host app, shared by the client-rendered and the server-rendered fixtures: the element
// in JSX with string attributes from state, a catalogue object and a function as properties, and
// its events through `onevc-…` props. It follows the protocol of test/e2e/host-checks.mjs.
import { useCallback, useEffect, useState } from 'react';
import { FIRST_NAME, catalogueNaming } from '../catalogue.mjs';

const FIRST_CATALOGUE = catalogueNaming(FIRST_NAME);

/** The host's own sender of specification requests (the element's `mailSender`). */
async function sendRequest() {
  return { requestId: 'host-request-1' };
}

/**
 * `objectsByRef`: the catalogue and the sender are set on the element through a ref callback
 * instead of JSX props (what a server-rendered page needs: hydration sets no properties).
 * `onMounted` runs once the app has mounted or hydrated.
 */
export function App({ objectsByRef = false, onMounted }) {
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
  // A new callback only when the catalogue changes: React calls a ref again only then.
  const setObjects = useCallback(
    (element) => {
      if (!element) return;
      element.catalog = catalog;
      element.mailSender = sendRequest;
    },
    [catalog],
  );
  const objects = objectsByRef ? { ref: setObjects } : { catalog, mailSender: sendRequest };

  const element = shown ? (
    <ev-charger-configurator
      key="element"
      mode={mode}
      persist="none"
      image-cdn="/cdn"
      storefront-endpoint="/api/2026-04/graphql.json"
      storefront-token="demo-storefront-token"
      {...objects}
      onevc-change={record}
      onevc-step={record}
      onevc-checkout={record}
      onevc-request-sent={record}
      onevc-error={record}
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
