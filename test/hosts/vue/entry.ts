// A Vue 3 app as a bundler builds it: the package from npm (its `exports`), Vue from the app.
import { define } from 'ev-charger-configurator';
import { createApp } from 'vue';
import App from './App.vue';

define();
createApp(App).mount('#root');
