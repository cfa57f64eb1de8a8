/**
 * Entry of `dist/share-link.js`: a share link the page was opened with, read and applied to the
 * element it names (which the page's script imports when it sees one), and a link made, and copied,
 * when the buyer asks to share.
 */
// Every file of the page's graph imports the elements' modules (no side effect: define() runs in
// browser.ts), so esbuild puts the code they share with the page in one chunk: a page loads that
// one file, not several, each compressed on its own.
// eslint-disable-next-line no-restricted-imports -- a build entry, not a layer: the import shapes the chunks only
import '../elements/define';
export { applySharedLink, forgetSharedLink } from './share-apply';
export { shareUrl } from '../domain/share-write';
export { copyText } from '../services/clipboard';
