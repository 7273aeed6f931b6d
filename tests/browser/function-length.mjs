// The rule of web/: no function over 150 lines. Every function declaration, function
// expression, arrow function, method and constructor in web/**/*.js (the vendored code under
// web/vendor/ and any minified file aside) is measured with the TypeScript parser, from its
// first line to its last, a nested function counted inside its parent too. One over the limit
// fails the check, named as `file:line name N lines`; else one line says how many were measured
// and which is the longest.
//   node tests/browser/function-length.mjs              the check
//   node tests/browser/function-length.mjs --self-test  the check fails a function of 151 lines
//                                                       and passes one of 150 (it can fail)
import ts from 'typescript';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';

/** The longest a function may be, in lines. */
const LIMIT = 150;
/** The repository's root, from this file's place in it (tests/browser/). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What web/ holds that is not the project's own code: the vendored libraries. */
const VENDORED = new Set(['vendor', 'node_modules']);

/**
 * One function as measured.
 * @typedef {{ file: string, line: number, name: string, lines: number }} Measured
 */

/**
 * The name a function goes by: its own, the variable or property it is given to, or its class's
 * and its own for a method or constructor.
 * @param {ts.SignatureDeclaration} fn
 */
function nameOf(fn) {
  const parent = fn.parent;
  const own = fn.name ? fn.name.getText() : ts.isConstructorDeclaration(fn) ? 'constructor' : null;
  if (own && ts.isClassLike(parent)) return `${parent.name ? parent.name.getText() : '(class)'}.${own}`;
  if (own) return own;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) return parent.name.getText();
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return parent.left.getText();
  return '(anonymous)';
}

/**
 * Every function of a module's text, measured.
 * @param {string} file the name it is reported by
 * @param {string} text
 * @returns {Measured[]}
 */
function measure(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  /** @type {Measured[]} */
  const out = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)
      || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ file, line: first + 1, name: nameOf(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * The functions of `files` over the limit, as the check names them, and the longest of all.
 * @param {{ file: string, text: string }[]} files
 * @returns {{ over: string[], count: number, longest: Measured | null }}
 */
function check(files) {
  const all = files.flatMap(({ file, text }) => measure(file, text));
  const said = (/** @type {Measured} */ m) => `${m.file}:${m.line} ${m.name} ${m.lines} lines`;
  const over = all.filter((m) => m.lines > LIMIT).sort((a, b) => b.lines - a.lines).map(said);
  const longest = all.reduce((/** @type {Measured | null} */ best, m) => (!best || m.lines > best.lines ? m : best), null);
  return { over, count: all.length, longest };
}

/**
 * The project's modules under `dir` (paths from the repository's root), the vendored and
 * minified ones left out.
 * @param {string} dir
 * @returns {string[]}
 */
function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return VENDORED.has(entry.name) ? [] : modules(path);
    return entry.name.endsWith('.js') && !entry.name.endsWith('.min.js') ? [relative(ROOT, path)] : [];
  }).sort();
}

/**
 * A module with one function of `lines` lines, written as `kind`.
 * @param {'declaration' | 'arrow' | 'method'} kind @param {number} lines
 */
function generated(kind, lines) {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  total += ${i};`).join('\n');
  if (kind === 'declaration') return `let total = 0;\nfunction long() {\n${body}\n}\n`;
  if (kind === 'arrow') return `let total = 0;\nexport const long = () => {\n${body}\n};\n`;
  return `let total = 0;\nclass Page {\n  long() {\n${body}\n  }\n}\n`;
}

/** The check run on generated modules: a function of 151 lines fails it, one of 150 passes. */
function selfTest() {
  /** @type {string[]} */
  const wrong = [];
  /** @type {[kind: 'declaration' | 'arrow' | 'method', name: string, line: number][]} */
  const kinds = [['declaration', 'long', 2], ['arrow', 'long', 2], ['method', 'Page.long', 3]];
  for (const [kind, name, line] of kinds) {
    const fits = check([{ file: 'self-test.js', text: generated(kind, LIMIT) }]);
    if (fits.over.length || !fits.longest || fits.longest.lines !== LIMIT) wrong.push(`a ${kind} of ${LIMIT} lines: ${JSON.stringify(fits)}`);
    const long = check([{ file: 'self-test.js', text: generated(kind, LIMIT + 1) }]);
    const expected = `self-test.js:${line} ${name} ${LIMIT + 1} lines`;
    if (long.over.join('\n') !== expected) wrong.push(`a ${kind} of ${LIMIT + 1} lines: ${JSON.stringify(long.over)}, not [${expected}]`);
  }
  // a function nested in a long one is counted inside it: the outer one fails, not the inner
  const nested = check([{ file: 'self-test.js', text: generated('declaration', LIMIT + 1).replace('  total += 0;', '  const inner = () => 0;') }]);
  if (nested.over.length !== 1 || !nested.over[0].includes(' long ')) wrong.push(`a nested function: ${JSON.stringify(nested.over)}`);
  if (wrong.length) {
    console.log(`function-length self-test FAILED:\n  ${wrong.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`function-length self-test: a declaration, an arrow and a method of ${LIMIT + 1} lines fail, of ${LIMIT} pass`);
}

if (process.argv[2] === '--self-test') {
  selfTest();
} else {
  const files = modules(join(ROOT, 'web')).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
  const { over, count, longest } = check(files);
  // the check reads something: web/ has dozens of modules and hundreds of functions
  if (files.length < 20 || count < 500 || !longest) {
    console.log(`function-length: only ${files.length} files and ${count} functions read under ${join(ROOT, 'web')}`);
    process.exit(1);
  }
  if (over.length) {
    console.log(`function-length: ${over.length} function(s) in web/ over ${LIMIT} lines:\n${over.join('\n')}`);
    process.exit(1);
  }
  console.log(`function-length: ${count} functions in ${files.length} files of web/, none over ${LIMIT} lines; the longest ${longest.file}:${longest.line} ${longest.name} ${longest.lines} lines`);
}
