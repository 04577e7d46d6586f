import {
  compactId,
  formatFrenchVat,
  formatSiren,
  formatSiret,
  frenchVatKey,
  isFrenchVatFormat,
  isSiren,
  isSiret,
  luhnValid,
  vatMatchesSiren,
  isHttpsUrl,
  isPhoneNumber,
  phoneHref,
} from '@vitrine/domain';

describe('French company identifiers', () => {
  it('take out what people type between the digits', () => {
    expect(compactId(' 912 345.675 ')).toBe('912345675');
    expect(compactId('fr 65 912\u00a0345\u202f675')).toBe('FR65912345675');
  });

  it('check the Luhn key of a SIREN and a SIRET', () => {
    expect(luhnValid('912345675')).toBe(true);
    expect(isSiren('912345675')).toBe(true);
    expect(isSiren('732829320')).toBe(true);
    expect(isSiren('912345678')).toBe(false);
    expect(isSiren('91234567')).toBe(false);
    expect(isSiret('91234567500017')).toBe(true);
    expect(isSiret('73282932000074')).toBe(true);
    expect(isSiret('91234567500018')).toBe(false);
    expect(isSiret('9123456750001')).toBe(false);
    // La Poste's establishments: one SIREN, the digits summing to a multiple of 5 instead of Luhn.
    expect(isSiret('35600000049837')).toBe(true);
    expect(isSiret('35600000049838')).toBe(false);
  });

  it('compute the VAT key of a SIREN and check a VAT number against it', () => {
    expect(frenchVatKey('912345675')).toBe('65');
    expect(frenchVatKey('732829320')).toBe('44');
    expect(frenchVatKey('000000001')).toBe('15');
    expect(isFrenchVatFormat('FR65912345675')).toBe(true);
    expect(isFrenchVatFormat('DE123456789')).toBe(false);
    expect(vatMatchesSiren('FR65912345675', '912345675')).toBe(true);
    expect(vatMatchesSiren('FR12912345675', '912345675')).toBe(false);
    expect(vatMatchesSiren('FR44732829320', '912345675')).toBe(false);
    // An old-style key with a letter: only the SIREN can be checked.
    expect(vatMatchesSiren('FRA1912345675', '912345675')).toBe(true);
  });

  it('format them for display', () => {
    expect(formatSiren('912345675')).toBe('912 345 675');
    expect(formatSiret('91234567500017')).toBe('912 345 675 00017');
    expect(formatFrenchVat('FR65912345675')).toBe('FR 65 912 345 675');
  });
});

describe('contact details', () => {
  it('accept telephone numbers as written, and dial French national ones from abroad', () => {
    expect(isPhoneNumber('01 99 00 24 24')).toBe(true);
    expect(isPhoneNumber('+33 (0)1 99.00.24.24')).toBe(true);
    expect(isPhoneNumber('12')).toBe(false);
    expect(isPhoneNumber('appelez-nous')).toBe(false);
    expect(phoneHref('01 99 00 24 24')).toBe('tel:+33199002424');
    expect(phoneHref('+32 2 123 45 67')).toBe('tel:+3221234567');
    expect(phoneHref('0032 2 123 45 67')).toBe('tel:+3221234567');
  });

  it('accept https addresses only', () => {
    expect(isHttpsUrl('https://calendly.com/vitrine')).toBe(true);
    expect(isHttpsUrl('http://calendly.com/vitrine')).toBe(false);
    expect(isHttpsUrl('https://localhost/x')).toBe(false);
    expect(isHttpsUrl('calendly.com')).toBe(false);
    expect(isHttpsUrl('https://calendly.com/a b')).toBe(false);
  });
});
