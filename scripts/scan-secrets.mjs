// No secret-looking strings in dist/: scans every file under the given folders (default
// dist/) for provider keys, access tokens, private keys, JWTs and long random values assigned to
// names like token/secret/key/password. Exits 1 when it finds one; prints file, line and a masked
// excerpt, never the whole value. `node --test test/e2e/secrets.test.mjs` runs it after the build.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Known formats. Each names the provider, so a finding says what leaked and which key to revoke.
 * The bounds follow the providers' documented token shapes.
 */
const PATTERNS = [
  // Mailgun: the older `key-` plus 32 hex, and the newer private key shape (32 hex, then two 8-hex groups).
  { name: 'Mailgun API key', pattern: /\bkey-[0-9a-f]{32}\b/g },
  { name: 'Mailgun API key', pattern: /\b[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}\b/g },
  // GoCardless access tokens: `live_` or `sandbox_` then a long random tail.
  { name: 'GoCardless access token', pattern: /\b(?:live|sandbox)_[A-Za-z0-9_-]{30,}/g, random: true },
  // Shopify Admin/app/custom-app tokens and secrets (never the public Storefront token).
  { name: 'Shopify access token or secret', pattern: /\bshp(?:at|ss|ca|pa)_[A-Fa-f0-9]{32}\b/g },
  { name: 'Stripe-like secret key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { name: 'AWS access key id', pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g },
  { name: 'private key', pattern: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----/g },
  { name: 'GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g },
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  // Credentials written into an Authorization header value.
  { name: 'HTTP Basic/Bearer credentials', pattern: /\b(?:Basic|Bearer)\s+[A-Za-z0-9+/_.~=-]{20,}/g, random: true },
  // A JSON Web Token: base64url header and payload (both JSON objects, so "eyJ"), then a signature.
  { name: 'JWT', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
];

/**
 * A quoted value of 16+ characters assigned (`=`, `:`) to a name that says it is secret, in JS,
 * JSON or minified code: `apiKey:"…"`, `"client_secret": "…"`, `password = '…'`.
 */
const ASSIGNED = /([A-Za-z0-9_$.-]*(?:token|secret|passw(?:or)?d|pwd|api[_-]?key|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?)[A-Za-z0-9_$-]*)["']?\s*[:=]\s*(["'`])([^"'`\s\\]{16,})\2/gi;

/**
 * What a finding may be: each entry is a value (exact) that looks like a secret but is not,
 * with why. Keep this list short; a new entry needs a reason a reviewer can check.
 */
export const ALLOWED = [
  {
    // The demo's public Storefront token (a public Storefront access token is sent with
    // shop calls): public by design, and only the demo stand-in accepts it.
    value: 'demo-storefront-token',
    why: 'the public Storefront access token of the demo pages',
  },
];

/** Bits of information per character, by the frequency of each character in the value. */
export function entropy(value) {
  const counts = new Map();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * Random-looking: at least 3.5 bits a character, letters and digits mixed, and not a word-ish
 * identifier (a constant name, a CSS class list, a URL or path, a dotted property chain).
 */
export function looksRandom(value) {
  if (entropy(value) < 3.5) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((pattern) => pattern.test(value)).length;
  if (classes < 2 || !/[0-9]/.test(value)) return false;
  if (/^[A-Z0-9_]+$/.test(value) && /_/.test(value)) return false; // CONSTANT_NAMES_2
  if (/[/.:]/.test(value) && /^(?:https?:|\/|\.{1,2}\/|[\w-]+(?:\.[\w-]+)+\/)/.test(value)) return false; // URLs and paths
  return true;
}

const isAllowed = (value) => ALLOWED.some((entry) => entry.value === value);

/** Shows the start and length only: a report must not spread the secret further. */
const mask = (value) => `${value.slice(0, Math.min(6, Math.floor(value.length / 3)))}… (${value.length} characters)`;

const lineOf = (text, index) => {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
};

/** The secret-looking strings in one text: `{ kind, line, excerpt, value }` each. */
export function scanText(text) {
  const findings = [];
  const seen = new Set();
  const add = (kind, value, index) => {
    if (isAllowed(value) || seen.has(`${index}:${value}`)) return;
    seen.add(`${index}:${value}`);
    findings.push({ kind, line: lineOf(text, index), excerpt: mask(value), value });
  };
  for (const { name, pattern, random } of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      if (random && !looksRandom(match[0].replace(/^(?:live_|sandbox_|Basic\s+|Bearer\s+)/, ''))) continue;
      add(name, match[0], match.index);
    }
  }
  for (const match of text.matchAll(ASSIGNED)) {
    const [, name, , value] = match;
    if (looksRandom(value)) add(`high-entropy value assigned to "${name}"`, value, match.index);
  }
  return findings;
}

/** Every file under `dir`, recursively. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/**
 * Scans every file under each folder (or the file itself). Binary files are read as Latin-1, so
 * an ASCII secret inside them is still found. Returns `{ files, findings: [{ file, … }] }`.
 */
export function scanPaths(paths) {
  const files = paths.flatMap((path) => (statSync(path).isDirectory() ? filesUnder(path) : [path]));
  const findings = files.flatMap((file) => {
    const bytes = readFileSync(file);
    const text = bytes.includes(0) ? bytes.toString('latin1') : bytes.toString('utf8');
    return scanText(text).map((finding) => ({ file, ...finding }));
  });
  return { files, findings };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = process.argv.slice(2);
  const { files, findings } = scanPaths(paths.length > 0 ? paths : ['dist']);
  for (const finding of findings) {
    console.error(`${relative(process.cwd(), finding.file)}:${finding.line}: ${finding.kind}: ${finding.excerpt}`);
  }
  if (findings.length > 0) {
    console.error(`scan-secrets: ${findings.length} secret-looking string(s) in ${files.length} files; remove them (and revoke any real key).`);
    process.exit(1);
  }
  console.log(`scan-secrets: no secret-looking strings in ${files.length} files.`);
}
