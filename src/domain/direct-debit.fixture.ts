/** A finance step answered in full, as the direct-debit tests send it (an adult's date of birth, both acceptances). */
export const FINANCE_ANSWERS = {
  title: 'Mr',
  legalName: 'Samuel Lee',
  primaryAddress1: '1 High Street',
  primaryCity: 'Leeds',
  primaryRegion: 'West Yorkshire',
  primaryPostcode: 'ls1 4ap',
  primaryCountry: 'United Kingdom',
  dob: '1980-05-17',
  gender: 'Male',
  acceptedMonthlyPaymentTerms: true,
  acceptedCreditCheck: true,
};
