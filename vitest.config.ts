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

export default defineConfig({
  plugins: [cssAsText()],
  test: {
    // Vitest empties every CSS import it is not told to process; the `?raw` ones must keep their text.
    css: { include: [/\.css\?raw$/] },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/domain/**/*.test.{ts,tsx}', 'src/server/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: [
            'src/{ui,app,elements,stores,services,viewer}/**/*.test.{ts,tsx}',
            'src/*.test.{ts,tsx}',
            'test/unit/**/*.test.{ts,tsx}',
          ],
        },
      },
    ],
  },
});
