// What the checkout needs from a payment provider (ARCHITECTURE: invoices, payment provider). The
// first implementation speaks Efí's Pix API (efi-pix.provider.ts); another provider implements the
// same call and is chosen in app.ts.
import type { pixDebtor } from '@atende/shared/invoices';

export type PixChargeRequest = {
  // "123.45"
  amount: string;
  debtor: ReturnType<typeof pixDebtor>;
  expirationSeconds: number;
  // shown to the payer in the bank app
  description: string;
};

export type PixCharge = {
  txid: string;
  locationId: number;
  // the Pix copy-and-paste code and its QR image (a data URL)
  qrcode: string;
  imageQrcode: string;
};

export type PaymentProvider = {
  // whether charges can be made at all (credentials present): the invoices screen says so before a
  // customer starts a checkout that could only fail
  configured: boolean;
  createPixCharge: (request: PixChargeRequest) => Promise<PixCharge>;
};
