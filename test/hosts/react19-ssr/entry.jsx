// The browser half: hydrate the server's HTML, and define the elements only once hydration is done,
// as a late or deferred script would.
import { hydrateRoot } from 'react-dom/client';
import { App } from '../react19/app.jsx';

const defineLate = () => {
  window.hostFixture.hydratedBeforeDefinition = !customElements.get('ev-charger-configurator');
  void import('ev-charger-configurator').then(({ define }) => define());
};

hydrateRoot(document.getElementById('root'), <App viaRef onMounted={defineLate} />);
