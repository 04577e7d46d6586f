import type { EntityManager } from 'typeorm';

/** What a mail says of the agency: its name (in the texts), and the footer's contact and legal line. */
export interface MailAgency {
  name: string;
  phone: string;
  email: string;
  legalLine: string;
  /** The consumer mediator (a consumer's mails name it), null until the agency names one */
  mediator: { name: string; website: string } | null;
}

/**
 * Where the mails read the agency's identity and the team's address in force (the agency's settings). The agency
 * module provides it, globally: the mail module is used by modules the agency module depends on (audit → auth → mail),
 * so it names what it needs here and never imports the agency module.
 */
export const MAIL_AGENCY = Symbol('MAIL_AGENCY');

export interface MailAgencySource {
  identity(tx?: EntityManager): Promise<MailAgency>;
  /** Where the team's mails go */
  teamEmail(tx?: EntityManager): Promise<string>;
}
