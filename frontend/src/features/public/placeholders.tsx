import { ComingSoon } from '../../components/ui/page';

// Public routes whose pages come in a later release; kept minimal so that links never lead to a 404.
export function ServicesPage() {
  return <ComingSoon title="Nos services" description="Création de site, optimisation SEO et automatisation IA." />;
}
export function ContactPage() {
  return <ComingSoon title="Contact" description="Du lundi au samedi, 9h00-17h00. Réponse garantie en moins de 3 heures." />;
}
export function OrderPage() {
  return <ComingSoon title="Commander mon site" description="Configurez votre site vitrine en quelques étapes." />;
}
export function CgvPage() {
  return <ComingSoon title="Conditions générales de vente" />;
}
export function LegalNoticePage() {
  return <ComingSoon title="Mentions légales" />;
}
export function PaymentSuccessPage() {
  return <ComingSoon title="Paiement" />;
}
export function UpgradeSuccessPage() {
  return <ComingSoon title="Changement d'abonnement" />;
}
