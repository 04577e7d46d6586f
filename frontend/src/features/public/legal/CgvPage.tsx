import { addOnOf, euros, PLANS, PROMISES } from '@vitrine/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { AgencyResponseDto } from '../../../api/generated/model';
import { AgencyGate } from '../../../components/agency-gate';
import { LegalLayout, type LegalSection } from './LegalLayout';

const sections = (a: AgencyResponseDto): LegalSection[] => [
  {
    id: 'objet',
    title: 'Objet et champ d’application',
    body: (
      <>
        <p>
          Les présentes conditions générales de vente (CGV) régissent les relations entre {a.legalName}, {a.legalForm} au capital de{' '}
          {a.capital}, immatriculée au {a.rcs}, dont le siège est situé {a.address}, {a.country} (ci-après « le Prestataire »), et toute
          personne physique ou morale agissant pour les besoins de son activité professionnelle qui souscrit un abonnement sur le site
          (ci-après « le Client »).
        </p>
        <p>
          Toute commande implique l’acceptation sans réserve des présentes CGV, qui prévalent sur tout autre document. Le Prestataire peut
          les modifier à tout moment ; la version applicable est celle en vigueur à la date de la commande.
        </p>
      </>
    ),
  },
  {
    id: 'services',
    title: 'Description des services',
    body: (
      <>
        <p>
          Le Prestataire conçoit, met en ligne, héberge et maintient des sites vitrines professionnels, sous forme d’abonnement mensuel :
        </p>
        <ul>
          <li>
            <strong>Formule Pro</strong> : un site vitrine complet ;
          </li>
          <li>
            <strong>Formule Business</strong> : la formule Pro enrichie de fonctionnalités métier (prise de rendez-vous, demande de devis,
            catalogue, blog, galerie, newsletter…) et d’un accompagnement prioritaire ;
          </li>
          <li>
            <strong>Formule Teams</strong> : un projet sur mesure, faisant l’objet d’un devis personnalisé.
          </li>
        </ul>
        <p>
          Chaque abonnement comprend le nom de domaine, l’hébergement, le certificat SSL, les sauvegardes, les modifications du site et le
          support téléphonique. Le Prestataire propose également des prestations d’optimisation du référencement (SEO) et d’automatisation
          par l’intelligence artificielle.
        </p>
      </>
    ),
  },
  {
    id: 'commande',
    title: 'Commande et compte client',
    body: (
      <>
        <p>
          Le Client passe commande en ligne : il choisit sa formule et ses options, renseigne les informations sur son activité (ou réserve
          un appel de 30 minutes), vérifie le récapitulatif puis procède au paiement. La commande est définitive à la confirmation du
          paiement.
        </p>
        <p>
          Un compte client est alors créé ; le Client reçoit par e-mail un lien pour définir son mot de passe. Il y suit l’avancement de son
          site, envoie ses demandes de modification et consulte ses factures.
        </p>
      </>
    ),
  },
  {
    id: 'prix',
    title: 'Prix et options',
    body: (
      <>
        <p>Les prix sont exprimés en euros, toutes taxes comprises :</p>
        <ul>
          {PLANS.map((plan, i) => (
            <li key={plan.id}>
              Formule {plan.name} : {plan.monthlyPriceCents === null ? 'prix fixé par devis' : `${euros(plan.monthlyPriceCents)} par mois`}
              {i === PLANS.length - 1 ? '.' : ' ;'}
            </li>
          ))}
        </ul>
        <p>
          Options : création de logo, {euros(addOnOf('logo').priceCents)} facturés une seule fois avec le premier mois ; fiche Google
          Business, {euros(addOnOf('googleBusiness').priceCents)} par mois ; profil Trustpilot, {euros(addOnOf('trustpilot').priceCents)}{' '}
          par mois ; adresse e-mail professionnelle supplémentaire, {euros(addOnOf('extraEmail').priceCents)} par mois et par adresse.
        </p>
        <p>
          Le premier mois comprend la formule, le logo éventuel, les options et les adresses e-mail ; les mois suivants, la formule, les
          options et les adresses e-mail. Toute évolution tarifaire est notifiée au Client au moins 30 jours avant son application ; le
          Client peut alors résilier sans frais.
        </p>
      </>
    ),
  },
  {
    id: 'paiement',
    title: 'Paiement et facturation',
    body: (
      <>
        <p>
          Le paiement s’effectue par carte bancaire, via un prestataire de paiement sécurisé ; le Prestataire n’a jamais accès aux données
          de la carte. L’abonnement est prélevé chaque mois à la date anniversaire de la commande.
        </p>
        <p>
          Les factures sont disponibles dans l’espace client. En cas d’échec de paiement, le Client est prévenu par e-mail ; sans
          régularisation sous 15 jours, le Prestataire peut suspendre le site jusqu’au paiement.
        </p>
      </>
    ),
  },
  {
    id: 'livraison',
    title: 'Délai de livraison',
    body: (
      <>
        <p>
          Le site est mis en ligne dans un délai de <strong>{PROMISES.delivery.long}</strong> à compter de la réception des informations
          complètes nécessaires à sa création (formulaire rempli ou appel réalisé). Les jours ouvrés s’entendent du lundi au vendredi, hors
          jours fériés.
        </p>
        <p>
          Si ce délai n’est pas respecté du fait du Prestataire, le Client est indemnisé par le{' '}
          <strong>remboursement d’un mois d’abonnement</strong>, sur simple demande au support.
        </p>
      </>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications et support',
    body: (
      <>
        <p>
          Les modifications du site sont incluses dans l’abonnement, dans la limite de 30 minutes de travail par mois pour l’offre tout
          compris ; au-delà, un devis est proposé avant toute intervention. Les demandes se font depuis l’espace client ou par téléphone.
        </p>
        <p>
          Le support est joignable du lundi au samedi de 9h00 à 17h00 au {a.phone} ou à <a href={`mailto:${a.email}`}>{a.email}</a>. Une
          réponse est apportée en {PROMISES.supportReply.long}, y compris le week-end pour les demandes écrites.
        </p>
      </>
    ),
  },
  {
    id: 'duree',
    title: 'Durée et résiliation',
    body: (
      <>
        <p>
          L’abonnement est conclu pour une durée d’un mois, renouvelable tacitement, <strong>sans engagement</strong>. Le Client peut le
          résilier à tout moment depuis son espace client ; la résiliation prend effet à la fin de la période en cours, déjà payée, et aucun
          prorata n’est dû.
        </p>
        <p>
          Le Client peut passer de la formule Pro à la formule Business à tout moment ; la différence est facturée au prorata. En fin
          d’abonnement, le Prestataire remet au Client ses contenus et l’accompagne dans le transfert de son nom de domaine.
        </p>
      </>
    ),
  },
  {
    id: 'remboursement',
    title: 'Garantie satisfait ou remboursé',
    body: (
      <p>
        Pendant les <strong>30 jours</strong> suivant la commande, le Client insatisfait peut demander le remboursement des sommes versées,
        sans avoir à se justifier, par e-mail au support. Le remboursement intervient sous <strong>5 jours ouvrés</strong>, sur le moyen de
        paiement utilisé, et met fin à l’abonnement.
      </p>
    ),
  },
  {
    id: 'propriete',
    title: 'Propriété intellectuelle et contenus',
    body: (
      <>
        <p>
          Le Client reste propriétaire des contenus qu’il fournit (textes, photos, logo, marques) et garantit disposer des droits
          nécessaires à leur utilisation. Le logo créé par le Prestataire devient la propriété du Client dès son paiement.
        </p>
        <p>
          Les éléments techniques (gabarits, code, outils) restent la propriété du Prestataire, qui en concède au Client un droit d’usage
          pendant la durée de l’abonnement. Sauf refus écrit du Client, le Prestataire peut mentionner le site parmi ses réalisations.
        </p>
      </>
    ),
  },
  {
    id: 'responsabilite',
    title: 'Responsabilité et disponibilité',
    body: (
      <>
        <p>
          Le Prestataire met en œuvre les moyens nécessaires à la disponibilité et à la sécurité des sites hébergés (sauvegardes
          quotidiennes, certificat SSL, mises à jour). Il est tenu d’une obligation de moyens ; les interruptions pour maintenance sont,
          autant que possible, programmées en dehors des heures ouvrées.
        </p>
        <p>
          La responsabilité du Prestataire est limitée au montant des sommes versées par le Client au cours des douze derniers mois. Elle ne
          saurait être engagée en cas de force majeure ou du fait des contenus publiés par le Client.
        </p>
      </>
    ),
  },
  {
    id: 'donnees',
    title: 'Données personnelles',
    body: (
      <p>
        Les données collectées lors de la commande sont nécessaires à son exécution et à la facturation. Elles sont traitées conformément au
        règlement général sur la protection des données (RGPD). Le Client dispose d’un droit d’accès, de rectification, d’effacement, de
        portabilité et d’opposition, qu’il exerce par e-mail à <a href={`mailto:${a.email}`}>{a.email}</a> ; toute demande reçoit une
        réponse sous 30 jours. Le détail figure dans les <Link to={paths.legalNotice}>mentions légales</Link>.
      </p>
    ),
  },
  {
    id: 'litiges',
    title: 'Droit applicable et litiges',
    body: (
      <p>
        Les présentes CGV sont soumises au droit français. En cas de différend, les parties recherchent d’abord une solution amiable ; le
        Client peut écrire au support, qui lui répond en {PROMISES.supportReply.long}. À défaut d’accord dans un délai de 30 jours, le
        litige est porté devant les tribunaux compétents du ressort de la cour d’appel de Lyon.
      </p>
    ),
  },
];

/**
 * What the consumer code adds for a client who orders as a private individual (decision 0022): an annex after the
 * spec's 13 sections, whose texts stay as they are.
 */
export const consumerAnnex = (a: AgencyResponseDto): LegalSection => ({
  id: 'consommateurs',
  title: 'Clients consommateurs',
  body: (
    <>
      <p>
        Les présentes CGV s’appliquent aussi au Client qui commande en tant que particulier, pour des besoins qui n’entrent pas dans son
        activité professionnelle (ci-après « le Client consommateur »). Les dispositions ci-dessous s’ajoutent alors aux articles qui
        précèdent et prévalent sur eux en cas de contradiction.
      </p>
      <h3>Droit de rétractation</h3>
      <p>
        Conformément à l’article L221-18 du Code de la consommation, le Client consommateur dispose d’un délai de <strong>14 jours</strong>{' '}
        à compter de la souscription de l’abonnement pour se rétracter, sans avoir à motiver sa décision ni à supporter d’autres coûts que
        ceux prévus ci-dessous. Il informe le Prestataire de sa décision avant l’expiration de ce délai, au moyen du formulaire de
        rétractation de son espace client (page de gestion de l’abonnement de son site), du modèle ci-dessous ou de toute autre déclaration
        dénuée d’ambiguïté, par e-mail à <a href={`mailto:${a.email}`}>{a.email}</a> ou par courrier à {a.legalName}, {a.address},{' '}
        {a.country}. Le Prestataire lui en adresse sans délai un accusé de réception par e-mail (article L221-21).
      </p>
      <p>
        Le Prestataire rembourse la totalité des sommes versées au plus tard <strong>14 jours</strong> après avoir été informé de la
        rétractation (article L221-24), par le moyen de paiement utilisé pour la commande, et met fin à l’abonnement.
      </p>
      <h3>Exécution avant la fin du délai</h3>
      <p>
        La création du site commence dès la commande. Le Client consommateur le demande expressément au moment du paiement, en cochant la
        case prévue à cet effet (article L221-25). S’il se rétracte ensuite, il ne doit qu’un montant proportionné à ce qui lui a été fourni
        jusqu’à la communication de sa décision : le prix de la période payée au prorata des jours de service commencés jusque-là (le jour
        de la commande compte pour un jour). Le Prestataire, comme il s’y engage par sa garantie « satisfait ou remboursé », renonce à le
        lui réclamer pendant les 30 jours suivant la commande : la rétractation donne donc lieu au remboursement de la totalité des sommes
        versées.
      </p>
      <p>
        Conformément à l’article L221-28 1°, le droit de rétractation ne peut plus être exercé pour une prestation pleinement exécutée avant
        la fin du délai de 14 jours, lorsque son exécution a commencé après l’accord préalable exprès du Client consommateur et sa
        reconnaissance de la perte de ce droit ; il les donne en cochant la même case.
      </p>
      <h3>Modèle de formulaire de rétractation</h3>
      <p>(Complétez et renvoyez le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)</p>
      <ul>
        <li>
          À l’attention de {a.legalName}, {a.address}, {a.country}, <a href={`mailto:${a.email}`}>{a.email}</a> :
        </li>
        <li>Je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous :</li>
        <li>Commandé le : … (nom du site, formule)</li>
        <li>Nom du consommateur : …</li>
        <li>Adresse du consommateur : …</li>
        <li>Signature du consommateur (uniquement en cas de notification du présent formulaire sur papier) : …</li>
        <li>Date : …</li>
      </ul>
      <h3>Médiation de la consommation</h3>
      <p>
        Conformément aux articles L612-1 et suivants du Code de la consommation, le Client consommateur peut recourir gratuitement à un
        médiateur de la consommation en vue de la résolution amiable d’un litige qui n’a pu être réglé par une réclamation écrite préalable
        auprès du Prestataire.{' '}
        {a.mediator ? (
          <>
            Le Prestataire relève du médiateur <strong>{a.mediator.name}</strong>
            {a.mediator.website ? (
              <>
                , que le Client consommateur peut saisir sur son site : <a href={a.mediator.website}>{a.mediator.website}</a>
              </>
            ) : null}
            .
          </>
        ) : (
          <>
            Les coordonnées du médiateur dont relève le Prestataire lui sont communiquées sur demande adressée à{' '}
            <a href={`mailto:${a.email}`}>{a.email}</a>.
          </>
        )}{' '}
        Le Client consommateur peut saisir, à son choix, l’une des juridictions territorialement compétentes en vertu du code de procédure
        civile ou celle du lieu où il demeurait au moment de la conclusion du contrat.
      </p>
    </>
  ),
});

export function CgvPage() {
  return (
    <AgencyGate>
      {(a) => (
        <LegalLayout
          title="Conditions générales de vente"
          meta="Version du 06/09/2025"
          tocLabel="Sommaire"
          intro={
            <p>
              Ces conditions s’appliquent à tous les abonnements souscrits sur notre site. Prenez le temps de les lire avant de commander.
            </p>
          }
          sections={sections(a)}
          annex={consumerAnnex(a)}
        />
      )}
    </AgencyGate>
  );
}
