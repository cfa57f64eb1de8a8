/**
 * Entry of the classic script `dist/ev-charger-configurator.js`: defines every element on load.
 * Loading the script twice is harmless (define() skips names already registered).
 */
import { define } from './define';
import { captureViewerSrc } from './viewer-src';

// Before anything async: document.currentScript is this script only while it first runs.
captureViewerSrc(typeof document === 'undefined' ? undefined : document.currentScript);
define();
