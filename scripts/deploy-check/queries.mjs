// Every Firestore query and every `expiresAt` write in the code, read from the TypeScript
// source (no emulator: the Firestore emulator serves any query without an index). Field names
// and collections are followed through constants, `let` reassignments and function parameters
// (all call sites); what cannot be followed is reported, so a query cannot slip past unseen.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const PASS_THROUGH = new Set([
  'limit',
  'limitToLast',
  'select',
  'startAfter',
  'startAt',
  'endAt',
  'endBefore',
  'offset',
  'count',
  'get',
  'withConverter',
]);
const BUILDERS = new Set(['where', 'orderBy']);
const WRITES = new Set(['set', 'create', 'update', 'add']);

const unknown = (why) => ({ kind: 'unknown', why });
const key = (value) => JSON.stringify(value);

/** Adds values to a list without duplicates. */
function union(...lists) {
  const seen = new Map();
  for (const list of lists) for (const v of list) seen.set(key(v), v);
  return [...seen.values()];
}

/** A program over `files`, and what its queries and expiring writes are. */
export function analyse(files) {
  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.Preserve,
    noEmit: true,
    noLib: true,
    types: [],
  };
  // Only the app's own files are read: libraries' types are not needed to follow names, and
  // reading them took most of the time.
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile;
  const own = new Set(files);
  host.getSourceFile = (name, ...rest) =>
    own.has(name) ? readSource(name, ...rest) : ts.createSourceFile(name, '', options.target);
  const program = ts.createProgram(files, options, host);
  const checker = program.getTypeChecker();
  const sources = program.getSourceFiles().filter((sf) => own.has(sf.fileName));

  const symbolOf = (node) => {
    let sym = checker.getSymbolAtLocation(node);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    return sym;
  };

  // Call sites and assignments, by the symbol they call or assign.
  const calls = new Map();
  const assignments = new Map();
  const visitAll = (fn) => {
    for (const sf of sources) {
      const walk = (node) => {
        fn(node, sf);
        ts.forEachChild(node, walk);
      };
      walk(sf);
    }
  };
  visitAll((node) => {
    if (ts.isCallExpression(node)) {
      const sym = symbolOf(node.expression);
      if (sym) calls.set(sym, [...(calls.get(sym) ?? []), node]);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left)
    ) {
      const sym = symbolOf(node.left);
      if (sym) assignments.set(sym, [...(assignments.get(sym) ?? []), node.right]);
    }
  });

  const inProgress = new Map();

  const functionLike = (decl) => {
    if (ts.isFunctionDeclaration(decl)) return decl;
    if (
      ts.isVariableDeclaration(decl) &&
      decl.initializer &&
      ts.isArrowFunction(decl.initializer)
    ) {
      return decl.initializer;
    }
    return undefined;
  };
  const returned = (fn) => {
    if (fn.body && !ts.isBlock(fn.body)) return [fn.body];
    const found = [];
    const walk = (node) => {
      if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, walk);
    };
    if (fn.body) ts.forEachChild(fn.body, walk);
    return found;
  };
  const bind = (fn, args) =>
    new Map(
      fn.parameters.map((p, i) => [symbolOf(p.name), args[i]]).filter(([sym, arg]) => sym && arg),
    );

  /** The call sites of the function whose parameters `node` uses, as bindings; or none. */
  function callContexts(node) {
    let fn = node.parent;
    while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
    for (; fn; fn = fn.parent) {
      if (!ts.isFunctionLike(fn) || !fn.parameters?.length) continue;
      let fnSym = fn.name ? symbolOf(fn.name) : undefined;
      if (!fnSym && ts.isVariableDeclaration(fn.parent)) fnSym = symbolOf(fn.parent.name);
      const sites = fnSym ? (calls.get(fnSym) ?? []) : [];
      if (sites.length) return sites.map((call) => bind(fn, call.arguments));
    }
    return [new Map()];
  }

  function valuesOfSymbol(sym, ctx) {
    if (inProgress.has(sym)) return inProgress.get(sym);
    const decl = sym.valueDeclaration;
    if (!decl) return [unknown(`${sym.name} has no declaration`)];
    if (ts.isParameter(decl)) {
      if (ctx.has(sym)) return evaluate(ctx.get(sym), new Map());
      const fn = decl.parent;
      const index = fn.parameters.indexOf(decl);
      let fnSym = fn.name ? symbolOf(fn.name) : undefined;
      if (!fnSym && ts.isVariableDeclaration(fn.parent)) fnSym = symbolOf(fn.parent.name);
      const sites = fnSym ? (calls.get(fnSym) ?? []) : [];
      if (sites.length === 0)
        return [unknown(`parameter ${sym.name} of a function never called by name`)];
      inProgress.set(sym, []);
      const values = union(
        ...sites.map((call) =>
          call.arguments[index]
            ? evaluate(call.arguments[index], new Map())
            : [unknown('missing argument')],
        ),
      );
      inProgress.delete(sym);
      return values;
    }
    if (ts.isVariableDeclaration(decl) && decl.initializer) {
      inProgress.set(sym, []);
      let values = evaluate(decl.initializer, ctx);
      // `query = query.where(...)` under conditions: each assignment, in order, runs or not.
      for (const rhs of assignments.get(sym) ?? []) {
        inProgress.set(sym, values);
        values = union(values, evaluate(rhs, ctx));
      }
      inProgress.delete(sym);
      return values;
    }
    return [unknown(`cannot follow ${sym.name}`)];
  }

  function evaluate(node, ctx) {
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isAwaitExpression(node) ||
      ts.isSatisfiesExpression?.(node)
    ) {
      return evaluate(node.expression, ctx);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      return [{ kind: 'str', value: node.text }];
    }
    if (ts.isConditionalExpression(node))
      return union(evaluate(node.whenTrue, ctx), evaluate(node.whenFalse, ctx));
    if (ts.isIdentifier(node)) {
      const sym = symbolOf(node);
      return sym ? valuesOfSymbol(sym, ctx) : [unknown(`cannot resolve ${node.text}`)];
    }
    if (ts.isCallExpression(node)) return evaluateCall(node, ctx);
    return [unknown(node.getText().slice(0, 60))];
  }

  const strings = (node, ctx) => evaluate(node, ctx).map((v) => (v.kind === 'str' ? v.value : v));

  function calledName(call) {
    const callee = call.expression;
    if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
    return ts.isIdentifier(callee) ? callee.text : '';
  }

  function evaluateCall(node, ctx) {
    const callee = node.expression;
    const method = ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : ts.isIdentifier(callee)
        ? callee.text
        : '';
    const recv = ts.isPropertyAccessExpression(callee) ? callee.expression : undefined;
    const args = node.arguments;
    if (method === 'documentId') return [{ kind: 'str', value: '__name__' }];
    if (method === 'collection' || method === 'collectionGroup') {
      const last = args[args.length - 1];
      if (!last) return [unknown('collection without a name')];
      return strings(last, ctx).map((name) =>
        typeof name === 'string'
          ? {
              kind: 'query',
              collection: name.split('/').pop(),
              group: method === 'collectionGroup',
              filters: [],
              orders: [],
            }
          : name,
      );
    }
    if (method === 'doc') {
      if (!recv) return [unknown('doc() of an unknown collection')];
      return evaluate(recv, ctx).map((q) =>
        q.kind === 'query' ? { kind: 'doc', collection: q.collection } : q,
      );
    }
    if (BUILDERS.has(method)) {
      const base = recv ? evaluate(recv, ctx) : [];
      const queries = base.filter((v) => v.kind === 'query');
      const constraints = builderConstraints(method, args, ctx);
      if (queries.length === 0) return constraints; // the web SDK's where()/orderBy()
      return queries.flatMap((q) => constraints.map((c) => apply(q, c)));
    }
    if (method === 'query' && args.length > 0) {
      let queries = evaluate(args[0], ctx);
      for (const arg of args.slice(1)) {
        // The web SDK's limit(), limitToLast(), startAfter(), endBefore(), ...: constraints no index depends on.
        if (ts.isCallExpression(arg) && PASS_THROUGH.has(calledName(arg))) continue;
        const cs = evaluate(arg, ctx);
        queries = queries.flatMap((q) => (q.kind === 'query' ? cs.map((c) => apply(q, c)) : [q]));
      }
      return queries;
    }
    if (PASS_THROUGH.has(method) && recv) return evaluate(recv, ctx);
    // A helper of ours that builds the reference: what it returns, for these arguments.
    const fn = ts.isIdentifier(callee) ? symbolOf(callee)?.valueDeclaration : undefined;
    const body = fn && functionLike(fn);
    if (body) return union(...returned(body).map((expr) => evaluate(expr, bind(body, args))));
    return [unknown(`${method}()`)];
  }

  function builderConstraints(method, args, ctx) {
    const fields = args[0] ? strings(args[0], ctx) : [];
    if (method === 'where') {
      const ops = args[1] ? strings(args[1], ctx) : [];
      return fields.flatMap((field) => ops.map((op) => ({ kind: 'filter', field, op })));
    }
    const dirs = args[1] ? strings(args[1], ctx) : ['asc'];
    return fields.flatMap((field) => dirs.map((dir) => ({ kind: 'order', field, dir })));
  }

  function apply(query, constraint) {
    if (constraint.kind === 'unknown') return constraint;
    const { field } = constraint;
    if (typeof field !== 'string')
      return unknown(`a field name that cannot be followed (${field.why})`);
    if (constraint.kind === 'filter') {
      if (typeof constraint.op !== 'string') return unknown('an operator that cannot be followed');
      return { ...query, filters: [...query.filters, { field, op: constraint.op }] };
    }
    if (typeof constraint.dir !== 'string') return unknown('a direction that cannot be followed');
    return { ...query, orders: [...query.orders, { field, dir: constraint.dir }] };
  }

  const where = (node, sf) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    return `${sf.fileName.replace(/^.*?\/((functions|web)\/src\/)/, '$1')}:${line + 1}`;
  };

  // The outermost query-building call of each chain (a builder not built on further).
  const queries = [];
  const expiring = [];
  visitAll((node, sf) => {
    if (!ts.isCallExpression(node)) return;
    const callee = node.expression;
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    const isWebQuery = method === 'query' && node.arguments.length > 1;
    const isBuilder = BUILDERS.has(method);
    if (isBuilder || isWebQuery) {
      const parent = node.parent;
      const builtOn =
        ts.isPropertyAccessExpression(parent) &&
        BUILDERS.has(parent.name.text) &&
        parent.expression === node;
      if (builtOn) return;
      // Evaluated per call site of the enclosing helper, so its parameters stay consistent.
      const values = union(...callContexts(node).map((ctx) => evaluate(node, ctx))).filter(
        (v) => v.kind !== 'filter' && v.kind !== 'order',
      );
      for (const value of values) queries.push({ at: where(node, sf), ...value });
    }
    if (WRITES.has(method)) {
      const dataIndex = node.arguments.findIndex(
        (arg) =>
          ts.isObjectLiteralExpression(arg) &&
          arg.properties.some(
            (p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'expiresAt',
          ),
      );
      if (dataIndex < 0) return;
      // tx.set(ref, data) / batch.set(ref, data), or ref.set(data) / collection.add(data).
      const target = dataIndex >= 1 ? node.arguments[0] : callee.expression;
      for (const value of union(...callContexts(node).map((ctx) => evaluate(target, ctx)))) {
        expiring.push(
          value.kind === 'doc' || value.kind === 'query'
            ? { at: where(node, sf), collection: value.collection }
            : { at: where(node, sf), ...value },
        );
      }
    }
  });
  return { queries: dedupe(queries), expiring: dedupe(expiring) };
}

function dedupe(list) {
  return [...new Map(list.map((v) => [key(v), v])).values()];
}

/** The app's own source files (tests left out), absolute paths. */
export function sourceFiles(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name))
        found.push(path);
    }
  };
  walk(join(root, 'functions', 'src'));
  walk(join(root, 'web', 'src'));
  return found;
}
