// Comments, tests and docs cite the rules in docs/product.md and docs/contract.md by id, and nothing
// outside the repository: a cited id must be defined there, and no file cites the brief by section.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const RULE_FILES = ['docs/product.md', 'docs/contract.md'];
const SCANNED = ['src', 'test', 'scripts', 'demo', 'dist-examples', 'docs', 'jsx'];
const ROOT_FILES = ['README.md', 'custom-elements.json', 'eslint.config.js', 'tsup.config.ts', 'vitest.config.ts', 'web-test-runner.config.mjs'];
const TEXT = new Set(['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.css', '.md', '.json', '.html', '.liquid']);
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'fixtures']);
const THIS_FILE = 'test/unit/rule-citations.test.ts';

function walk(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(path);
    return TEXT.has(extname(entry.name)) ? [path] : [];
  });
}

const files = [...SCANNED.flatMap(walk), ...ROOT_FILES].filter((path) => path !== THIS_FILE);
const lines = files.flatMap((path) =>
  readFileSync(join(root, path), 'utf8')
    .split('\n')
    .map((text, index) => ({ where: `${relative(root, join(root, path))}:${index + 1}`, text })),
);

/** Ids defined in the rule files: a bold label at the start of a list item, `- **PREVIEW-3** …`. */
const defined = RULE_FILES.flatMap((path) => [...readFileSync(join(root, path), 'utf8').matchAll(/^- \*\*([A-Z]+-\d+)\*\*/gm)].map((match) => match[1]!));
const prefixes = [...new Set(defined.map((id) => id.replace(/-\d+$/, '')))];
const citation = new RegExp(`\\b(?:${prefixes.join('|')})-\\d+\\b`, 'g');

/** Citations of a document outside the repository: the brief by section, or the design notes. */
const OUTSIDE = [/\bspec(?:ification)?(?:['’]s)?\s*\(?§/i, /(?<!RFC \d+ |SP 800-63B \()§\s?\d/, /\bDESIGN\b/];

describe('rule ids (docs/product.md, docs/contract.md)', () => {
  it('are each defined once', () => {
    expect(defined.length).toBeGreaterThan(100);
    expect(defined.filter((id, index) => defined.indexOf(id) !== index)).toEqual([]);
  });

  it('every id cited in code, tests and docs is defined', () => {
    const unknown = lines.flatMap(({ where, text }) => (text.match(citation) ?? []).filter((id) => !defined.includes(id)).map((id) => `${where} ${id}`));
    expect(unknown).toEqual([]);
  });

  it('nothing cites the brief by section or the design notes, which are not in the repository', () => {
    const outside = lines.filter(({ text }) => OUTSIDE.some((pattern) => pattern.test(text))).map(({ where, text }) => `${where} ${text.trim()}`);
    expect(outside).toEqual([]);
  });

  it('the checks see what they guard: the source, the tests and the docs', () => {
    for (const path of ['src/domain/preview.ts', 'test/e2e/order.test.mjs', 'docs/decisions/continue-to-checkout.md', 'README.md']) {
      expect(files).toContain(path);
    }
  });
});
