import type { EvcErrorDetail } from './services/error-codes';

/**
 * `dist/ev-charger-configurator.js`, the classic script a page adds with one `<script src>`: it
 * imports the elements' ES module (`elements.js`, which defines them) from beside itself, and with
 * it the chunks that module imports from there. Loaded twice, it imports the same module once.
 */
const NAME = 'ev-charger-configurator.js';

/** What the buyer reads in an element that will not come: no detail they could act on. */
const NOT_LOADED = 'The configurator could not be loaded. Please reload the page.';

/** This script's URL: `document.currentScript` while a classic script first runs, else the tag that names it (a `type="module"` tag has no currentScript). */
const src = (document.currentScript as HTMLScriptElement | null)?.src || [...document.scripts].find((script) => script.src.replace(/[?#].*/, '').endsWith(`/${NAME}`))?.src;

if (src) {
  const url = new URL('elements.js', src);
  import(/* @vite-ignore */ url.href).catch((error: unknown) => {
    // A module from another origin (a CDN, or any file seen from a sandboxed frame) arrives only with CORS.
    const cors = url.origin !== location.origin ? '; from another origin than the page, it needs CORS: its server must send Access-Control-Allow-Origin' : '';
    const message = `${NAME}: the elements could not be loaded from ${url.href} (${(error as Error | null)?.message || 'the network failed'})${cors}.`;
    // The page's own error reporting hears of it as of any script that failed.
    reportError(new Error(message, { cause: error }));
    // Elements already on the page say so too, in words for the buyer, and to the page as every failure.
    for (const host of document.querySelectorAll('ev-charger-configurator, ev-charger-contact')) {
      if (!host.textContent?.trim()) host.append(NOT_LOADED);
      host.dispatchEvent(new CustomEvent('evc-error', { bubbles: true, composed: true, detail: { code: 'elements-load-failed', message } satisfies EvcErrorDetail }));
    }
  });
} else {
  reportError(new Error(`${NAME} must be added with a <script src="…/${NAME}">: it loads its other files from beside that URL.`));
}

// A module to TypeScript, so its test can import it; the build makes it a classic script.
export {};
