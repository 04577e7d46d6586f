import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { AgencyResponseDto } from '../../../api/generated/model';
import { AgencyGate } from '../../../components/agency-gate';
import { LegalLayout, type LegalSection } from './LegalLayout';

const sections = (a: AgencyResponseDto): LegalSection[] => [
  {
    id: 'editeur',
    title: 'Éditeur du site',
    body: (
      <ul>
        <li>
          Raison sociale : {a.legalName}, {a.legalForm} au capital de {a.capital}
        </li>
        <li>
          Siège social : {a.address}, {a.country}
        </li>
        <li>
          Immatriculation : {a.rcs} — SIRET {a.siret}
        </li>
        <li>TVA intracommunautaire : {a.vat}</li>
        <li>
          Téléphone : {a.phone} — e-mail : <a href={`mailto:${a.email}`}>{a.email}</a>
        </li>
      </ul>
    ),
  },
  {
    id: 'publication',
    title: 'Directeur de la publication',
    body: <p>Le directeur de la publication est {a.director}. Il peut être joint à l’adresse du siège ou par e-mail au support.</p>,
  },
  {
    id: 'hebergement',
    title: 'Hébergement',
    body: (
      <p>
        Le site et les sites de nos clients sont hébergés par {a.host.name}, {a.host.address} (
        <a href={a.host.website} target="_blank" rel="noopener noreferrer">
          {a.host.website.replace('https://', '')}
        </a>
        ). Les données sont stockées dans des centres de données situés en France.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Nous contacter',
    body: (
      <p>
        Notre équipe est joignable du lundi au samedi, de 9h00 à 17h00, au {a.phone}, par e-mail à{' '}
        <a href={`mailto:${a.email}`}>{a.email}</a> ou depuis la page <Link to={paths.contact}>Contact</Link>. Nous répondons en moins de 3
        heures.
      </p>
    ),
  },
  {
    id: 'propriete',
    title: 'Propriété intellectuelle',
    body: (
      <p>
        L’ensemble des éléments de ce site (textes, illustrations, logo, charte graphique, code) est la propriété de {a.legalName} ou fait
        l’objet d’une autorisation d’utilisation. Toute reproduction, représentation ou adaptation, totale ou partielle, sans autorisation
        écrite préalable est interdite et constituerait une contrefaçon. Les aperçus de sites clients sont présentés avec l’accord de leurs
        propriétaires.
      </p>
    ),
  },
  {
    id: 'donnees',
    title: 'Données personnelles',
    body: (
      <>
        <p>
          {a.legalName} est responsable des traitements de données réalisés sur ce site. Nous collectons uniquement les données nécessaires
          : vos coordonnées lorsque vous demandez un devis ou passez commande, pour vous rappeler, exécuter le contrat et vous facturer.
        </p>
        <ul>
          <li>Demandes de devis : conservées 3 ans après le dernier contact ;</li>
          <li>Données clients : conservées pendant la relation contractuelle, puis archivées le temps des obligations légales ;</li>
          <li>Factures : conservées 10 ans (obligation comptable).</li>
        </ul>
        <p>
          Vos données ne sont jamais vendues. Elles sont transmises uniquement à nos sous-traitants techniques (hébergement, paiement, envoi
          d’e-mails), tenus à la confidentialité.
        </p>
      </>
    ),
  },
  {
    id: 'droits',
    title: 'Vos droits',
    body: (
      <p>
        Conformément au RGPD et à la loi Informatique et Libertés, vous disposez d’un droit d’accès, de rectification, d’effacement, de
        limitation, de portabilité et d’opposition. Écrivez-nous à <a href={`mailto:${a.email}`}>{a.email}</a> : nous répondons à toute
        demande <strong>sous 30 jours</strong>. Vous pouvez également adresser une réclamation à la CNIL (www.cnil.fr).
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies et stockage local',
    body: (
      <p>
        Ce site n’utilise aucun cookie publicitaire ni de mesure d’audience. Seuls sont déposés les éléments strictement nécessaires : un
        cookie de session sécurisé lorsque vous êtes connecté, et la mémorisation de votre thème (clair ou sombre) dans votre navigateur. La
        vidéo de présentation est fournie par un hébergeur de vidéos externe, en mode sans suivi.
      </p>
    ),
  },
  {
    id: 'responsabilite',
    title: 'Limitation de responsabilité',
    body: (
      <p>
        Nous veillons à l’exactitude des informations publiées, sans pouvoir garantir qu’elles soient exemptes d’erreur. {a.legalName} ne
        saurait être tenue responsable d’une interruption du site, d’un dommage résultant d’une intrusion frauduleuse d’un tiers, ou de
        l’usage fait des informations présentées. Les conditions de nos prestations figurent dans nos{' '}
        <Link to={paths.cgv}>conditions générales de vente</Link>.
      </p>
    ),
  },
  {
    id: 'liens',
    title: 'Liens externes',
    body: (
      <p>
        Ce site contient des liens vers des services tiers (prise de rendez-vous, réseaux sociaux, paiement). Nous n’exerçons aucun contrôle
        sur leur contenu et déclinons toute responsabilité quant à leurs pratiques ; nous vous invitons à consulter leurs propres politiques
        de confidentialité.
      </p>
    ),
  },
  {
    id: 'droit-applicable',
    title: 'Droit applicable',
    body: (
      <p>
        Les présentes mentions légales sont régies par le droit français. Tout litige relatif à l’utilisation du site relève, à défaut de
        résolution amiable, de la compétence des tribunaux du ressort de la cour d’appel de Lyon.
      </p>
    ),
  },
];

export function LegalNoticePage() {
  return (
    <AgencyGate>
      {(a) => (
        <LegalLayout
          title="Mentions légales"
          meta="Dernière mise à jour : 06/09/2025"
          tocLabel="Table des matières"
          intro={
            <p>
              Conformément à la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique, voici les informations
              relatives à l’éditeur et à l’hébergeur de ce site.
            </p>
          }
          sections={sections(a)}
        />
      )}
    </AgencyGate>
  );
}
