// A React 19 app as a bundler builds it: the package from npm (its `exports`), React from the app.
import { define } from 'ev-charger-configurator';
import { createRoot } from 'react-dom/client';
import { App } from './app.jsx';

define();
createRoot(document.getElementById('root')).render(<App />);
