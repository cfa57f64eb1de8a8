// esbuild wraps each CommonJS module of a bundle (React, React DOM, the scheduler) in a factory
// passed to its `__commonJS` helper; minified, the factory is an arrow function, `H(e=>{…})`. V8
// compiles an arrow's body on the page's main thread when it is first called, even under the
// script's compile hint, and React DOM's factory is a large part of the bundle
// (docs/decisions/script-compiled-off-the-main-thread.md). A parenthesised `function` expression,
// `H((function(e){…}))`, is compiled eagerly with the script on the background streaming thread.
// This rewrites each factory so; used by the classic script's build (tsup.config.ts) and its check
// (check-bundle.mjs).
import ts from 'typescript';

/** esbuild's minified `__commonJS` helper: `var H=(t,e)=>()=>(e||t((e={exports:{}}).exports,e),e.exports)`. */
const HELPER = /var ([\w$]+)=\(([\w$]+),([\w$]+)\)=>\(\)=>\(\3\|\|\2\(\(\3=\{exports:\{\}\}\)\.exports,\3\),\3\.exports\)/;

/** The name of esbuild's `__commonJS` helper in `code`, or undefined when the bundle has no CommonJS module. */
export function commonJsHelper(code) {
  return HELPER.exec(code)?.[1];
}

/** Where a factory's own `this` or `arguments` is used: a `function` would change its meaning, the arrow does not. */
function ownThisOrArguments(body, source) {
  let found;
  const visit = (node) => {
    if (found) return;
    if (node.kind === ts.SyntaxKind.ThisKeyword) found = `this at ${node.getStart(source)}`;
    else if (ts.isIdentifier(node) && node.text === 'arguments' && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) found = `arguments at ${node.getStart(source)}`;
    // Functions (not arrows) and classes have their own `this` and `arguments`.
    else if (!(ts.isFunctionLike(node) && !ts.isArrowFunction(node)) && !ts.isClassLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

/** The first argument of every call of esbuild's `__commonJS` helper in `code` (none without the helper), and the parsed source. */
function factoriesIn(code, file) {
  const helper = commonJsHelper(code);
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const factories = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === helper) {
      if (node.arguments.length !== 1) throw new Error(`${file}: esbuild's CommonJS helper is called with ${node.arguments.length} arguments at ${node.getStart(source)}`);
      factories.push(node.arguments[0]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  if (helper) visit(source);
  return { source, factories };
}

/** A factory already written as a parenthesised `function` expression. */
const isEager = (factory) => ts.isParenthesizedExpression(factory) && ts.isFunctionExpression(factory.expression);

/**
 * `code` with every `__commonJS` factory written as a parenthesised `function` expression, and how
 * many it rewrote. A factory that is neither that nor an arrow with a block body, or that uses its
 * own `this` or `arguments`, is an error naming `file`, so a change in esbuild's output cannot pass
 * unseen.
 */
export function eagerFactories(code, file) {
  const { source, factories } = factoriesIn(code, file);
  const edits = [];
  for (const factory of factories) {
    if (isEager(factory)) continue;
    if (!ts.isArrowFunction(factory) || !ts.isBlock(factory.body)) {
      throw new Error(`${file}: esbuild's CommonJS factory at ${factory.getStart(source)} is not an arrow function with a body`);
    }
    const own = ownThisOrArguments(factory.body, source);
    if (own) throw new Error(`${file}: the CommonJS factory at ${factory.getStart(source)} uses its own ${own}: it cannot become a function`);
    const parameters = factory.parameters.map((parameter) => parameter.getText(source)).join(',');
    edits.push({ start: factory.getStart(source), end: factory.body.getStart(source), text: `(function(${parameters})` }, { start: factory.end, end: factory.end, text: ')' });
  }
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return { code: result, count: edits.length / 2 };
}

/** How many `__commonJS` factories in `code` are not parenthesised `function` expressions (check-bundle.mjs). */
export function lazyFactories(code, file) {
  return factoriesIn(code, file).factories.filter((factory) => !isEager(factory)).length;
}
