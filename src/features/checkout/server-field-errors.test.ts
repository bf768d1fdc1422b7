import { describe, expect, it } from 'vitest';
import { formFieldOf, serverFieldErrors } from './server-field-errors.ts';

describe("the server's field paths on the travellers form", () => {
  it('maps the lead traveller, the other travellers and the tax numbers to their fields', () => {
    expect(formFieldOf('LeadTraveller.Title')).toBe('lead.Title');
    expect(formFieldOf('LeadTraveller.Phone')).toBe('lead.Phone');
    expect(formFieldOf('LeadTraveller.Address.1')).toBe('lead.Address');
    expect(formFieldOf('Travellers.2.LastName')).toBe('others.2.LastName');
    expect(formFieldOf('Pan')).toBe('pan');
    expect(formFieldOf('Gstin')).toBe('gstin');
    expect(formFieldOf('Trn')).toBe('trn');
  });

  it('names no field for a path the form does not have', () => {
    expect(formFieldOf('TempBookingId')).toBeNull();
    expect(formFieldOf('Travellers.x.FirstName')).toBeNull();
    expect(formFieldOf('LeadTraveller.Nickname')).toBeNull();
    expect(formFieldOf('Travellers.0.AgeBand')).toBeNull();
  });

  it('puts each issue under its field in words, without the path', () => {
    const { fields, rest } = serverFieldErrors(
      'LeadTraveller.Title: Choose a title: Mr, Mrs, Ms, Miss or Dr.; Travellers.0.FirstName: Enter the first name.',
    );
    expect(fields).toEqual({
      'lead.Title': 'Choose a title: Mr, Mrs, Ms, Miss or Dr.',
      'others.0.FirstName': 'Enter the first name.',
    });
    expect(rest).toBeNull();
  });

  it('keeps the words of an issue with no field on the form, and a plain message as it is', () => {
    expect(serverFieldErrors('Travellers.0.AgeBand: Choose an age band.')).toEqual({
      fields: {},
      rest: 'Choose an age band.',
    });
    expect(serverFieldErrors('Failed to verify PAN: the name does not match.')).toEqual({
      fields: {},
      rest: 'Failed to verify PAN: the name does not match.',
    });
    expect(serverFieldErrors('Your hold has ended. Please hold your cart again.')).toEqual({
      fields: {},
      rest: 'Your hold has ended. Please hold your cart again.',
    });
  });
});
