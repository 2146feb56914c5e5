import { describe, expect, it } from 'vitest';
import { isOverdue } from './due-date.ts';
import { customPlanPrice, pixDebtor, subscriptionBody } from './invoices.ts';

describe('custom plan price (03-saas §5, §9)', () => {
  it('is 49 at 3 users and 3 connections, +11 a user and +20 a connection', () => {
    expect(customPlanPrice(3, 3)).toBe(49);
    expect(customPlanPrice(4, 3)).toBe(60);
    expect(customPlanPrice(3, 5)).toBe(89);
    expect(customPlanPrice(10, 10)).toBe(49 + 77 + 140);
  });

  it('never goes below the minimum of 3 each', () => {
    expect(customPlanPrice(0, 1)).toBe(49);
  });
});

describe('overdue (01-core §4 Session)', () => {
  it('a due date before today is overdue, today is not, company 1 never', () => {
    expect(isOverdue(2, '2030-03-09', '2030-03-10')).toBe(true);
    expect(isOverdue(2, '2030-03-10', '2030-03-10')).toBe(false);
    expect(isOverdue(1, '2000-01-01', '2030-03-10')).toBe(false);
  });
});

describe('subscription form (03-saas §3, §5 step 1)', () => {
  it('a CPF or CNPJ typed with its mask becomes the Pix debtor', () => {
    expect(pixDebtor('123.456.789-09', 'Maria')).toEqual({ cpf: '12345678909', nome: 'Maria' });
    expect(pixDebtor('12.345.678/0001-95', 'Loja')).toEqual({ cnpj: '12345678000195', nome: 'Loja' });
  });

  it('reads the plan card sent as a JSON string', () => {
    const parsed = subscriptionBody.parse({ firstName: 'Maria', zipcode: '12345678909', plan: '{"custom":true,"users":4}', price: 60, invoiceId: '7' });
    expect(parsed.plan).toEqual({ custom: true, users: 4 });
    expect(parsed.invoiceId).toBe(7);
  });
});
