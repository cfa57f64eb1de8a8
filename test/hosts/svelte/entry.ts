// A Svelte 5 app as a bundler builds it: the package from npm (its `exports`), Svelte from the app.
import { define } from 'ev-charger-configurator';
import { mount } from 'svelte';
import App from './App.svelte';

define();
mount(App, { target: document.getElementById('root')! });
