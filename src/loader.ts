/**
 * `dist/ev-charger-configurator.js`, the classic script a page adds with one `<script src>`: it
 * imports the elements' ES module (`elements.js`, which defines them) from beside itself, and with
 * it the chunks that module imports from there. Loaded twice, it imports the same module once.
 */
const NAME = 'ev-charger-configurator.js';

/** This script: `document.currentScript` while a classic script first runs, else the tag that names it (a `type="module"` tag has no currentScript). */
function ownScript(): HTMLScriptElement | undefined {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.src) return current;
  return [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find((script) => new URL(script.src).pathname.endsWith(`/${NAME}`));
}

const script = ownScript();
if (script) {
  const url = new URL('elements.js', script.src).href;
  import(/* @vite-ignore */ url).catch((error: unknown) => {
    // The page's own error reporting hears of it as of any script that failed.
    reportError(new Error(`${NAME}: the elements could not be loaded from ${url} (${(error as Error | null)?.message || 'the network failed'}).`, { cause: error }));
  });
} else {
  reportError(new Error(`${NAME} must be added with a <script src="…/${NAME}">: it loads its other files from beside that URL.`));
}

// A module to TypeScript, so its test can import it; the build makes it a classic script.
export {};
