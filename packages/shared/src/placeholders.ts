// Placeholders in automatic messages, as this product family uses them: {{name}} contact name,
// {{ms}} greeting for the time of day, {{hour}} current time HH:mm, {{protocol}} ticket
// protocol, {{firstName}} the contact's first name; in a transfer notice also {{queue}} and
// {{user}}, the queue and attendant the ticket went to; in a campaign also {{number}} and {{email}}.
export type PlaceholderValues = {
  name: string;
  protocol?: string;
  now?: Date;
  timeZone?: string;
  queue?: string;
  user?: string;
  number?: string;
  email?: string;
};

export type PlaceholderKey = 'name' | 'firstName' | 'ms' | 'hour' | 'protocol' | 'queue' | 'user' | 'number' | 'email';

// One catalogue (issue 35 point 1): which placeholders each kind of text the product sends on a
// company's behalf is rendered with, so the server fills them and every form lists them.
const CONTACT: PlaceholderKey[] = ['name', 'firstName', 'ms', 'hour'];
export const placeholderSets = {
  // connection greetings, completion, out of hours, vacation, rating, inactivity; bot options and queue greetings
  ticket: [...CONTACT, 'protocol'],
  // the accept greeting, the transfer notice, an attendant's farewell, quick messages: the attendant and queue too
  attendant: [...CONTACT, 'protocol', 'queue', 'user'],
  // a scheduled message: its author as user
  schedule: [...CONTACT, 'user'],
  // a campaign message, besides the company's custom variables
  campaign: [...CONTACT, 'number', 'email'],
  // a message sent through the external API: its user when one is named
  api: [...CONTACT, 'user'],
} as const satisfies Record<string, readonly PlaceholderKey[]>;
export type PlaceholderSet = keyof typeof placeholderSets;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

// The placeholders written in a text that its kind does not fill: left as typed when sent, and
// flagged in the form.
export const unknownPlaceholders = (template: string, accepted: readonly string[]) => [
  ...new Set([...template.matchAll(PLACEHOLDER)].map(([, key]) => key).filter((key) => !accepted.includes(key))),
];

const greetingFor = (hour: number) => (hour < 12 ? 'Bom dia' : hour < 18 ? 'Boa tarde' : 'Boa noite');

export const renderPlaceholders = (template: string, values: PlaceholderValues) => {
  const now = values.now ?? new Date();
  const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: values.timeZone })
    .format(now);
  const hour = Number(time.slice(0, 2));
  const replacements: Record<string, string> = {
    name: values.name,
    firstName: values.name.split(/\s+/)[0] ?? '',
    ms: greetingFor(hour),
    hour: time,
    protocol: values.protocol ?? '',
    ...(values.queue !== undefined && { queue: values.queue }),
    ...(values.user !== undefined && { user: values.user }),
    ...(values.number !== undefined && { number: values.number }),
    ...(values.email !== undefined && { email: values.email }),
  };
  return template.replace(PLACEHOLDER, (match, key: string) => replacements[key] ?? match);
};
