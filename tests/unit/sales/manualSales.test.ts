import { describe, expect, it } from 'vitest';
import {
  checkSalesDay,
  maxSalesDay,
  parseAmount,
  parseTickets,
  revenueValid,
  revenueWithinLimit,
  rowFilled,
  ticketsValid,
  ticketsWithinLimit,
  toPayload,
} from '../../../src/islands/events/sales/manualSales';
import { matchTicketType, TICKET_TYPES } from '../../../src/islands/events/sales/ticketTypes';

describe('manual sales numbers (spec 3 §5)', () => {
  it('takes whole tickets only', () => {
    expect(parseTickets('12')).toBe(12);
    expect(parseTickets(' 3 ')).toBe(3);
    for (const bad of ['', '1.5', '1,5', '-1', '1e3', 'abc']) expect(parseTickets(bad)).toBeNull();
  });

  it('needs at least one ticket', () => {
    expect(ticketsValid('0')).toBe(false);
    expect(ticketsValid('1')).toBe(true);
    expect(ticketsValid('')).toBe(false);
  });

  it('stops at the server’s per-entry limits (1,000,000 tickets, 1,000,000,000 revenue)', () => {
    expect(ticketsWithinLimit('1000000')).toBe(true);
    expect(ticketsWithinLimit('1000001')).toBe(false);
    expect(ticketsWithinLimit('999999999')).toBe(false);
    expect(revenueWithinLimit('25000000,55')).toBe(true);
    expect(revenueWithinLimit('1000000000')).toBe(true);
    expect(revenueWithinLimit('1000000000.01')).toBe(false);
  });

  it('reads amounts with a dot or a comma and refuses thousands separators', () => {
    expect(parseAmount('1234.5')).toBe(1234.5);
    expect(parseAmount('1234,50')).toBe(1234.5);
    expect(parseAmount('1.234,00')).toBeNull();
    expect(parseAmount('12.345')).toBeNull();
  });

  it('accepts revenue of zero but not below', () => {
    expect(revenueValid('0')).toBe(true);
    expect(revenueValid('-0.01')).toBe(false);
    expect(revenueValid('x')).toBe(false);
  });
});

describe('sales days', () => {
  it('stops at today or the event day, whichever is earlier', () => {
    expect(maxSalesDay('2026-11-22', '2027-01-10')).toBe('2026-11-22');
    expect(maxSalesDay('2026-11-22', '2026-03-01')).toBe('2026-03-01');
  });

  it('refuses days after the maximum and ends before the start', () => {
    expect(checkSalesDay('2026-11-23', { max: '2026-11-22' })).toBe('afterMax');
    expect(checkSalesDay('2026-11-01', { min: '2026-11-05', max: '2026-11-22' })).toBe('beforeStart');
    expect(checkSalesDay('2026-11-05', { min: '2026-11-05', max: '2026-11-22' })).toBeNull();
  });
});

describe('summary payload', () => {
  it('maps rows to ticket types with counts and revenue', () => {
    const payload = toPayload('e1', '2026-11-01', '2026-11-02', [
      { type: 'regular', sold: '10', revenue: '250,5' },
      { type: 'regular discount', sold: '2', revenue: '30' },
      { type: 'regular', sold: '1', revenue: '0.25' },
    ]);
    expect(payload).toEqual({
      event_id: 'e1',
      start_date: '2026-11-01',
      end_date: '2026-11-02',
      ticket_types: { regular: { count: 11, revenue: 250.75 }, 'regular discount': { count: 2, revenue: 30 } },
    });
  });

  it('counts a row as filled only with type, tickets and revenue', () => {
    expect(rowFilled({ type: 'free', sold: '1', revenue: '0' })).toBe(true);
    expect(rowFilled({ type: '', sold: '1', revenue: '0' })).toBe(false);
    expect(rowFilled({ type: 'free', sold: '1', revenue: ' ' })).toBe(false);
  });
});

describe('ticket types', () => {
  it('are the seven keys of spec 3 §9', () => {
    expect(TICKET_TYPES).toEqual(['subscription', 'regular', 'regular discount', 'discount', 'cancelled', 'free', 'reserved']);
  });

  it('match case-insensitively', () => {
    expect(matchTicketType(' Regular  Discount ')).toBe('regular discount');
    expect(matchTicketType('FREE')).toBe('free');
    expect(matchTicketType('vip')).toBeNull();
  });
});
