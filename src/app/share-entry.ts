/**
 * Entry of `dist/share-link.js`: reading a share link's payload (domain/share-read.ts), which the
 * page's script imports only when the page was opened with one (share-link.ts checks and applies it).
 */
export { readSharePayload } from '../domain/share-read';
