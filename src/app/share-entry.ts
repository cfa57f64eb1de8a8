/**
 * Entry of `dist/share-link.js`: reading a share link's configuration (domain/share.ts) and restoring
 * it into the element it names, which the page's script imports by URL only when the page was opened
 * with one (share-link.ts).
 */
export { forgetSharedLink, restoreSharedLink } from './share-restore';
