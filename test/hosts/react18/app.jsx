// The React 18 host app: React 18 sets every prop of a custom element as an attribute and listens to
// no custom event, so the catalogue object, the sender and the listeners go through a ref. It
// follows the protocol of test/e2e/host-checks.mjs.
import { useEffect, useRef, useState } from 'react';
import { FIRST_NAME, catalogueNaming } from '../catalogue.mjs';

const EVENTS = ['evc-change', 'evc-step', 'evc-checkout', 'evc-request-sent', 'evc-error'];

async function sendRequest() {
  return { requestId: 'host-request-1' };
}

/** The element with its properties and listeners set through a ref, as React 18 needs. */
function Configurator({ mode, catalog, onEvent }) {
  const ref = useRef(null);
  useEffect(() => {
    ref.current.catalog = catalog;
  }, [catalog]);
  useEffect(() => {
    ref.current.mailSender = sendRequest;
  }, []);
  useEffect(() => {
    const element = ref.current;
    for (const name of EVENTS) element.addEventListener(name, onEvent);
    return () => {
      for (const name of EVENTS) element.removeEventListener(name, onEvent);
    };
  }, [onEvent]);
  return (
    <ev-charger-configurator
      ref={ref}
      mode={mode}
      persist="none"
      image-cdn="/cdn"
      storefront-endpoint="/api/2026-04/graphql.json"
      storefront-token="demo-storefront-token"
    />
  );
}

export function App() {
  const [mode, setMode] = useState('order');
  const [catalog, setCatalog] = useState(() => catalogueNaming(FIRST_NAME));
  const [renders, setRenders] = useState(0);
  const [shown, setShown] = useState(true);
  const [swapped, setSwapped] = useState(false);
  const [events] = useState(() => []);
  const [onEvent] = useState(() => (event) => events.push({ type: event.type, detail: event.detail }));

  useEffect(() => {
    window.hostFixture = {
      events,
      setMode,
      setCatalog,
      rerender: () => setRenders((count) => count + 1),
      toggle: () => setShown((value) => !value),
      swap: () => setSwapped((value) => !value),
    };
  }, [events]);

  const element = shown ? <Configurator key="element" mode={mode} catalog={catalog} onEvent={onEvent} /> : null;
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
