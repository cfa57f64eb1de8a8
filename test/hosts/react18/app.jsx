// The React 18 host app: React 18 sets every prop of a custom element as an attribute and listens to
// no custom event, so the catalogue object, the sender and the listeners go through a ref.
import { useEffect, useRef } from 'react';
import { DEMO_ATTRIBUTES, EVENTS, HostShell, sendRequest } from '../react-host.jsx';

/** The element with its properties and listeners set through a ref, as React 18 needs. */
function Configurator({ mode, catalog, record }) {
  const ref = useRef(null);
  useEffect(() => {
    ref.current.catalog = catalog;
  }, [catalog]);
  useEffect(() => {
    ref.current.mailSender = sendRequest;
  }, []);
  useEffect(() => {
    const element = ref.current;
    for (const name of EVENTS) element.addEventListener(name, record);
    return () => {
      for (const name of EVENTS) element.removeEventListener(name, record);
    };
  }, [record]);
  return <ev-charger-configurator ref={ref} mode={mode} {...DEMO_ATTRIBUTES} />;
}

export function App() {
  return <HostShell renderElement={(props) => <Configurator key="element" {...props} />} />;
}
