import { describe, expect, it } from 'vitest';
import { reachesContact } from './channel-capabilities.ts';

const whatsapp = { id: 1, channel: 'whatsapp' };
const cloudApi = { id: 2, channel: 'whatsappapi' };
const telegram = { id: 3, channel: 'telegram' };
const widget = { id: 4, channel: 'webchat' };
const otherWidget = { id: 5, channel: 'webchat' };
const email = { id: 6, channel: 'email' };
const page = { id: 7, channel: 'facebook' };
const instagram = { id: 8, channel: 'instagram' };
const all = [whatsapp, cloudApi, telegram, widget, otherWidget, email, page, instagram];

const contact = (channel: string, number: string, whatsappId: number | null = null, isGroup = false) => ({ channel, number, whatsappId, isGroup });
const reaching = (who: ReturnType<typeof contact>) => all.filter((connection) => reachesContact(connection, who)).map((connection) => connection.id);

describe('which connections can open a conversation with a contact (issue 41 point 4, docs/channels.md)', () => {
  it('a phone contact on the phone channels only, never on a Telegram bot, a widget, email or a page', () => {
    expect(reaching(contact('whatsapp', '5511987654321', telegram.id))).toEqual([whatsapp.id, cloudApi.id]);
    expect(reaching(contact('sandbox', '5511987654321'))).toEqual([whatsapp.id, cloudApi.id]);
  });

  it('a WhatsApp group on the phone channels, whatever its id looks like', () => {
    expect(reaching(contact('whatsapp', '5511987654321-1600000000', whatsapp.id, true))).toEqual([whatsapp.id, cloudApi.id]);
  });

  it('a Telegram chat on a Telegram bot only, though its id is digits as a phone is', () => {
    expect(reaching(contact('telegram', '98765432', telegram.id))).toEqual([telegram.id]);
  });

  it('a web chat visitor on the widget that first saw them only', () => {
    expect(reaching(contact('webchat', '123456789012345678901234567890', widget.id))).toEqual([widget.id]);
    expect(reaching(contact('webchat', '123456789012345678901234567890', null))).toEqual([]);
  });

  it('an email contact on an email connection, if its number is an address', () => {
    expect(reaching(contact('email', 'cliente@example.com', email.id))).toEqual([email.id]);
    expect(reaching(contact('email', '5511987654321', email.id))).toEqual([]);
  });

  it('a page-scoped id on its own page only (Messenger and Instagram ids differ per page)', () => {
    expect(reaching(contact('facebook', '2401234567890123', page.id))).toEqual([page.id]);
    expect(reaching(contact('instagram', '1789012345678901', instagram.id))).toEqual([instagram.id]);
  });
});
