// @web/test-runner in Chromium, Firefox (WebDriver BiDi through puppeteer-core) and WebKitGTK
// (test/browser/webkit-launcher.mjs). React ships CommonJS only, so each test
// file is bundled with esbuild when the browser requests it instead of being served module by module.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromeLauncher, puppeteerCore } from '@web/test-runner-chrome';
import { chromeArgs, findChrome } from './scripts/chrome.mjs';
import { findFirefox } from './scripts/engines.mjs';
import { imageCdnPlugin } from './test/browser/image-cdn-plugin.mjs';
import { webkitLauncher } from './test/browser/webkit-launcher.mjs';

const rootDir = fileURLToPath(new URL('.', import.meta.url));

/** Serves `*.ts`/`*.tsx` as one ESM bundle, with CSS as text like the build (tsup `loader`). */
const bundleOnRequest = {
  name: 'evc-bundle-on-request',
  async serve(context) {
    if (!/\.tsx?$/.test(context.path)) return undefined;
    const file = join(rootDir, context.path);
    const result = await build({
      entryPoints: [file],
      // Beside the source, so the inline source map's relative paths resolve to the real files.
      outfile: `${file}.js`,
      bundle: true,
      format: 'esm',
      jsx: 'automatic',
      target: 'es2022',
      loader: { '.css': 'text' },
      define: { 'process.env.NODE_ENV': '"development"' },
      sourcemap: 'inline',
      write: false,
      logLevel: 'silent',
    });
    return { body: result.outputFiles[0].text, type: 'js' };
  },
};

export default {
  rootDir,
  files: ['test/browser/**/*.test.{ts,tsx}'],
  nodeResolve: false,
  // One page at a time: focus and dialog tests need the page to be the active one.
  concurrency: 1,
  // A bound for never, not a measure: a loaded machine stretches every wait.
  testFramework: { config: { timeout: 60000 } },
  // puppeteer-core passed in makes the launcher name each browser (Chromium, Firefox) in the report.
  browsers: [
    chromeLauncher({
      puppeteer: puppeteerCore,
      launchOptions: { executablePath: findChrome(), headless: true, args: chromeArgs },
    }),
    chromeLauncher({
      puppeteer: puppeteerCore,
      launchOptions: { browser: 'firefox', executablePath: findFirefox(), headless: true },
      createPage: async ({ context }) => {
        const page = await context.newPage();
        const setViewport = page.setViewport.bind(page);
        // Firefox ESR 140 sets the viewport but lacks the screen-orientation command sent with it.
        page.setViewport = (viewport) => setViewport(viewport).catch((error) => {
          if (!/setScreenOrientationOverride/.test(error.message)) throw error;
        });
        return page;
      },
    }),
    webkitLauncher(),
  ],
  plugins: [imageCdnPlugin, bundleOnRequest],
};
