/** The rules for a person's and a company's name: one place for sign-up, the profile, checkout and business details. */
import { z } from 'zod';
import { fill, messages } from '../messages.js';

export const NAME_MAX = 100;
export const COMPANY_NAME_MAX = 200;

/** "{field} must be at most {n} characters". */
export const tooLong = (field: string, n: number) => fill(messages.tooLong, { field, n });

/** A first or last name: required (seed 000 §5: names are required at sign-up, and a saved profile keeps them). */
const personName = (field: string, required: string) => z.string({ error: required }).trim().min(1, required).max(NAME_MAX, tooLong(field, NAME_MAX));

export const firstNameSchema = personName('First name', messages.firstNameRequired);
export const lastNameSchema = personName('Last name', messages.lastNameRequired);

/** A company name, with the message of the form it is in when it is missing. */
export const companyNameSchema = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(COMPANY_NAME_MAX, tooLong('Company name', COMPANY_NAME_MAX));
