/**
 * Entry of `dist/elements.js`, the ES module the classic script imports: defines every element on
 * load. Loading it twice is harmless (define() skips names already registered).
 */
import { sharePayloadIn } from '../domain/share';
import { define } from './define';
import { loadShareReader } from '../app/share-link';
import { setBuiltFilesUrl } from '../services/module-import';

// The files loaded on demand sit beside this one: a retry after a failed load fetches them by URL.
setBuiltFilesUrl(import.meta.url);

// Opened with a share link: its reader (share-link.js) starts loading now, while the elements render.
if (typeof location !== 'undefined' && sharePayloadIn(location.hash) !== undefined) void loadShareReader();
define();
