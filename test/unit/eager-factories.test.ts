// @vitest-environment node
// The classic script's CommonJS factories as parenthesised functions (scripts/eager-factories.mjs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { commonJsHelper, eagerFactories, lazyFactories } from '../../scripts/eager-factories.mjs';

const HELPER = 'var H=(t,e)=>()=>(e||t((e={exports:{}}).exports,e),e.exports);';

describe('eagerFactories', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evc-eager-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A minified IIFE bundle, built by esbuild as the classic script is, of an entry that requires two CommonJS modules. */
  async function bundle(): Promise<string> {
    writeFileSync(join(dir, 'counter.cjs'), 'let count = 0;\nexports.next = function () { return ++count + arguments.length; };\n');
    writeFileSync(join(dir, 'greeting.cjs'), 'const counter = require("./counter.cjs");\nmodule.exports = (name) => `Hello ${name} ${counter.next()}`;\n');
    writeFileSync(join(dir, 'entry.js'), 'import greet from "./greeting.cjs";\nglobalThis.result = [greet("a"), greet("b")];\n');
    const result = await build({ entryPoints: [join(dir, 'entry.js')], bundle: true, format: 'iife', minify: true, write: false, logLevel: 'silent' });
    const [file] = result.outputFiles;
    if (!file) throw new Error('esbuild wrote no file');
    return file.text;
  }

  it("rewrites esbuild's arrow factories as parenthesised functions, and the bundle runs the same", async () => {
    const code = await bundle();
    expect(commonJsHelper(code)).toBeDefined();
    expect(lazyFactories(code, 'bundle.js')).toBe(2);
    const { code: eager, count } = eagerFactories(code, 'bundle.js');
    expect(count).toBe(2);
    expect(lazyFactories(eager, 'bundle.js')).toBe(0);
    // Rewritten once: a second pass finds nothing to do.
    expect(eagerFactories(eager, 'bundle.js')).toEqual({ code: eager, count: 0 });
    expect(eager.match(/\(\(function\([\w$,]*\)\{/g)).toHaveLength(2);
    const run = (source: string) => runInNewContext(`${source};result`, {}) as string[];
    expect(run(eager)).toEqual(run(code));
    expect(run(eager)).toEqual(['Hello a 1', 'Hello b 2']);
  });

  it('leaves a bundle without CommonJS modules as it is', () => {
    const code = '(()=>{var a=b=>b+1;console.log(a(1))})();';
    expect(eagerFactories(code, 'plain.js')).toEqual({ code, count: 0 });
    expect(lazyFactories(code, 'plain.js')).toBe(0);
  });

  it("keeps nested functions' own this and arguments, and property names", () => {
    const code = `${HELPER}var a=H(x=>{function f(){return this||arguments}class C{m(){return this}}x.f=f;x.g=y=>y.arguments});`;
    const { code: eager, count } = eagerFactories(code, 'nested.js');
    expect(count).toBe(1);
    expect(eager).toBe(`${HELPER}var a=H((function(x){function f(){return this||arguments}class C{m(){return this}}x.f=f;x.g=y=>y.arguments}));`);
  });

  it("refuses a factory whose own this or arguments would change meaning, naming the file", () => {
    expect(() => eagerFactories(`${HELPER}var a=H(x=>{x.self=this});`, 'this.js')).toThrow(/this\.js: the CommonJS factory at \d+ uses its own this at \d+/);
    expect(() => eagerFactories(`${HELPER}var a=H(x=>{x.g=()=>arguments[0]});`, 'args.js')).toThrow(/args\.js: .* uses its own arguments at \d+/);
  });

  it('refuses a factory that is not an arrow with a body, so a change in esbuild is seen', () => {
    expect(() => eagerFactories(`${HELPER}var a=H(x=>x);`, 'expression.js')).toThrow(/expression\.js: esbuild's CommonJS factory at \d+ is not an arrow function with a body/);
    expect(() => eagerFactories(`${HELPER}var a=H({"m.js"(x){}});`, 'method.js')).toThrow(/method\.js/);
  });
});
