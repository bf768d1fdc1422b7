import { describe, expect, it } from 'vitest';
import {
  ALL_FIELDS_REQUIRED,
  INVALID_EMAIL,
  INVALID_PHONE,
  contactParamsSchema,
  exitEnquiryParamsSchema,
  exitPopupPhone,
  homeEnquiryParamsSchema,
  isInternationalFormat,
  isValidInternationalPhone,
  packageEnquiryParamsSchema,
  validateContact,
  validateExitEnquiry,
  validateHomeEnquiry,
  validatePackageEnquiry,
} from './enquiry.ts';

describe('phone numbers', () => {
  it('an initial value must be + followed by digits', () => {
    expect(isInternationalFormat('+971501234567')).toBe(true);
    expect(isInternationalFormat('971501234567')).toBe(false);
    expect(isInternationalFormat('+971 50 123 4567')).toBe(false);
    expect(isInternationalFormat('+')).toBe(false);
    expect(isInternationalFormat('+97150abc')).toBe(false);
  });

  it('is valid only for its own country', () => {
    expect(isValidInternationalPhone('+971501234567')).toBe(true);
    expect(isValidInternationalPhone('+971 50 123 4567')).toBe(true);
    expect(isValidInternationalPhone('+919876543210')).toBe(true);
    expect(isValidInternationalPhone('+97150123')).toBe(false);
    expect(isValidInternationalPhone('+9719876543210')).toBe(false);
    expect(isValidInternationalPhone('0501234567')).toBe(false);
  });

  it('joins the exit popup dial code and number', () => {
    expect(exitPopupPhone({ MobileCountryCode: '+971', MobileNo: '50 123 4567' })).toBe('+971501234567');
    expect(exitPopupPhone({ MobileCountryCode: '971', MobileNo: '0501234567' })).toBe('+971501234567');
    expect(exitPopupPhone({ MobileCountryCode: '+91', MobileNo: '+919876543210' })).toBe('+919876543210');
  });
});

describe('enquiry rules', () => {
  const exit = exitEnquiryParamsSchema.parse({
    FullName: 'Sara',
    Email: 'sara@gmail.com',
    MobileCountryCode: '+971',
    MobileNo: '501234567',
  });

  it('exit popup: defaults, then the spec messages', () => {
    expect(exitEnquiryParamsSchema.parse({}).MobileCountryCode).toBe('+91');
    expect(exitEnquiryParamsSchema.parse({}).Mode).toBe('exit-popup');
    expect(validateExitEnquiry(exit)).toBeNull();
    expect(validateExitEnquiry({ ...exit, FullName: '' })).toBe(ALL_FIELDS_REQUIRED);
    expect(validateExitEnquiry({ ...exit, Email: '' })).toBe(ALL_FIELDS_REQUIRED);
    expect(validateExitEnquiry({ ...exit, MobileNo: '' })).toBe(ALL_FIELDS_REQUIRED);
    expect(validateExitEnquiry({ ...exit, MobileNo: '12' })).toBe(INVALID_PHONE);
    expect(validateExitEnquiry({ ...exit, MobileCountryCode: 'abc' })).toBe(INVALID_PHONE);
    expect(validateExitEnquiry({ ...exit, Email: 'sara@' })).toBe(INVALID_EMAIL);
  });

  it('contact: required fields in order, then formats', () => {
    const ok = contactParamsSchema.parse({
      FirstName: ' Aisha ',
      Email: 'aisha@gmail.com',
      PhoneNumber: '+971501234567',
      EnquiryType: 'Feedback',
      Message: 'Hello',
    });
    expect(ok.FirstName).toBe('Aisha');
    expect(ok.LastName).toBe('');
    expect(validateContact(ok)).toBeNull();
    expect(validateContact({ ...ok, FirstName: '' })).toBe('Please enter your first name.');
    expect(validateContact({ ...ok, Email: 'aisha' })).toBe(INVALID_EMAIL);
    expect(validateContact({ ...ok, PhoneNumber: '+1234' })).toBe(INVALID_PHONE);
    expect(validateContact({ ...ok, Message: '' })).toBe('Please write your message.');
    expect(contactParamsSchema.safeParse({ Message: 'x'.repeat(3001) }).success).toBe(false);
  });

  it('home call-back: email or phone as the contact', () => {
    const ok = homeEnquiryParamsSchema.parse({
      EmailOrPhone: 'priya@gmail.com',
      FullName: 'Priya',
      Phone: '+919812345678',
      TimeToCall: 'Anytime',
    });
    expect(ok.Id).toBe(0);
    expect(validateHomeEnquiry(ok)).toBeNull();
    expect(validateHomeEnquiry({ ...ok, EmailOrPhone: '+919812345678', Phone: '' })).toBeNull();
    expect(validateHomeEnquiry({ ...ok, Phone: '' })).toBe('Please enter a phone number we can call.');
    expect(validateHomeEnquiry({ ...ok, Phone: '+91981' })).toBe(INVALID_PHONE);
    expect(homeEnquiryParamsSchema.safeParse({ Id: 5 }).success).toBe(false);
  });

  it('package enquiry: numbers from the query string, travel date not in the past', () => {
    const ok = packageEnquiryParamsSchema.parse({
      PackageId: '7',
      FullName: 'Omar',
      Email: 'omar@icloud.com',
      PhoneNumber: '+971551234567',
      Adults: '3',
      TravelDate: '2030-01-01',
    });
    expect(ok).toMatchObject({ PackageId: 7, Adults: 3, Children: 0 });
    expect(validatePackageEnquiry(ok, '2029-12-31')).toBeNull();
    expect(validatePackageEnquiry(ok, '2030-01-02')).toBe('Please choose a travel date from today onwards.');
    expect(validatePackageEnquiry({ ...ok, TravelDate: '' }, '2030-01-02')).toBeNull();
    expect(packageEnquiryParamsSchema.safeParse({ Adults: '21' }).success).toBe(false);
  });
});
