// A rule that keeps feature folders free of cycles at the folder level (the server's modules/, the web's
// features/): when a file of modules/<a> imports modules/<b>, no file of <b> may reach back into <a>,
// directly or through other modules. A file-level cycle check misses most of these (tickets/x imports messages/y while
// messages/z imports tickets/w), so the folder graph is read once per run from every module file.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const graphs = new Map();

function moduleOf(file, modulesDir) {
  const path = relative(modulesDir, file);
  if (path.startsWith('..') || !path.includes(sep)) return undefined;
  return path.split(sep)[0];
}

function importTargets(file) {
  const source = readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name));
}

// Type-only imports count: importing a type back is the coupling the rule is about.
function moduleGraph(modulesDir) {
  const cached = graphs.get(modulesDir);
  if (cached) return cached;
  const graph = new Map();
  for (const entry of readdirSync(modulesDir, { recursive: true })) {
    if (!/\.tsx?$/.test(entry)) continue;
    const file = join(modulesDir, entry);
    const from = moduleOf(file, modulesDir);
    for (const target of importTargets(file)) {
      const to = moduleOf(target, modulesDir);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  graphs.set(modulesDir, graph);
  return graph;
}

// Shortest chain of module imports from `start` to `goal`, or undefined.
function chainBetween(graph, start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const chain = [];
      for (let step = goal; step !== undefined; step = cameFrom.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of graph.get(current) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}

export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the folders of a feature folder (modules/, features/)' },
    schema: [
      {
        type: 'object',
        // an absolute path, so that the rule does not depend on where eslint is started
        properties: { modulesDir: { type: 'string' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: '{{folder}}/{{from}} imports {{folder}}/{{to}}, which imports it back ({{chain}}).',
    },
  },
  create(context) {
    const { modulesDir } = context.options[0];
    const from = moduleOf(context.filename, modulesDir);
    if (!from) return {};
    const graph = moduleGraph(modulesDir);

    function check(node) {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      if (!node.source.value.startsWith('.')) return;
      const to = moduleOf(resolve(dirname(context.filename), node.source.value), modulesDir);
      if (!to || to === from) return;
      const chain = chainBetween(graph, to, from);
      if (chain) {
        context.report({ node: node.source, messageId: 'cycle', data: { folder: basename(modulesDir), from, to, chain: chain.join(' -> ') } });
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
