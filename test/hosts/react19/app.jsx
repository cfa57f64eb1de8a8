// The React 19 host app, shared by the client-rendered and the server-rendered fixtures: the element
// in JSX with string attributes from state, a catalogue object and a function as properties, and
// its events through `onevc-…` props (or all three through a ref).
import { useCallback } from 'react';
import { DEMO_ATTRIBUTES, EVENTS, HostShell, sendRequest } from '../react-host.jsx';

/** The element as React 19 takes it: objects, functions and listeners as JSX props. */
function Configurator({ mode, catalog, record }) {
  return (
    <ev-charger-configurator
      mode={mode}
      {...DEMO_ATTRIBUTES}
      catalog={catalog}
      mailSender={sendRequest}
      onevc-change={record}
      onevc-step={record}
      onevc-checkout={record}
      onevc-request-sent={record}
      onevc-error={record}
    />
  );
}

/**
 * The element with the catalogue, the sender and the listeners set in a ref callback: hydration sets
 * no property and adds no listener on a custom element. React calls the ref again only when the
 * callback changes, so there is a new one only when the catalogue does.
 */
function ConfiguratorViaRef({ mode, catalog, record }) {
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
  return <ev-charger-configurator ref={attach} mode={mode} {...DEMO_ATTRIBUTES} />;
}

/** `viaRef`: the ref-callback recipe a server-rendered app needs. */
export function App({ viaRef = false, onMounted }) {
  const Element = viaRef ? ConfiguratorViaRef : Configurator;
  return <HostShell onMounted={onMounted} renderElement={(props) => <Element key="element" {...props} />} />;
}
