import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactUpdateBody } from './contacts.ts';
import { connectionUpdateBody } from './connections.ts';
import { lenient } from './lenient.ts';
import { messageSendBody } from './messages.ts';
import { tagsSyncBody } from './tags.ts';
import { ticketsListQuery } from './tickets.ts';
import { userUpdateBody } from './users.ts';
import { idParam } from './validation.ts';

const pathsOf = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('lenient request schemas (issue 13: the contract accepted the way the family sends it)', () => {
  it('strips unknown keys at every depth instead of refusing them', () => {
    const schema = lenient(z.strictObject({ name: z.string(), nested: z.strictObject({ id: idParam }), list: z.array(z.strictObject({ id: idParam })) }));
    const parsed = schema.parse({ name: 'a', super: true, nested: { id: 1, createdAt: 'x' }, list: [{ id: '2', name: 'tag' }] });
    expect(parsed).toEqual({ name: 'a', nested: { id: 1 }, list: [{ id: 2 }] });
  });

  it('reads 0/1 and text forms as booleans, numeric text as numbers, and spelled enum values', () => {
    const schema = lenient(
      z.strictObject({
        flag: z.boolean(),
        other: z.boolean().optional(),
        count: z.number().int(),
        choice: z.enum(['0', '1']),
        yes: z.enum(['true', 'false']),
        one: z.union([z.literal(0), z.literal(1)]),
      }),
    );
    expect(schema.parse({ flag: 1, other: 'false', count: '12', choice: 1, yes: '1', one: '1' })).toEqual({
      flag: true,
      other: false,
      count: 12,
      choice: '1',
      yes: 'true',
      one: 1,
    });
    expect(schema.parse({ flag: 'true', count: 3, choice: '0', yes: false, one: 0 })).toMatchObject({ flag: true, yes: 'false', one: 0 });
  });

  it('still refuses what is not a loose form of the field, with the field path', () => {
    const schema = lenient(z.strictObject({ flag: z.boolean(), count: z.number().int(), choice: z.enum(['a', 'b']) }));
    expect(pathsOf(schema.safeParse({ flag: 2, count: 1, choice: 'a' }))).toEqual(['flag']);
    expect(pathsOf(schema.safeParse({ flag: 'yes', count: '1.5', choice: 'c' }))).toEqual(['flag', 'count', 'choice']);
    expect(pathsOf(schema.safeParse({ count: 1, choice: 'a' }))).toEqual(['flag']);
  });

  it('reads null or "" as absent on optional fields, but null still clears a nullable field and "" is still text', () => {
    const schema = lenient(
      z.strictObject({
        connection: idParam.optional(),
        queue: idParam.nullable().optional(),
        token: z.string().length(3).optional(),
        message: z.string().optional(),
        page: z.coerce.number().int().min(1).default(1),
        name: z.string().min(1),
      }),
    );
    const parsed = schema.parse({ connection: '', queue: null, token: '', message: '', page: '', name: 'x' });
    expect(parsed).toEqual({ queue: null, message: '', page: 1, name: 'x' });
    expect('connection' in parsed).toBe(false);
    expect(schema.parse({ connection: null, queue: '', token: null, name: 'x' })).toEqual({ page: 1, name: 'x' });
    // a required field is not made optional
    expect(pathsOf(schema.safeParse({ name: '' }))).toEqual(['name']);
    expect(pathsOf(schema.safeParse({ name: null }))).toEqual(['name']);
  });

  it('takes a message the way the family sends it (01-core §7 POST /messages/{ticketId})', () => {
    const parsed = lenient(messageSendBody).parse({
      read: 1,
      fromMe: true,
      mediaUrl: '',
      body: 'hello',
      quotedMsg: { id: 4, body: 'earlier', contact: { name: 'Ana' } },
    });
    expect(parsed).toMatchObject({ read: true, fromMe: true, body: 'hello', quotedMsg: { id: 4 } });
  });

  it('takes a record read back from a GET (contacts, users, connections, tag lists)', () => {
    const contact = lenient(contactUpdateBody).parse({
      id: 3,
      uuid: 'u',
      name: 'Ana Souza',
      number: '5511999990000',
      email: '',
      active: true,
      disableBot: 0,
      companyId: 1,
      extraInfo: [{ id: 9, name: 'CPF', value: '1', contactId: 3, createdAt: 'x' }],
      tags: [{ id: 1, name: 'vip' }],
      whatsappId: '',
      createdAt: '2024-01-01T00:00:00Z',
    });
    expect(contact).toEqual({
      name: 'Ana Souza',
      number: '5511999990000',
      email: '',
      disableBot: false,
      companyId: 1,
      extraInfo: [{ id: 9, name: 'CPF', value: '1' }],
    });
    const user = lenient(userUpdateBody).parse({
      name: 'Bob',
      email: 'bob@x.test',
      super: true,
      company: { id: 1 },
      queueIds: ['1', 2],
      whatsappId: '',
      password: '',
      allTicket: 'disable',
      allowGroup: false,
      allHistoric: 'enabled',
    });
    expect(user).toEqual({ name: 'Bob', email: 'bob@x.test', queueIds: [1, 2], password: '', allTicket: 'disabled', allowGroup: 'disabled', allHistoric: 'enabled' });
    const connection = lenient(connectionUpdateBody).parse({ name: 'Main', status: 'CONNECTED', token: '', isDefault: 1, sendIdQueue: null, promptId: '', language: 'pt' });
    expect(connection).toEqual({ name: 'Main', isDefault: true, sendIdQueue: null });
    expect(lenient(tagsSyncBody).parse({ contactId: '3', tags: [{ id: 1, name: 'vip', color: '#fff' }] })).toEqual({ contactId: 3, tags: [{ id: 1 }] });
  });

  it('leaves queries with extra parameters and empty filters readable (01-core §7 GET /tickets)', () => {
    const query = lenient(ticketsListQuery).parse({ pageNumber: '2', showAll: 'true', status: '', markAsRead: 'true', groups: 'false', withUnreadMessages: '0' });
    expect(query).toEqual({ searchParam: '', pageNumber: 2, showAll: true, withUnreadMessages: false, sortTickets: 'DESC', sortBy: 'updatedAt' });
  });

  it('keeps object refinements and leaves the shared schema untouched', () => {
    const strict = z.strictObject({ a: z.boolean().optional() }).superRefine((value, ctx) => {
      if (value.a === false) ctx.addIssue({ code: 'custom', path: ['a'], message: 'no' });
    });
    expect(pathsOf(lenient(strict).safeParse({ a: 0 }))).toEqual(['a']);
    expect(strict.safeParse({ a: true, b: 1 }).success).toBe(false);
    expect(lenient(strict)).toBe(lenient(strict));
  });
});
