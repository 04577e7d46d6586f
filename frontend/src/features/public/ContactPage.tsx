import { PROMISES } from '@vitrine/domain';
import { Card, Container } from '../../components/ui/card';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { Icon, type IconName } from './components/icons';
import { IconTile, PageHero } from './components/Section';
import type { AgencyResponseDto } from '../../api/generated/model';
import { AgencyGate } from '../../components/agency-gate';

const hours: [string, string][] = [
  ['Lundi', '9h00-17h00'],
  ['Mardi', '9h00-17h00'],
  ['Mercredi', '9h00-17h00'],
  ['Jeudi', '9h00-17h00'],
  ['Vendredi', '9h00-17h00'],
  ['Samedi', '9h00-17h00'],
  ['Dimanche', 'Fermé'],
];

const linkCard =
  'group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700 dark:hover:bg-brand-950/30';

function ChannelCard({
  href,
  icon,
  title,
  text,
  action,
  external,
}: {
  href: string;
  icon: IconName;
  title: string;
  text: string;
  action: string;
  external?: boolean;
}) {
  return (
    <a href={href} className={linkCard} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      <IconTile>
        <Icon name={icon} />
      </IconTile>
      <span className="mt-4 font-semibold text-slate-900 dark:text-white">{title}</span>
      <span className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-300">{text}</span>
      <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 dark:text-brand-300">
        {action}
        <Icon name="arrowRight" className="size-4 transition-transform group-hover:translate-x-0.5" />
        {external ? <span className="sr-only"> (nouvel onglet)</span> : null}
      </span>
    </a>
  );
}

export function ContactPage() {
  return <AgencyGate>{(a) => <ContactContent a={a} />}</AgencyGate>;
}

function ContactContent({ a }: { a: AgencyResponseDto }) {
  return (
    <>
      <PageHero
        id="contact-titre"
        eyebrow="Contact"
        title="Parlons de votre projet"
        intro={`Une question sur nos formules, un projet sur mesure ou besoin d’aide sur votre site ? Notre équipe vous répond en ${PROMISES.supportReply.long}, même le week-end.`}
        className="py-16 sm:py-20"
      >
        <a
          href={a.phoneHref}
          className="mt-10 inline-flex h-14 items-center justify-center gap-3 rounded-xl bg-brand-600 px-7 text-lg font-semibold text-white shadow-lg shadow-brand-600/25 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <Icon name="phone" className="size-5" />
          Appeler le {a.phone}
        </a>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Appel non surtaxé, du lundi au samedi de 9h00 à 17h00</p>
      </PageHero>

      <Container className="pb-16 sm:pb-24">
        <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
          <Card>
            <div className="flex items-center gap-3">
              <IconTile>
                <Icon name="clock" />
              </IconTile>
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Horaires d’ouverture</h2>
            </div>
            <table className="mt-5 w-full text-sm">
              <caption className="sr-only">Horaires d’ouverture du support</caption>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {hours.map(([day, time]) => (
                  <tr key={day}>
                    <th scope="row" className="py-2.5 text-left font-medium text-slate-700 dark:text-slate-200">
                      {day}
                    </th>
                    <td
                      className={
                        time === 'Fermé'
                          ? 'py-2.5 text-right font-medium text-slate-500 dark:text-slate-400'
                          : 'py-2.5 text-right text-slate-600 tabular-nums dark:text-slate-300'
                      }
                    >
                      {time}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="mt-6 space-y-3 text-sm">
              <li className="flex gap-3 rounded-xl bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200">
                <Icon name="check" className="mt-0.5 size-4 shrink-0" strokeWidth={2.4} />
                <span>
                  <strong>Réponse garantie en {PROMISES.supportReply.long}</strong>, même le week-end.
                </span>
              </li>
              <li className="flex gap-3 rounded-xl bg-brand-50 p-3 text-brand-900 dark:bg-brand-950/60 dark:text-brand-100">
                <Icon name="headset" className="mt-0.5 size-4 shrink-0" />
                <span>
                  <strong>Support 6 jours sur 7</strong> inclus dans toutes nos formules.
                </span>
              </li>
            </ul>
          </Card>

          <div className="grid gap-6 sm:grid-cols-2">
            <ChannelCard
              href={a.bookingUrl}
              external
              icon="calendar"
              title="Réserver un appel"
              text="Choisissez un créneau de 30 minutes avec un conseiller, au moment qui vous arrange."
              action="Choisir un créneau"
            />
            <ChannelCard
              href={`mailto:${a.email}`}
              icon="mail"
              title="Écrire au support"
              text={`Envoyez-nous un e-mail à ${a.email} : réponse en ${PROMISES.supportReply.long}.`}
              action="Envoyer un e-mail"
            />
            <ChannelCard
              href={a.phoneHref}
              icon="phone"
              title="Nous appeler"
              text={`${a.phone}, du lundi au samedi de 9h00 à 17h00.`}
              action="Appeler maintenant"
            />
            <div className="flex h-full flex-col rounded-2xl border border-dashed border-slate-300 p-6 dark:border-slate-700">
              <IconTile>
                <Icon name="sparkles" />
              </IconTile>
              <span className="mt-4 font-semibold text-slate-900 dark:text-white">Un projet sur mesure ?</span>
              <span className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-300">
                Pour un site plus ambitieux, demandez un devis Teams : nous vous rappelons dans les {PROMISES.callback}.
              </span>
              <ButtonLink to={paths.features} variant="secondary" className="mt-4">
                Voir les formules
              </ButtonLink>
            </div>
          </div>
        </div>
      </Container>
    </>
  );
}
