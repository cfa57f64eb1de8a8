// Serves files under one directory, never outside it, with the content types the examples need,
// compressed as a CDN would serve them (brotli or gzip by Accept-Encoding), so page-load figures
// measured on the demo (npm run bench) are those of a real deployment.
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { textResponse } from './http.mjs';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.liquid': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
};

export function contentTypeOf(path) {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The absolute file for a URL-encoded relative path, or null when it would leave `root`. */
export function resolveInside(root, encodedPath) {
  let relative;
  try {
    relative = decodeURIComponent(encodedPath);
  } catch {
    return null;
  }
  if (relative.includes('\0')) return null;
  const file = resolve(root, `.${sep}${relative}`);
  return file.startsWith(`${root}${sep}`) ? file : null;
}

const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml|model\/gltf\+json)/;

/** The encoding to answer with: brotli, else gzip, when the client takes it; else none. */
export function pickEncoding(acceptEncoding) {
  const offered = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name.trim().toLowerCase());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return null;
}

const compressors = {
  br: (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => gzipSync(bytes, { level: 9 }),
};

/** A route handler serving `root`; the route's `path` param is the file's path below it. */
export function serveDirectory(root) {
  const absoluteRoot = resolve(root);
  // Compressed bodies by file, encoding and modification time: a rebuilt file is compressed anew.
  const compressed = new Map();
  return async (request, { path = '' }) => {
    const file = resolveInside(absoluteRoot, path);
    const info = file && (await stat(file).catch(() => null));
    if (!file || !info?.isFile()) return textResponse(404, 'Not found');
    const type = contentTypeOf(file);
    const headers = { 'Content-Type': type, 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' };
    const encoding = COMPRESSIBLE.test(type) ? pickEncoding(request?.headers?.get('accept-encoding')) : null;
    if (!encoding) return new Response(await readFile(file), { headers });
    const key = `${file}\0${encoding}\0${info.mtimeMs}\0${info.size}`;
    let body = compressed.get(key);
    if (!body) {
      body = compressors[encoding](await readFile(file));
      for (const old of compressed.keys()) if (old.startsWith(`${file}\0${encoding}\0`)) compressed.delete(old);
      compressed.set(key, body);
    }
    return new Response(body, { headers: { ...headers, 'Content-Encoding': encoding } });
  };
}
