/**
 * Entry of `dist/share-link.js`: reading a share link's configuration (domain/share.ts), which the
 * page's script imports by URL only when the page was opened with one (share-link.ts).
 */
export { decodeSharedConfiguration } from '../domain/share';
