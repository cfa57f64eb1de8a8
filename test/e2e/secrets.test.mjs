// scripts/scan-secrets.mjs over the built files, and proof that it finds each kind of
// secret. The fake secrets are put together here at run time and written to a temporary folder
// outside dist/, so no secret-looking string sits in the repository for other scanners to flag.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ALLOWED, scanPaths, scanText } from '../../scripts/scan-secrets.mjs';

const SCANNER = fileURLToPath(new URL('../../scripts/scan-secrets.mjs', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** `length` random characters from `alphabet`. */
const random = (length, alphabet = ALPHANUMERIC) => [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
/**
 * `length` random characters, one of them a digit: the scanner's high-entropy rule wants letters
 * and digits mixed, and about one in thirty random 20-character values has no digit.
 */
const mixed = (length, alphabet = ALPHANUMERIC) => `${random(length - 1, alphabet)}${randomBytes(1)[0] % 10}`;
/** A value from `make` that has a digit, as the scanner's high-entropy rule wants (base64 of text now and then has none). */
const withDigit = (make) => {
  for (;;) {
    const value = make();
    if (/[0-9]/.test(value)) return value;
  }
};
const hex = (length) => randomBytes(Math.ceil(length / 2)).toString('hex').slice(0, length);
const base64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** One fake secret of each kind the issue names, as a bundle would carry it. */
const FAKES = [
  { kind: 'Mailgun API key', line: (s) => `const mail={apiKey:"${s}"};`, secret: () => `${'key'}-${hex(32)}` },
  { kind: 'Mailgun API key', line: (s) => `auth("api:${s}")`, secret: () => `${hex(32)}-${hex(8)}-${hex(8)}` },
  { kind: 'GoCardless access token', line: (s) => `e.accessToken="${s}"`, secret: () => `${'live'}_${mixed(40)}` },
  { kind: 'GoCardless access token', line: (s) => `gc("${s}")`, secret: () => `${'sandbox'}_${mixed(40)}` },
  { kind: 'Shopify access token or secret', line: (s) => `h["X-Shopify-Access-Token"]="${s}"`, secret: () => `${'shp'}at_${hex(32)}` },
  { kind: 'Shopify access token or secret', line: (s) => `o.s="${s}"`, secret: () => `${'shp'}ss_${hex(32)}` },
  { kind: 'Shopify access token or secret', line: (s) => `o.c="${s}"`, secret: () => `${'shp'}ca_${hex(32)}` },
  { kind: 'Stripe-like secret key', line: (s) => `stripe("${s}")`, secret: () => `${'sk'}_live_${random(24)}` },
  { kind: 'AWS access key id', line: (s) => `aws.id="${s}"`, secret: () => `${'AKIA'}${random(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}` },
  {
    kind: 'private key',
    line: (s) => `const pem="${s}\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----";`,
    secret: () => `-----BEGIN ${'PRIVATE'} KEY-----`,
  },
  {
    kind: 'private key',
    line: (s) => `const pem="${s}";`,
    secret: () => `-----BEGIN RSA ${'PRIVATE'} KEY-----`,
  },
  {
    kind: 'JWT',
    line: (s) => `headers.authorization=\`Bearer \${"${s}"}\``,
    secret: () => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: random(12), iat: 1_700_000_000 })}.${random(43, `${ALPHANUMERIC}-_`)}`,
  },
  { kind: 'HTTP Basic/Bearer credentials', line: (s) => `fetch(u,{headers:{authorization:"${s}"}})`, secret: () => `Basic ${withDigit(() => Buffer.from(`api:${random(30)}`).toString('base64'))}` },
  { kind: 'high-entropy value assigned to "webhookSecret"', line: (s) => `{webhookSecret:"${s}"}`, secret: () => mixed(32) },
  { kind: 'high-entropy value assigned to "password"', line: (s) => `var password = '${s}';`, secret: () => mixed(20) },
  { kind: 'high-entropy value assigned to "client_secret"', line: (s) => `{"client_secret": "${s}"}`, secret: () => mixed(24, `${ALPHANUMERIC}-_`) },
];

/** Strings a bundle carries that resemble the shapes above but hold nothing secret. */
const HARMLESS = [
  'storefrontToken:"demo-storefront-token"', // the one allowed value
  'token:"ADDRESS_FIELD_CONTAINS_EMOJIS"', // an API enum
  'apiKey:"https://api.eu.mailgun.net/v3/mg.example/messages"', // a URL
  'secretMessage:"You must complete the GoCardless form to continue."', // words
  'authorization:`Basic ${btoa(`api:${apiKey}`)}`', // the relay building the header from its options
  'key:"evc-wizard-step-count"', // a class name
  'sandbox_environment="sandbox"', // a word after sandbox_
  'const tokenPattern=/^[A-Za-z0-9_-]{8,}$/;', // a pattern, not a value
];

const temp = mkdtempSync(join(tmpdir(), 'evc-secrets-'));
after(() => rmSync(temp, { recursive: true, force: true }));

const runScanner = (...paths) => spawnSync(process.execPath, [SCANNER, ...paths], { encoding: 'utf8' });

describe('no secret-looking strings in dist/', () => {
  it('scans every built file and finds nothing', () => {
    const { files, findings } = scanPaths([DIST]);
    const names = files.map((file) => file.slice(DIST.length)).sort();
    for (const expected of ['ev-charger-configurator.js', 'index.js', 'server.js', 'wizard.js', 'model-viewer.js']) {
      assert.ok(names.includes(expected), `dist/${expected} was scanned (run npm run build first)`);
    }
    assert.equal(files.length, readdirSync(DIST, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length);
    assert.deepEqual(findings.map(({ file, line, kind, excerpt }) => `${file}:${line} ${kind} ${excerpt}`), []);
    const cli = runScanner(DIST);
    assert.equal(cli.status, 0, cli.stderr);
  });

  it('finds each kind of secret, masked in its report, and the command fails on it', () => {
    const bundle = FAKES.map(({ line, secret }) => line(secret()));
    const text = ['(()=>{"use strict";', ...bundle, '})();'].join('\n');
    const findings = scanText(text);
    FAKES.forEach(({ kind }, index) => {
      const found = findings.filter((finding) => finding.line === index + 2);
      assert.ok(found.some((finding) => finding.kind === kind), `line ${index + 2} (${bundle[index]}) is reported as ${kind}; found ${JSON.stringify(found.map((f) => f.kind))}`);
    });

    const file = join(temp, 'leaky', 'bundle.js');
    writeFileSync(join(temp, 'clean.js'), HARMLESS.join('\n'));
    mkdirSync(join(temp, 'leaky'));
    writeFileSync(file, text);
    const cli = runScanner(temp);
    assert.equal(cli.status, 1);
    assert.match(cli.stderr, /bundle\.js:2: Mailgun API key: key-/);
    const reported = bundle.map((line) => /"([^"]{20,})"/.exec(line)?.[1]).filter(Boolean);
    for (const secret of reported) assert.ok(!cli.stderr.includes(secret), 'the report masks the value');
  });

  it('finds a secret inside a binary file', () => {
    const file = join(temp, 'image.bin');
    const secret = `${'AKIA'}${random(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`;
    writeFileSync(file, Buffer.concat([randomBytes(64).fill(0, 0, 8), Buffer.from(` ${secret} `), randomBytes(64)]));
    assert.deepEqual(scanPaths([file]).findings.map((finding) => finding.kind), ['AWS access key id']);
  });

  it('lets the allowed and harmless strings through, each allow-list entry with its reason', () => {
    assert.deepEqual(scanText(HARMLESS.join('\n')), []);
    for (const entry of ALLOWED) assert.ok(entry.why.length > 10, `${entry.value} says why it is allowed`);
    // The same shape with another value is still a finding: the list holds values, not patterns.
    assert.equal(scanText(`storefrontToken:"${random(32)}"`).length, 1);
  });
});
