import { describe, expect, it } from 'vitest';
import { mediaPathOf, mediaTypeOf, repairText, serviceHours, sessionOf } from './source-rows.rules.ts';

describe('issue 39: reading whaticket-family rows', () => {
  it('issue 39 bad input: double-encoded UTF-8 is turned back, lost bytes are kept and named', () => {
    expect(repairText('PÃ£o Quente')).toEqual({ text: 'Pão Quente', problem: 'repaired' });
    expect(repairText('Pão Quente')).toEqual({ text: 'Pão Quente' });
    expect(repairText('pe\uFFFDa')).toEqual({ text: 'pe\uFFFDa', problem: 'broken' });
    expect(repairText(`a${String.fromCharCode(0)}b`)).toEqual({ text: 'ab', problem: 'repaired' });
    // Latin-1 look-alikes beside characters Latin-1 cannot hold were never double-encoded
    expect(repairText('Ã© 😀')).toEqual({ text: 'Ã© 😀' });
  });

  it('issue 39 point 1: service hours of one shift (SaaS copies) or two (newer) become two shifts', () => {
    expect(serviceHours([{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }], [])).toEqual([
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '18:00', startTimeB: '', endTimeB: '' },
    ]);
    expect(serviceHours('[{"weekdayEn":"sunday","startTimeA":"09:00","endTimeA":"12:00","startTimeB":"25:00"}]', [])).toEqual([
      { weekday: 'Domingo', weekdayEn: 'sunday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' },
    ]);
    expect(serviceHours({ monday: true }, [])).toEqual([]);
  });

  it('issue 39 point 1: a media path stays inside the public folder, its kind from the source type', () => {
    expect(mediaPathOf({ mediaUrl: 'company2/foto.jpg' })).toBe('company2/foto.jpg');
    expect(mediaPathOf({ mediaUrl: '/public/1682.ogg' })).toBe('1682.ogg');
    expect(mediaPathOf({ mediaUrl: '../../etc/passwd' })).toBeNull();
    expect(mediaPathOf({ mediaUrl: 'https://cdn.example/x.jpg' })).toBeNull();
    expect(mediaTypeOf({ mediaType: 'imageMessage' }, true)).toBe('image');
    expect(mediaTypeOf({ mediaType: 'application' }, true)).toBe('document');
    expect(mediaTypeOf({ mediaType: 'extendedTextMessage' }, false)).toBe('chat');
  });

  it('issue 39 point 1: a Baileys session is read whole from Whatsapps.session or with BaileysKeys rows', () => {
    const creds = { me: { id: '5511988887777:12@s.whatsapp.net' }, noiseKey: { private: { type: 'Buffer', data: 'AAA=' } } };
    const saas = sessionOf(JSON.stringify({ creds, keys: { preKeys: { '1': { public: { type: 'Buffer', data: 'AQ==' } } }, unknown: { x: 1 } } }), []);
    expect(saas).toEqual({
      loggedIn: true,
      keys: [
        { type: 'creds', keyId: '', value: JSON.stringify(creds) },
        { type: 'pre-key', keyId: '1', value: '{"public":{"type":"Buffer","data":"AQ=="}}' },
      ],
    });
    const ticketz = sessionOf(JSON.stringify({ creds: { registered: false }, keys: {} }), [{ type: 'session', key: '55.0', value: '{}' }]);
    expect(ticketz).toEqual({ loggedIn: false, keys: [{ type: 'creds', keyId: '', value: '{"registered":false}' }, { type: 'session', keyId: '55.0', value: '{}' }] });
    expect(sessionOf('not json', [])).toEqual({ problem: 'the session is not Baileys creds in JSON' });
    expect(sessionOf(null, [])).toBeNull();
  });
});
