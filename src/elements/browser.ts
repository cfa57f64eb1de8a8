/**
 * Entry of the classic script `dist/ev-charger-configurator.js`: defines every element on load.
 * Loading the script twice is harmless (define() skips names already registered).
 */
import { sharePayloadIn } from '../domain/share';
import { define } from './define';
import { loadShareReader } from '../app/share-link';
import { captureViewerSrc } from './viewer-src';

// Before anything async: document.currentScript is this script only while it first runs.
captureViewerSrc(typeof document === 'undefined' ? undefined : document.currentScript);
// Opened with a share link: its reader (share-link.js) starts loading now, while the elements render.
if (typeof location !== 'undefined' && sharePayloadIn(location.hash) !== undefined) void loadShareReader();
define();
