import { CALENDAR_YEARS, FORM_MESSAGES } from '@guichet/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ListingCursor } from './catalogue/list-ticketings.js';
import { BoundedInstant, CalendarYear, IsoDate, text } from './text.js';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('text', () => {
  const name = text({ max: 10 });

  it('keeps the text trimmed and in NFC form', () => {
    expect(name.parse('  Ze\u0301lie ')).toBe('Zélie');
  });

  it('keeps a text as typed when asked (passwords, tokens, paths)', () => {
    expect(text({ max: 10, asTyped: true }).parse(' e\u0301 ')).toBe(' e\u0301 ');
  });

  it('refuses control characters and lone surrogates with the spec’s message', () => {
    for (const value of ['a\u0000b', 'a\u0007', 'a\u009bb', 'a\nb', 'a\ud800']) {
      expect(messageOf(name.safeParse(value)), JSON.stringify(value)).toBe(FORM_MESSAGES.regex);
    }
    expect(text({ max: 10, multiline: true }).parse('a\r\n\tb')).toBe('a\r\n\tb');
  });

  it('bounds the length in characters, not UTF-16 units', () => {
    expect(name.parse('🎫'.repeat(10))).toBe('🎫'.repeat(10));
    expect(messageOf(name.safeParse('🎫'.repeat(11)))).toBe(
      'Veuillez saisir un texte contenant moins de 10 caractères.',
    );
  });

  it('tells the OpenAPI document its bounds', () => {
    expect(z.toJSONSchema(text({ max: 10 }).optional().describe('Nom'), { io: 'input' })).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 10,
      description: 'Nom',
    });
  });

  it('says « required » for an empty or missing text and « invalid » for another type', () => {
    expect(messageOf(name.safeParse(''))).toBe(FORM_MESSAGES.required);
    expect(messageOf(name.safeParse(undefined))).toBe(FORM_MESSAGES.required);
    expect(messageOf(name.safeParse(42))).toBe(FORM_MESSAGES.numeric);
    expect(text({ max: 10, required: false }).parse('')).toBe('');
  });
});

describe('dates within the site’s calendar', () => {
  it('accepts the first and last years, and nothing outside', () => {
    expect(IsoDate.parse(`${CALENDAR_YEARS.first}-01-01`)).toBe(`${CALENDAR_YEARS.first}-01-01`);
    expect(IsoDate.parse(`${CALENDAR_YEARS.last}-12-31`)).toBe(`${CALENDAR_YEARS.last}-12-31`);
    expect(messageOf(IsoDate.safeParse('0000-01-01'))).toBe(FORM_MESSAGES.dateBefore);
    expect(messageOf(IsoDate.safeParse(`${CALENDAR_YEARS.first - 1}-12-31`))).toBe(FORM_MESSAGES.dateBefore);
    expect(messageOf(IsoDate.safeParse(`${CALENDAR_YEARS.last + 1}-01-01`))).toBe(FORM_MESSAGES.dateAfter);
    for (const value of ['99999-01-01', '2026-02-30', '2026-13-01', 'demain']) {
      expect(IsoDate.safeParse(value).success, value).toBe(false);
    }
  });

  it('reads years of the calendar only', () => {
    expect(CalendarYear.parse('2026')).toBe(2026);
    for (const value of ['0', '1999', '2101', '99999', '2026.5', 'x']) {
      expect(CalendarYear.safeParse(value).success, value).toBe(false);
    }
  });

  it('bounds instants too, and refuses dates JavaScript would roll over', () => {
    expect(BoundedInstant.safeParse('2026-11-22T10:00:00.123456Z').success).toBe(true);
    for (const value of [
      '0000-01-01T00:00:00Z',
      `${CALENDAR_YEARS.last + 1}-01-01T00:00:00Z`,
      '2026-02-30T10:00:00Z',
      '2026-11-22T24:00:00Z',
      '2026-11-22T10:00:00+01:00',
    ]) {
      expect(BoundedInstant.safeParse(value).success, value).toBe(false);
    }
  });

  it('holds a listing cursor to the same bounds', () => {
    expect(ListingCursor.parse({ startsAt: '2026-11-22T10:00:00.000000Z', id: 3 })).toEqual({
      startsAt: '2026-11-22T10:00:00.000000Z',
      id: 3,
    });
    for (const value of [
      { startsAt: '0000-01-01T00:00:00Z', id: 1 },
      { startsAt: '2026-11-22T10:00:00Z', id: 0 },
      { startsAt: '2026-11-22T10:00:00Z', id: 2 ** 31 },
      { startsAt: '2026-11-22T10:00:00Z', id: 1, extra: true },
    ]) {
      expect(ListingCursor.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});
