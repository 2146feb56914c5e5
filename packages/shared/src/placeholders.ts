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
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, key: string) => replacements[key] ?? match);
};
