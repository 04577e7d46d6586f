import Handlebars from 'handlebars';
import { agencyIdentity } from '@vitrine/domain';
import { loadConfig } from '../config/app-config';
import { type MailTemplateName, type MailTemplates, renderMail as render, TEMPLATES } from './templates';

// The environment's defaults (AGENCY_*), as the mails carry them until an admin saves the agency's settings.
const agency = agencyIdentity(loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: 'x'.repeat(40) }).agency);
const renderMail = <K extends MailTemplateName>(name: K, data: MailTemplates[K]) => render(name, data, agency);

describe('mail templates', () => {
  it.each(Object.keys(TEMPLATES) as MailTemplateName[])('%s renders its sample in French, HTML and text, inside the layout', (name) => {
    const mail = renderMail(name, TEMPLATES[name].sample as never);
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.subject).not.toMatch(/\{\{|undefined/);
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('RCS Lyon');
    expect(mail.text).toContain('RCS Lyon');
    expect(mail.html).not.toMatch(/\{\{|undefined|\[object Object\]/);
    expect(mail.text).not.toMatch(/\{\{|undefined|<\/?(p|a|h1|table)\b/);
    const action = TEMPLATES[name].action;
    if (action) {
      const url = (TEMPLATES[name].sample as Record<string, string>)[action];
      expect(mail.actionUrl).toBe(url);
      expect(mail.html).toContain(`href="${Handlebars.escapeExpression(url)}"`);
      expect(mail.text).toContain(url);
    }
  });

  it("carries the agency's identity it is given in its footer", () => {
    const mail = render('quote-ack', TEMPLATES['quote-ack'].sample, {
      name: 'Atelier Nord',
      phone: '03 20 00 00 00',
      email: 'bonjour@atelier-nord.fr',
      legalLine: 'Atelier Nord SARL — RCS Lille 123 456 782',
      mediator: null,
    });
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('03 20 00 00 00');
      expect(part).toContain('bonjour@atelier-nord.fr');
      expect(part).toContain('RCS Lille 123 456 782');
      expect(part).not.toContain('Vitrine');
    }
  });

  it('refuses to render with a missing variable', () => {
    expect(() => renderMail('password-reset', { name: 'A', expiresMinutes: 30 } as never)).toThrow(/resetUrl/);
  });

  it('escapes user input in HTML but not in the text part', () => {
    const sample = TEMPLATES['quote-ack'].sample;
    const mail = renderMail('quote-ack', { ...sample, description: '<script>alert("x")</script> & co' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('<script>alert("x")</script> & co');
  });
});
