// Invoices and the Pix checkout (03-saas §2 Invoices screen, Checkout dialog, §3 Invoice,
// Subscription form, Plan card, §5, §7 GET /invoices and POST /subscription, §9).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import type { SessionAnswer } from './users.ts';
import { idParam, pageNumberQuery, searchParamQuery } from './validation.ts';

// POST /auth/login of an overdue company answers 402 with the due date; its admin's answer also
// carries a session that reaches only the invoices, so the overdue landing can take the payment.
export type OverdueSignIn = { error: 'ERR_SUBSCRIPTION_OVERDUE'; dueDate: string } & Partial<SessionAnswer>;

// 'Pago' is the spec's paid status; an invoice waiting for its payment is 'Aberto', and one that
// received a payment below what was charged is 'Parcial' (still to pay: PAGAR, 03-saas §4).
export const invoiceStatuses = { open: 'Aberto', partial: 'Parcial', paid: 'Pago' } as const;
export type InvoiceStatus = (typeof invoiceStatuses)[keyof typeof invoiceStatuses];

export const invoiceView = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    detail: z.string(),
    users: z.number().int(),
    connections: z.number().int(),
    queues: z.number().int(),
    dueDate: z.string(),
    // the plan's amount as text with two decimals ("123.45"), as the database keeps it
    value: z.string(),
    // what its Pix payments have brought in so far, in the same form ("0.00" when nothing)
    valuePaid: z.string(),
    status: z.enum(invoiceStatuses),
    linkInvoice: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Invoice' });
export type InvoiceView = z.infer<typeof invoiceView>;

export const INVOICES_PAGE_SIZE = 20;

// GET /invoices?searchParam=&pageNumber=
export const invoicesListQuery = z.strictObject({
  searchParam: searchParamQuery,
  pageNumber: pageNumberQuery,
});
export type InvoicesListQuery = z.infer<typeof invoicesListQuery>;
export const invoicesPage = z.object({ invoices: z.array(invoiceView), hasMore: z.boolean() }).meta({ id: 'InvoicePage' });
export type InvoicesPage = z.infer<typeof invoicesPage>;

// GET /subscription (not in the spec; issue 35 point 5): whether the Pix checkout can take a
// payment, and whom to contact (the super admin's supportContact setting, '' when unset).
export const checkoutAvailability = z.object({ pixAvailable: z.boolean(), supportContact: z.string() }).meta({ id: 'CheckoutAvailability' });
export type CheckoutAvailability = z.infer<typeof checkoutAvailability>;

// 03-saas §5 and §9: the custom plan's steppers stop at 3; the price is 49 at 3 users and 3
// connections and moves by 11 per user and 20 per connection.
export const CUSTOM_PLAN = { basePrice: 49, perUser: 11, perConnection: 20, minUsers: 3, minConnections: 3 } as const;

// The one price of a custom plan, shown by the checkout and checked by the server.
export const customPlanPrice = (users: number, connections: number) =>
  CUSTOM_PLAN.basePrice +
  CUSTOM_PLAN.perUser * (Math.max(users, CUSTOM_PLAN.minUsers) - CUSTOM_PLAN.minUsers) +
  CUSTOM_PLAN.perConnection * (Math.max(connections, CUSTOM_PLAN.minConnections) - CUSTOM_PLAN.minConnections);

// A Pix amount as the provider writes it: "123.45".
export const pixAmount = (value: number) => value.toFixed(2);

// 03-saas §3 Plan card in checkout: the company's plan, or the custom plan the steppers priced.
export const checkoutPlan = z.object({
  custom: z.boolean().default(false),
  planId: idParam.optional(),
  title: z.string().max(200).optional(),
  price: z.coerce.number().nonnegative().max(1_000_000).optional(),
  users: z.coerce.number().int().min(0).max(100_000).optional(),
  connections: z.coerce.number().int().min(0).max(100_000).optional(),
  queues: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type CheckoutPlan = z.infer<typeof checkoutPlan>;

// The web of the product family sends the chosen plan card as a JSON string.
const planJson = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, checkoutPlan);

const optionalText = z.string().trim().max(200).optional();

// 03-saas §3 Subscription form; §5 step 1: firstName and zipcode (the CPF/CNPJ field) required.
// The card fields belong to the form but a Pix payment never uses them; they are not stored.
export const subscriptionBody = z.strictObject({
  firstName: z.string({ error: 'invoices.validation.firstNameRequired' }).trim().min(1, 'invoices.validation.firstNameRequired').max(200),
  lastName: optionalText,
  address2: optionalText,
  city: optionalText,
  state: optionalText,
  zipcode: z
    .string({ error: 'invoices.validation.zipcodeRequired' })
    .trim()
    .min(1, 'invoices.validation.zipcodeRequired')
    .max(30)
    .refine((text) => [11, 14].includes(text.replace(/\D/g, '').length), 'invoices.validation.documentInvalid'),
  country: optionalText,
  useAddressForPaymentDetails: z.boolean().optional(),
  nameOnCard: optionalText,
  cardNumber: optionalText,
  cvv: optionalText,
  plan: planJson,
  price: z.coerce.number().nonnegative().max(1_000_000),
  users: z.coerce.number().int().min(0).max(100_000).optional(),
  connections: z.coerce.number().int().min(0).max(100_000).optional(),
  invoiceId: idParam,
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;
export type SubscriptionInput = z.input<typeof subscriptionBody>;

// The CPF (11 digits) or CNPJ (14 digits) typed in the zipcode field, as the Pix debtor.
export const pixDebtor = (zipcode: string, name: string) => {
  const digits = zipcode.replace(/\D/g, '');
  return digits.length === 14 ? { cnpj: digits, nome: name } : { cpf: digits, nome: name };
};

// POST /subscription answers the Pix charge the checkout shows (03-saas §3 Pix result).
export const pixChargeAnswer = z
  .object({
    invoiceId: z.number().int(),
    txid: z.string(),
    valor: z.object({ original: z.string() }),
    qrcode: z.object({ qrcode: z.string(), imagemQrcode: z.string() }),
    expiresAt: z.string(),
  })
  .meta({ id: 'PixCharge' });
export type PixChargeAnswer = z.infer<typeof pixChargeAnswer>;

// The Pix provider's webhook delivery (Efí: POST {webhook url}/pix).
export const pixWebhookBody = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().min(1).max(100),
        txid: z.string().min(1).max(100),
        // the amount paid, as Efí writes it ("123.45")
        valor: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
        horario: z.string().max(60),
      }),
    )
    .max(1000)
    .default([]),
});
export type PixWebhookBody = z.infer<typeof pixWebhookBody>;

// 03-saas §7 GET /invoices and POST /subscription (the provider's webhook stays a plain route: its
// caller is the Pix provider, not a client of this API)
export const invoicesEndpoints = {
  page: defineEndpoint({ method: 'GET', path: '/invoices', query: invoicesListQuery, response: invoicesPage, operationId: 'listInvoices', summary: "A page of the company's invoices" }),
  availability: defineEndpoint({
    method: 'GET',
    path: '/subscription',
    response: checkoutAvailability,
    operationId: 'showCheckoutAvailability',
    summary: 'Whether an invoice can be paid by Pix here, and whom to ask if not',
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/subscription',
    body: subscriptionBody.meta({ id: 'SubscriptionBody' }),
    response: pixChargeAnswer,
    operationId: 'createPixCharge',
    summary: 'A Pix charge for what an invoice still owes (its plan, or a custom plan)',
    errors: { 404: ['ERR_NO_INVOICE_FOUND'], 409: ['ERR_INVOICE_ALREADY_PAID'], 503: ['ERR_PAYMENT_NOT_CONFIGURED'] },
  }),
};
