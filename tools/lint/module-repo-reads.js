// Which feature modules' repos a module may read. A module reads another's records through that
// module's repo only where this list says so; any other import of a foreign *.repo.ts fails the lint,
// so a new dependency is a change to this list, seen in review. Naming a row type (`import type`)
// reads nothing and is always allowed. The README's Architecture section explains the rule.
import { dirname, relative, resolve, sep } from 'node:path';

export const moduleRepoReads = {
  // automation-triggers: whether the plan has automation (issue 40), asked by rules, SLA and assignment alike
  assignment: ['automation-triggers'],
  auth: ['companies', 'settings', 'users'],
  // what a rule's conditions read and its actions change (issue 40), in the owners' repos
  automation: ['automation-triggers', 'connections', 'contact-import', 'messages', 'queues', 'quick-messages', 'settings', 'sla', 'tags', 'ticket-notes', 'tickets', 'users'],
  campaigns: ['connections', 'contact-lists', 'contacts', 'queues', 'tags', 'users'],
  // assignment: the queue's online attendants and what they hold, for the rotation and the choice
  chatbot: ['assignment', 'companies', 'connections', 'contacts', 'integrations', 'prompts', 'queues', 'tickets', 'users'],
  chats: ['users'],
  companies: ['plans', 'settings'],
  connections: ['companies', 'queues', 'settings'],
  'contact-import': ['contact-lists', 'settings', 'tags'],
  'contact-lists': ['connections'],
  contacts: ['connections', 'settings', 'tags', 'users'],
  // the conversation a draft or a summary reads, the knowledge it draws on, the ticket a summary note goes to (issue 42)
  // settings: the copilot's own company_settings rows are written as every such row is
  copilot: ['knowledge', 'messages', 'settings', 'tickets'],
  // the SLA figures (issue 40 point 3), as the SLA module counts them
  dashboard: ['sla'],
  'integration-replies': ['companies', 'connections', 'contacts', 'integrations', 'messages', 'tickets'],
  invoices: ['companies', 'settings'],
  kanban: ['contacts', 'tags', 'tickets'],
  // a knowledge article may be for one queue (issue 42 point 1)
  // settings: the last intake's report is a company_settings row of the knowledge's own
  knowledge: ['queues', 'settings'],
  messages: ['contacts', 'settings', 'users'],
  'messages-api': ['companies', 'connections', 'contacts', 'messages', 'queues', 'tickets', 'users'],
  prompts: ['messages', 'queues', 'tickets'],
  queues: ['companies', 'file-lists', 'integrations'],
  schedules: ['connections', 'contacts', 'queues', 'users'],
  // the company's admins, told of a breach, as webhooks finds them
  sla: ['automation-triggers', 'webhooks'],
  tags: ['users'],
  // sla: the ticket view's nearest open SLA target, a subquery of the view's one statement
  tickets: ['connections', 'contacts', 'messages', 'queues', 'sla', 'users'],
  'two-factor': ['settings', 'users'],
  users: ['companies', 'connections', 'queues'],
};

function moduleOf(file, modulesDir) {
  const path = relative(modulesDir, file);
  if (path.startsWith('..') || !path.includes(sep)) return undefined;
  return path.split(sep)[0];
}

const typeOnly = (node) =>
  node.importKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'));

export const moduleRepoRead = {
  meta: {
    type: 'problem',
    docs: { description: "Allow a module to import another module's repo only where the allowlist says so" },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' }, reads: { type: 'object' } },
        required: ['modulesDir', 'reads'],
        additionalProperties: false,
      },
    ],
    messages: {
      notAllowed:
        "modules/{{from}} may not read modules/{{to}}'s repo: use a service it is given, or add '{{to}}' to moduleRepoReads['{{from}}'] in tools/lint/module-repo-reads.js.",
    },
  },
  create(context) {
    const { modulesDir, reads } = context.options[0];
    const from = moduleOf(context.filename, modulesDir);
    if (!from) return {};

    function check(node) {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      const source = node.source.value;
      if (!source.startsWith('.') || !/\.repo(\.ts)?$/.test(source) || typeOnly(node)) return;
      const to = moduleOf(resolve(dirname(context.filename), source), modulesDir);
      if (!to || to === from || (reads[from] ?? []).includes(to)) return;
      context.report({ node: node.source, messageId: 'notAllowed', data: { from, to } });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
