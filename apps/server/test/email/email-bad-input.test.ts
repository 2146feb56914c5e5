// The email channel's bad input (issue 41 "Bad input"), through the real inbound SMTP receiver on
// loopback with its default size cap (25 MB): a 50 MB mail, thousands of recipients, a zip bomb
// attached, malformed MIME trees; each refused or bounded with a log line, nothing stored half-way,
// and another company's mail read all the same.
import { crc32, deflateRawSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema.ts';
import { DOMAIN, startEmailTestbed, type EmailTestbed } from './email-testbed.ts';

const MAX_BYTES = 25 * 1024 * 1024;

let testbed: EmailTestbed;
beforeAll(async () => {
  testbed = await startEmailTestbed(MAX_BYTES);
});
afterAll(async () => {
  await testbed?.close();
});

// the email.mail jobs queued for a connection: one per mail the receiver accepted
const queuedMails = async (connectionId: number) =>
  (await testbed.t.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, 'email.mail'), sql`(${jobs.payload}->>'connectionId')::int = ${connectionId}`))).length;

// A zip of one deflated entry, written by hand: `content` inflates from a few kB.
const zipOf = (name: string, content: Buffer) => {
  const data = deflateRawSync(content, { level: 9 });
  const fileName = Buffer.from(name);
  const fields = (size: number, values: [number, number][]) => {
    const buffer = Buffer.alloc(size);
    for (const [offset, value] of values) buffer.writeUInt32LE(value, offset);
    return buffer;
  };
  const common = (header: Buffer, at: number) => {
    header.writeUInt16LE(20, at);
    header.writeUInt16LE(8, at + 4);
    header.writeUInt32LE(crc32(content), at + 10);
    header.writeUInt32LE(data.length, at + 14);
    header.writeUInt32LE(content.length, at + 18);
    header.writeUInt16LE(fileName.length, at + 22);
    return header;
  };
  const local = common(fields(30, [[0, 0x04034b50]]), 4);
  const central = common(fields(46, [[0, 0x02014b50]]), 6);
  central.writeUInt16LE(20, 4);
  const directoryAt = local.length + fileName.length + data.length;
  const end = fields(22, [[0, 0x06054b50], [12, central.length + fileName.length], [16, directoryAt]]);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
};

describe('Email channel bad input (issue 41 "Bad input")', () => {
  it('a 50 MB mail is refused at DATA with 552 and a log line; nothing is queued or stored (issue 41 "Bad input")', async () => {
    const { connection, forwarding, ticketsOf, markerRead } = await testbed.emailCompany();
    const refused = testbed.sendToReceiver({ from: 'bomba@cliente.test', to: forwarding, subject: 'Grande', text: 'x'.repeat(50 * 1024 * 1024) });
    await expect(refused).rejects.toMatchObject({ responseCode: 552, response: expect.stringContaining(`exceeds the ${MAX_BYTES} byte limit`) });
    await markerRead();
    expect((await ticketsOf()).map((row) => row.contact.number)).toEqual(['marcador1@cliente.test']);
    expect(await queuedMails(connection.id)).toBe(1);
    expect(testbed.logged('inbound email refused: over the size limit')).toEqual([expect.objectContaining({ sender: 'bomba@cliente.test', maxBytes: MAX_BYTES })]);
  });

  it('a mail to thousands of recipients is taken for the first ten addresses tried and the rest answered 452, with one log line (issue 41 "Bad input")', async () => {
    const { connection, forwarding, ticketOf, rowsWith } = await testbed.emailCompany();
    const strangers = Array.from({ length: 3000 }, (_, index) => `alvo${index}@${DOMAIN}`);
    const sent = await testbed.sendToReceiver({ from: 'spam@cliente.test', to: [forwarding, ...strangers], subject: 'Para todos', text: 'Oferta!' });
    expect(sent.accepted).toEqual([forwarding]);
    expect(sent.rejected).toHaveLength(3000);
    const codes = (sent as unknown as { rejectedErrors: { responseCode: number }[] }).rejectedErrors.map((error) => error.responseCode);
    expect(codes.filter((code) => code === 550)).toHaveLength(9);
    expect(codes.filter((code) => code === 452)).toHaveLength(3000 - 9);
    const ticket = await ticketOf('spam@cliente.test');
    expect(await rowsWith(ticket.id, 1)).toHaveLength(1);
    expect(await queuedMails(connection.id)).toBe(1);
    expect(testbed.logged('inbound email recipients refused: too many recipients')).toHaveLength(1);
  });

  it('a zip bomb attached is stored as it came, never unpacked, its Content-Encoding ignored (issue 41 "Bad input")', async () => {
    const { forwarding, ticketOf, rowsWith } = await testbed.emailCompany();
    // 100 MB of zeros in an entry the file type check looks into (an Office document's manifest)
    const bomb = zipOf('[Content_Types].xml', Buffer.alloc(100 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200 * 1024);
    await testbed.sendToReceiver({
      from: 'zip@cliente.test',
      to: forwarding,
      subject: 'Arquivos',
      text: 'Segue o zip.',
      attachments: [{ filename: 'arquivos.zip', content: bomb, headers: { 'Content-Encoding': 'gzip' } }],
    });
    const ticket = await ticketOf('zip@cliente.test');
    const [, file] = await rowsWith(ticket.id, 2);
    expect(file).toMatchObject({ mediaType: 'application', body: 'arquivos.zip', dataJson: { fileName: 'arquivos.zip' } });
    const served = Buffer.from(await (await fetch(testbed.t.url + file.mediaUrl)).arrayBuffer());
    expect(served.equals(bomb)).toBe(true);
  });

  it('malformed MIME trees (3000 nested parts, an endless header, broken boundaries) are dropped or read within bounds with a log line; the connection and another company go on (issue 41 "Bad input")', async () => {
    const own = await testbed.emailCompany();
    const other = await testbed.emailCompany();
    const raw = (from: string, subject: string, rest: string[]) => ['From: ' + from, `To: ${own.forwarding}`, `Subject: ${subject}`, 'MIME-Version: 1.0', ...rest].join('\r\n');
    const depth = 3000;
    const nested = raw('ninho@cliente.test', 'Ninho', [
      ...Array.from({ length: depth }, (_, level) => [`Content-Type: multipart/mixed; boundary="n${level}"`, '', `--n${level}`]).flat(),
      'Content-Type: text/plain',
      '',
      'fundo',
      ...Array.from({ length: depth }, (_, level) => `--n${depth - 1 - level}--`),
      '',
    ]);
    const endlessHeader = raw('cabecalho@cliente.test', 'Cabeçalho', [`X-Filler: ${'a'.repeat(1_500_000)}`, 'Content-Type: text/plain', '', 'corpo', '']);
    const broken = raw('quebrado@cliente.test', 'Quebrado', ['Content-Type: multipart/mixed; boundary="nunca"', '', '--outro', 'Content-Type: text/plain', '', 'Texto sem fronteira certa.', '--nunca', 'Content-Type: text/plain', '', 'parte sem fim', '']);
    for (const [from, mail] of [['ninho@cliente.test', nested], ['cabecalho@cliente.test', endlessHeader], ['quebrado@cliente.test', broken]] as const) {
      await testbed.sendToReceiver({ envelope: { from, to: own.forwarding }, raw: mail });
    }
    await testbed.sendToReceiver({ from: 'vizinho@cliente.test', to: other.forwarding, subject: 'Oi', text: 'Outra empresa.' });
    await other.ticketOf('vizinho@cliente.test');
    await own.markerRead();

    const dropped = testbed.logged('inbound email dropped: unreadable MIME').filter((entry) => entry.connectionId === own.connection.id);
    expect(dropped.map((entry) => entry.reason)).toEqual([expect.stringMatching(/nodes|parts/i), expect.stringMatching(/head/i)]);
    const numbers = (await own.ticketsOf()).map((row) => row.contact.number).sort();
    expect(numbers).toEqual(['marcador1@cliente.test', 'quebrado@cliente.test']);
    const ticket = await own.ticketOf('quebrado@cliente.test');
    const [row] = await own.rowsWith(ticket.id, 1);
    expect(row.body).toContain('parte sem fim');
  });
});
