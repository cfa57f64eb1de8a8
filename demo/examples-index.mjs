// GET /: a page linking every example in dist-examples/ (its HTML pages and Liquid sections; the
// files they load, such as a page's own stylesheet, are served but not listed), each with the
// sentence the file gives about itself (an HTML page's meta description, a Liquid section's leading
// comment).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from './http.mjs';

/** What the index lists: pages and theme sections, not the assets they load. */
const EXAMPLE_FILE = /\.(html|liquid)$/;

/** The sentence an example file gives about itself, or '' when it gives none. */
export function describeExample(source) {
  const meta = /<meta\s+name="description"\s+content="([^"]*)"/i.exec(source);
  const liquid = /^\s*\{%-?\s*comment\s*-?%\}([\s\S]*?)\{%-?\s*endcomment\s*-?%\}/.exec(source);
  return (meta?.[1] ?? liquid?.[1] ?? '').trim().replace(/\s+/g, ' ');
}

/** A route handler for the examples index; `examplesDir` and `distDir` are absolute. */
export function examplesIndex({ examplesDir, distDir }) {
  return async () => {
    const files = (await readdir(examplesDir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && EXAMPLE_FILE.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    const items = await Promise.all(
      files.map(async (name) => {
        const sentence = describeExample(await readFile(join(examplesDir, name), 'utf8'));
        const href = `/dist-examples/${encodeURIComponent(name)}`;
        return `<li><a href="${href}">${escapeHtml(name)}</a>${sentence ? ` — ${sentence}` : ''}</li>`;
      }),
    );
    const missingBuild = existsSync(join(distDir, 'ev-charger-configurator.js'))
      ? ''
      : '<p role="alert"><strong>The element is not built yet:</strong> run <code>npm run build</code> (or <code>npm start</code>).</p>';
    return new Response(
      `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>EV charger configurator: examples</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}li{margin:.5rem 0}</style>
</head>
<body>
<h1>EV charger configurator: examples</h1>
<p>Each page embeds the built element the way a real site would, with one classic script tag.</p>
${missingBuild}
<ul>
${items.join('\n')}
</ul>
</body>
</html>
`,
      { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
    );
  };
}
