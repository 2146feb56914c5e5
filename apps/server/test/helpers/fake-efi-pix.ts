// A stand-in for Efí's Pix API on loopback, speaking its JSON: the OAuth2 client-credentials token
// (Basic auth), immediate charges (POST /v2/cob) and their QR codes (GET /v2/loc/{id}/qrcode). It
// records the charges it was asked for, can refuse or delay the next charge, and delivers the payment notice
// of a charge to the server's webhook the way Efí does (POST {webhook url}/pix).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const EFI_CLIENT_ID = 'Client_Id_test';
export const EFI_CLIENT_SECRET = 'Client_Secret_test';
export const EFI_PIX_KEY = 'chave-pix@example.test';

export type EfiCob = {
  txid: string;
  loc: { id: number; location: string; tipoCob: 'cob' };
  calendario: { criacao: string; expiracao: number };
  devedor: { cpf?: string; cnpj?: string; nome: string };
  valor: { original: string };
  chave: string;
  status: 'ATIVA';
  pixCopiaECola: string;
};

const readJson = (request: IncomingMessage) =>
  new Promise<unknown>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(undefined);
      }
    });
    request.on('error', reject);
  });

export const startFakeEfiPix = async () => {
  const charges: EfiCob[] = [];
  const tokens = new Set<string>();
  let tokenRequests = 0;
  let refuseNext: { status: number; body: unknown } | undefined;
  let stallNext = 0;
  let locationSequence = 0;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const body = (await readJson(request)) as Record<string, unknown> | undefined;
    if (request.method === 'POST' && path === '/oauth/token') {
      const expected = `Basic ${Buffer.from(`${EFI_CLIENT_ID}:${EFI_CLIENT_SECRET}`).toString('base64')}`;
      if (request.headers.authorization !== expected || body?.grant_type !== 'client_credentials') {
        return json(response, 401, { error: 'invalid_client', error_description: 'Invalid or inactive credentials' });
      }
      tokenRequests += 1;
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read pix.read' });
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return json(response, 401, { nome: 'nao_autorizado', mensagem: 'Token inválido' });
    if (request.method === 'POST' && path === '/v2/cob') {
      if (stallNext > 0) {
        const wait = stallNext;
        stallNext = 0;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      if (refuseNext) {
        const refusal = refuseNext;
        refuseNext = undefined;
        return json(response, refusal.status, refusal.body);
      }
      const valor = body?.valor as { original?: string } | undefined;
      if (!valor?.original || !/^\d+\.\d{2}$/.test(valor.original) || body?.chave !== EFI_PIX_KEY) {
        return json(response, 400, { nome: 'valor_invalido', mensagem: 'Campo valor.original ou chave inválido' });
      }
      locationSequence += 1;
      const txid = randomBytes(16).toString('hex');
      const cob: EfiCob = {
        txid,
        loc: { id: locationSequence, location: `pix.example.test/qr/v2/${txid}`, tipoCob: 'cob' },
        calendario: { criacao: new Date().toISOString(), expiracao: Number((body?.calendario as { expiracao?: number })?.expiracao ?? 3600) },
        devedor: body?.devedor as EfiCob['devedor'],
        valor: { original: valor.original },
        chave: EFI_PIX_KEY,
        status: 'ATIVA',
        pixCopiaECola: `00020101021226830014BR.GOV.BCB.PIX2561pix.example.test/qr/v2/${txid}5204000053039865406${valor.original}6304ABCD`,
      };
      charges.push(cob);
      return json(response, 201, cob);
    }
    const qr = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(path);
    if (request.method === 'GET' && qr) {
      const cob = charges.find((charge) => charge.loc.id === Number(qr[1]));
      if (!cob) return json(response, 404, { nome: 'location_nao_encontrada', mensagem: 'Location não encontrada' });
      return json(response, 200, {
        qrcode: cob.pixCopiaECola,
        imagemQrcode: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        linkVisualizacao: `https://pix.example.test/v2/visualizar/${cob.txid}`,
      });
    }
    return json(response, 404, { nome: 'nao_encontrado', mensagem: 'Recurso não encontrado' });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => json(response, 500, {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Efí's notice that a charge was paid, as its webhook delivers it.
  const paymentNotice = (txid: string, valor?: string) => {
    const cob = charges.find((charge) => charge.txid === txid);
    return {
      pix: [
        {
          endToEndId: `E${randomBytes(15).toString('hex')}`,
          txid,
          chave: EFI_PIX_KEY,
          valor: valor ?? cob?.valor.original ?? '0.00',
          horario: new Date().toISOString(),
          infoPagador: 'pagamento',
        },
      ],
    };
  };

  return {
    baseUrl,
    charges,
    tokenRequests: () => tokenRequests,
    refuseNextCharge: (status: number, body: unknown) => {
      refuseNext = { status, body };
    },
    // the next charge is answered only after `ms`
    stallNextCharge: (ms: number) => {
      stallNext = ms;
    },
    paymentNotice,
    // delivers a notice to `webhookUrl` and answers the server's status
    deliver: async (webhookUrl: string, notice: unknown) => {
      const response = await fetch(`${webhookUrl}/pix`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(notice) });
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeEfiPix = Awaited<ReturnType<typeof startFakeEfiPix>>;
