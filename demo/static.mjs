// Serves files under one directory, never outside it, with the content types the examples need.
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
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

/** A route handler serving `root`; the route's `path` param is the file's path below it. */
export function serveDirectory(root) {
  const absoluteRoot = resolve(root);
  return async (_request, { path = '' }) => {
    const file = resolveInside(absoluteRoot, path);
    const info = file && (await stat(file).catch(() => null));
    if (!file || !info?.isFile()) return textResponse(404, 'Not found');
    return new Response(await readFile(file), {
      headers: { 'Content-Type': contentTypeOf(file), 'Cache-Control': 'no-store' },
    });
  };
}
