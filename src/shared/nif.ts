// The guest's tax number for an invoice. A Portuguese NIF is 9 digits whose last is a check digit
// (mod 11 over the first eight, weights 9..2; 10 becomes 0); another country's VAT number is taken
// as typed, trimmed and without inner spaces, as its tax office writes it.

/** Whether `nif` is a Portuguese NIF with the right check digit. */
export function isPortugueseNif(nif: string): boolean {
  if (!/^\d{9}$/.test(nif)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(nif[i]) * (9 - i);
  const rest = sum % 11;
  const check = rest < 2 ? 0 : 11 - rest;
  return check === Number(nif[8]);
}

/** The number as stored: spaces, dots and dashes dropped, letters upper-cased, a leading `PT` dropped for Portugal. */
export function normalizeNif(nif: string, country: string): string {
  const plain = nif.replace(/[\s.-]/g, '').toUpperCase();
  return country === 'PT' && plain.startsWith('PT') ? plain.slice(2) : plain;
}

/** Why the number cannot be used, or undefined when it can. */
export function nifProblem(nif: string, country: string): string | undefined {
  const plain = normalizeNif(nif, country);
  if (country === 'PT') return isPortugueseNif(plain) ? undefined : 'is not a valid Portuguese NIF (check digit)';
  return /^[A-Z0-9]{2,20}$/.test(plain) ? undefined : 'must be 2 to 20 letters and digits';
}
