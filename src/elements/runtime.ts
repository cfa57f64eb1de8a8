import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';

/**
 * The React the classic script carries, handed to the files it loads on demand (the wizard) so they
 * render with the same React instead of shipping a second copy. It travels as a property of the
 * registered element class: the custom-element registry is the one global the element may use.
 */
export interface SharedRuntime {
  react: typeof React;
  reactDom: typeof ReactDOM;
  reactDomClient: typeof ReactDOMClient;
  jsxRuntime: typeof jsxRuntime;
}

export { RUNTIME_KEY } from './runtime-key';

export const sharedRuntime: SharedRuntime = { react: React, reactDom: ReactDOM, reactDomClient: ReactDOMClient, jsxRuntime };
