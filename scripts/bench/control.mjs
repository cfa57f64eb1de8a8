// The bench's control page: the example page with the element's script tag taken out, served alone
// on a loopback port. Its blocking time, and Lighthouse's TBT on it, are what the page and the
// machine score with no element, the floor under the figures with the element (a slowdown
// multiplies the host page's own parsing and layout as much as ours).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** `html` without its `<script src=…{scriptName}…>` tag; throws when the page has no such tag. */
export function withoutScript(html, scriptName) {
  const tag = new RegExp(`\\s*<script\\b[^>]*\\bsrc="[^"]*${scriptName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>\\s*</script>`, 'g');
  const stripped = html.replace(tag, '');
  if (stripped === html) throw new Error(`the page has no <script> tag for ${scriptName}`);
  return stripped;
}

/** Serves `file` without its `scriptName` tag at `/` on 127.0.0.1; resolves with its URL and a close function. */
export async function startControlPage(file, scriptName) {
  const body = withoutScript(readFileSync(file, 'utf8'), scriptName);
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(request.url === '/' ? body : 'Not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}
