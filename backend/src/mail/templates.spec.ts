import Handlebars from 'handlebars';
import { type MailTemplateName, renderMail, TEMPLATES } from './templates';

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
