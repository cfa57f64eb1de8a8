/**
 * Entry of `dist/share-link.js`: reading a share link (domain/share-read.ts), which the page's script
 * imports when the page was opened with one, and making one, when the buyer asks to share.
 */
// Every file of the page's graph imports the elements' modules (no side effect: define() runs in
// browser.ts), so esbuild puts the code they share with the page in one chunk: a page loads that
// one file, not several, each compressed on its own.
// eslint-disable-next-line no-restricted-imports -- a build entry, not a layer: the import shapes the chunks only
import '../elements/define';
export { readSharePayload, sharedConfiguration } from '../domain/share-read';
export { shareUrl, withoutSharePayload } from '../domain/share-write';
