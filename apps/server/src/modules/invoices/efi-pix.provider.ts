// Efí (formerly Gerencianet) Pix API: OAuth2 client credentials (POST /oauth/token with Basic
// auth), an immediate charge (POST /v2/cob) and its QR code (GET /v2/loc/{id}/qrcode). Every call
// has a timeout; a refusal or an unreachable provider is ERR_PAYMENT_PROVIDER (502) with the
// provider's own words in the log, never in the answer.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider, PixCharge, PixChargeRequest } from './payment.provider.ts';

export type EfiPixSettings = { baseUrl: string; clientId?: string; clientSecret?: string; key?: string; timeoutMs: number };

type TokenAnswer = { access_token?: string; expires_in?: number };
type CobAnswer = { txid?: string; loc?: { id?: number } };
type QrcodeAnswer = { qrcode?: string; imagemQrcode?: string };

// a token is renewed this long before Efí says it expires
const TOKEN_MARGIN_MS = 60_000;

const providerError = () => new AppError('ERR_PAYMENT_PROVIDER', 502);

export const createEfiPixProvider = (settings: EfiPixSettings, log: FastifyBaseLogger): PaymentProvider => {
  let cached: { token: string; expiresAt: number } | undefined;

  const call = async <T>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      log.warn({ path, err: error }, 'Pix provider unreachable');
      throw providerError();
    }
    const text = await response.text();
    if (!response.ok) {
      log.warn({ path, status: response.status, answer: text.slice(0, 500) }, 'Pix provider refused the call');
      if (response.status === 401) cached = undefined;
      throw providerError();
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      log.warn({ path, answer: text.slice(0, 500) }, 'Pix provider answered something other than JSON');
      throw providerError();
    }
  };

  const accessToken = async () => {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const answer = await call<TokenAnswer>('POST', '/oauth/token', { authorization: `Basic ${basic}` }, { grant_type: 'client_credentials' });
    if (!answer.access_token) throw providerError();
    cached = { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 - TOKEN_MARGIN_MS };
    return cached.token;
  };

  const configured = Boolean(settings.clientId && settings.clientSecret && settings.key);
  return {
    configured,
    createPixCharge: async (request: PixChargeRequest): Promise<PixCharge> => {
      if (!configured) throw new AppError('ERR_PAYMENT_NOT_CONFIGURED', 503);
      const bearer = { authorization: `Bearer ${await accessToken()}` };
      const cob = await call<CobAnswer>('POST', '/v2/cob', bearer, {
        calendario: { expiracao: request.expirationSeconds },
        devedor: request.debtor,
        valor: { original: request.amount },
        chave: settings.key,
        solicitacaoPagador: request.description,
      });
      const locationId = cob.loc?.id;
      if (!cob.txid || locationId === undefined) throw providerError();
      const qr = await call<QrcodeAnswer>('GET', `/v2/loc/${locationId}/qrcode`, bearer);
      if (!qr.qrcode) throw providerError();
      return { txid: cob.txid, locationId, qrcode: qr.qrcode, imageQrcode: qr.imagemQrcode ?? '' };
    },
  };
};
