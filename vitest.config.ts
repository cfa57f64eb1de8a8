import { defineConfig, type Plugin } from 'vitest/config';

/**
 * Loads `import css from './x.css'` as the file's text, as tsup's `loader: { '.css': 'text' }` does,
 * so components adopt the same stylesheet string under test as in the build.
 */
function cssAsText(): Plugin {
  return {
    name: 'evc-css-as-text',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('.css') || !importer) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      // Vite's own `?raw` loader returns the text and keeps its CSS pipeline out of the way.
      return resolved ? `${resolved.id}?raw` : null;
    },
  };
}

/** Test files that replace modules with vi.mock: a module graph shared with other files would keep the stand-ins. */
const MOCKING_FILES = ['src/elements/viewer-events.test.ts', 'src/ui/page-renders.test.tsx', 'src/app/wizard-entry.test.ts'];

export default defineConfig({
  plugins: [cssAsText()],
  test: {
    // Bounds for never, not measures: a loaded machine (the other stages of npm test beside these)
    // stretches a test that takes a second here many times over.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest empties every CSS import it is not told to process; the `?raw` ones must keep their text.
    css: { include: [/\.css\?raw$/] },
    projects: [
      // Files share one environment and module graph per worker, set up once rather than per file;
      // those that replace modules with vi.mock need their own, and keep it (project 'dom-isolated').
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          include: ['src/domain/**/*.test.{ts,tsx}', 'src/server/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          isolate: false,
          include: [
            'src/{ui,app,elements,stores,services,viewer}/**/*.test.{ts,tsx}',
            'src/*.test.{ts,tsx}',
            'test/unit/**/*.test.{ts,tsx}',
          ],
          exclude: MOCKING_FILES,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-isolated',
          environment: 'happy-dom',
          include: MOCKING_FILES,
        },
      },
    ],
  },
});
